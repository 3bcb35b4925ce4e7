//! Baselines as a team adopting mcp-lint uses them, and linting explicit
//! files the way pre-commit passes them.

use std::path::Path;

use serde_json::Value;

use crate::{repo, run_in};

fn copy_dirty() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for f in ["server.py", "presets.py"] {
        std::fs::copy(repo().join("tests/fixtures/ci/dirty").join(f), dir.path().join(f)).expect("copy");
    }
    dir
}

fn codes(dir: &Path, args: &[&str]) -> (i32, Vec<(String, String)>) {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let (code, out, err) = run_in(dir, &all);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let found = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| (f["code"].as_str().unwrap_or("").to_string(), f["tool"].as_str().unwrap_or("").to_string()))
        .collect();
    (code, found)
}

fn edit(path: &Path, f: impl FnOnce(String) -> String) {
    let text = std::fs::read_to_string(path).expect("read");
    std::fs::write(path, f(text)).expect("write");
}

#[test]
fn baseline_hides_recorded_findings_across_edits() {
    let dir = copy_dirty();
    let (code, before) = codes(dir.path(), &[]);
    assert_eq!((code, before.len()), (1, 5));

    // Writing a baseline exits 0 and records every finding.
    let (code, _, err) = run_in(dir.path(), &["check", "--write-baseline", "mcp-lint-baseline.json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote 5 findings"), "{err}");
    let b: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("mcp-lint-baseline.json")).expect("written"))
            .expect("json");
    assert_eq!(b["version"], 1);
    assert_eq!(b["findings"].as_array().expect("entries").len(), 5);
    assert!(b["findings"][0]["line"].is_null(), "no line numbers in a baseline");

    assert_eq!(codes(dir.path(), &["--baseline", "mcp-lint-baseline.json"]), (0, vec![]));

    // Unrelated edits move every finding; none resurfaces.
    edit(&dir.path().join("server.py"), |t| {
        t.replacen("\nmcp = FastMCP", "\nimport logging\n\nLOG = logging.getLogger(__name__)\nmcp = FastMCP", 1)
    });
    edit(&dir.path().join("presets.py"), |t| format!("# presets\n\n{t}"));
    assert_eq!(codes(dir.path(), &["--baseline", "mcp-lint-baseline.json"]), (0, vec![]));

    // A new tool with an omission is the only finding reported.
    edit(&dir.path().join("server.py"), |t| {
        t + "\n\n@mcp.tool(annotations=WRITE)\ndef rename_item(old: str, new: str) -> None:\n    STOCK[new] = STOCK.pop(old)\n"
    });
    let (code, found) = codes(dir.path(), &["--baseline", "mcp-lint-baseline.json"]);
    assert_eq!((code, found), (1, vec![("MCP002".to_string(), "rename_item".to_string())]));
}

/// Two identical findings need two entries: a copy of a recorded problem
/// is still reported.
#[test]
fn baseline_matching_counts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n\n@mcp.tool()\ndef ping() -> str:\n    return 'pong'\n";
    std::fs::write(dir.path().join("server.py"), server).expect("write");
    let (code, _, _) = run_in(dir.path(), &["check", "--write-baseline", "b.json"]);
    assert_eq!(code, 0);
    // The same tool registered again (say, on a second server object).
    edit(&dir.path().join("server.py"), |t| t + "\n\n@mcp.tool()\ndef ping() -> str:\n    return 'pong'\n");
    let (code, found) = codes(dir.path(), &["--baseline", "b.json"]);
    assert_eq!((code, found), (1, vec![("MCP001".to_string(), "ping".to_string())]));
}

/// Paths in the baseline are relative to it, so it matches from any cwd.
#[test]
fn baseline_paths_are_relative_to_the_baseline_file() {
    let root = tempfile::tempdir().expect("tempdir");
    let dir = copy_dirty();
    let app = root.path().join("app");
    std::fs::create_dir_all(&app).expect("mkdir");
    for f in ["server.py", "presets.py"] {
        std::fs::copy(dir.path().join(f), app.join(f)).expect("copy");
    }
    assert_eq!(run_in(&app, &["check", "--write-baseline", "baseline.json"]).0, 0);
    assert_eq!(codes(root.path(), &["app", "--baseline", "app/baseline.json"]), (0, vec![]));
    let (code, found) = codes(root.path(), &["app", "--baseline", "app/baseline.json", "--fail-on", "info"]);
    assert_eq!((code, found.len()), (0, 0));
}

#[test]
fn bad_baseline_is_a_usage_error() {
    let dir = copy_dirty();
    let (code, _, err) = run_in(dir.path(), &["check", "--baseline", "missing.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read baseline"), "{err}");
    std::fs::write(dir.path().join("bad.json"), "{\"findings\": 3}").expect("write");
    let (code, _, err) = run_in(dir.path(), &["check", "--baseline", "bad.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("not an mcp-lint baseline"), "{err}");
}

/// pre-commit passes only the changed files: presets imported from files
/// that were not named must still be read (relative, absolute-in-project
/// and sibling imports), from the root and from a subdirectory.
#[test]
fn explicit_files_still_follow_imports() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files: &[(&str, &str)] = &[
        ("pyproject.toml", "[project]\nname = \"app\"\ndependencies = [\"mcp>=1.9\"]\n"),
        ("app/__init__.py", ""),
        (
            "app/presets.py",
            "from mcp.types import ToolAnnotations\n\nWRITE = ToolAnnotations(readOnlyHint=False, openWorldHint=False)\n",
        ),
        ("app/tools/__init__.py", ""),
        (
            "app/tools/relative.py",
            "from mcp.server.fastmcp import FastMCP\nfrom ..presets import WRITE\n\nmcp = FastMCP('a')\n\n@mcp.tool(annotations=WRITE)\ndef add(x: int) -> int:\n    return x\n",
        ),
        (
            "app/tools/absolute.py",
            "from mcp.server.fastmcp import FastMCP\nfrom app.presets import WRITE\n\nmcp = FastMCP('b')\n\n@mcp.tool(annotations=WRITE)\ndef put(x: int) -> int:\n    return x\n",
        ),
    ];
    for (name, body) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, body).expect("write");
    }
    let check = |cwd: &Path, file: &str| {
        let (code, out, err) = run_in(cwd, &["check", "--format", "json", file]);
        let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
        let found: Vec<String> = v["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(|f| f["severity"] != "info")
            .map(|f| format!("{} {}", f["code"].as_str().unwrap_or(""), f["related"][0]["file"].as_str().unwrap_or("")))
            .collect();
        (code, found)
    };
    // MCP002 (destructiveHint unset in the preset), labelled at the preset: it was followed.
    assert_eq!(check(dir.path(), "app/tools/relative.py"), (1, vec!["MCP002 app/presets.py".to_string()]));
    assert_eq!(check(dir.path(), "app/tools/absolute.py"), (1, vec!["MCP002 app/presets.py".to_string()]));
    // From a subdirectory the preset lies outside the cwd, so it is shown by its full path.
    let tools = dir.path().join("app/tools");
    for file in ["relative.py", "./absolute.py"] {
        let (code, found) = check(&tools, file);
        assert_eq!((code, found.len()), (1, 1), "{found:?}");
        assert!(found[0].starts_with("MCP002 /") && found[0].ends_with("/app/presets.py"), "{found:?}");
    }
}
