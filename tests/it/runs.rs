//! How a run is set up, as ruff users expect it: the closest config per
//! file, `--force-exclude`, standard input, empty runs, and a command name
//! that is also a path.

use std::path::Path;

use crate::{bin, run_in};

const BARE: &str = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('n')\n\n@mcp.tool()\ndef delete_note(note_id: str) -> str:\n    return note_id\n";
const BARE_TS: &str = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nconst server = new McpServer({ name: \"s\", version: \"1\" });\nserver.registerTool(\"send_digest\", {}, async () => ({ content: [] }));\n";

fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, body) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, body).expect("write");
    }
    dir
}

/// `file:line:code` of every finding, in output order.
fn codes(stdout: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| format!("{}:{}:{}", f["file"].as_str().unwrap(), f["line"], f["code"].as_str().unwrap()))
        .collect()
}

#[test]
fn each_file_takes_its_closest_config_whatever_the_path_order() {
    let dir = tree(&[
        ("a/server.py", BARE),
        // `a` switches MCP001 off; `b` has no config of its own, so the root's applies.
        ("a/mcp-lint.toml", "ignore = [\"MCP001\"]\n"),
        ("b/server.py", BARE),
        ("pyproject.toml", "[tool.mcp-lint]\nselect = [\"MCP001\"]\n"),
    ]);
    let (_, ab, _) = run_in(dir.path(), &["check", "--format", "json", "a", "b"]);
    let (_, ba, _) = run_in(dir.path(), &["check", "--format", "json", "b", "a"]);
    assert_eq!(ab, ba, "the order of the paths changed the result");
    let found = codes(&ab);
    assert!(found.contains(&"b/server.py:4:MCP001".to_string()), "{found:?}");
    assert!(!found.iter().any(|c| c.starts_with("a/") && c.ends_with("MCP001")), "{found:?}");
    // a/ ignores MCP001 and so the omissions it replaced; b/ gets only the root's selection.
    assert!(!found.iter().any(|c| c.starts_with("a/")), "{found:?}");
    assert!(!found.iter().any(|c| c.starts_with("b/") && !c.ends_with("MCP001")), "{found:?}");
    // --config overrides for every file.
    std::fs::write(dir.path().join("only.toml"), "select = [\"MCP002\"]\n").unwrap();
    let (_, all, _) = run_in(dir.path(), &["check", "--format", "json", "--config", "only.toml", "b", "a"]);
    let found = codes(&all);
    assert_eq!(found, ["a/server.py:4:MCP002", "b/server.py:4:MCP002"], "{found:?}");
}

#[test]
fn a_broken_config_of_any_linted_file_is_an_error() {
    let dir = tree(&[("a/server.py", BARE), ("b/server.py", BARE), ("b/mcp-lint.toml", "selct = []\n")]);
    let (code, _, err) = run_in(dir.path(), &["check", "a", "b"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown field `selct`"), "{err}");
    // Not consulted when the files it governs are not linted.
    assert_eq!(run_in(dir.path(), &["check", "a"]).0, 1);
}

#[test]
fn config_fail_on_applies_to_the_files_it_governs() {
    let dir = tree(&[("a/server.py", BARE), ("a/mcp-lint.toml", "fail-on = \"error\"\n"), ("b/server.py", BARE)]);
    assert_eq!(run_in(dir.path(), &["check", "a"]).0, 0);
    assert_eq!(run_in(dir.path(), &["check", "a", "b"]).0, 1);
}

#[test]
fn force_exclude_applies_exclude_to_named_files() {
    let dir = tree(&[
        ("mcp-lint.toml", "exclude = [\"generated\"]\n"),
        ("generated/server.py", BARE),
        ("vendor/server.py", BARE),
        ("server.py", BARE),
    ]);
    // Named files are linted by default (the excludes are for walks)...
    let (code, out, _) = run_in(dir.path(), &["check", "--format", "json", "generated/server.py"]);
    assert_eq!((code, codes(&out).len()), (1, 1));
    // ...and left out with --force-exclude, config and flag excludes alike.
    let args = ["check", "--force-exclude", "--format", "json", "--exclude", "vendor/**"];
    let (code, out, err) = run_in(dir.path(), &[&args[..], &["generated/server.py", "vendor/server.py"]].concat());
    assert_eq!((code, codes(&out).len()), (0, 0), "{out}{err}");
    assert!(err.contains("warning: no files were linted"), "{err}");
    let (code, out, _) = run_in(dir.path(), &[&args[..], &["generated/server.py", "server.py"]].concat());
    assert_eq!(code, 1);
    assert_eq!(codes(&out), ["server.py:4:MCP001"]);
}

fn run_stdin(dir: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let out = bin().current_dir(dir).args(args).write_stdin(input).output().expect("mcp-lint runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn stdin_is_linted_as_the_file_it_names() {
    let dir = tree(&[
        ("src/presets.py", "from mcp.types import ToolAnnotations\nWRITE = ToolAnnotations(readOnlyHint=False)\n"),
        // On disk the file is clean; the buffer piped in is what counts.
        ("src/server.py", "x = 1\n"),
        ("src/mcp-lint.toml", "ignore = [\"MCP003\"]\n"),
    ]);
    let buffer = "from mcp.server.fastmcp import FastMCP\nfrom presets import WRITE\nmcp = FastMCP('n')\n\n@mcp.tool(annotations=WRITE)\ndef delete_note(note_id: str) -> str:\n    return note_id\n";
    let (code, out, err) =
        run_stdin(dir.path(), &["check", "--format", "json", "-", "--stdin-filename", "src/server.py"], buffer);
    assert_eq!(code, 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let found = codes(&out);
    // Named as the file; the import resolved next to it (the preset's
    // label); the config beside it applied (no MCP003).
    assert!(found.contains(&"src/server.py:5:MCP002".to_string()), "{found:?}");
    assert!(!found.iter().any(|c| c.ends_with("MCP003")), "{found:?}");
    let related = v["findings"].as_array().unwrap().iter().flat_map(|f| f["related"].as_array().unwrap().clone());
    assert!(related.clone().any(|r| r["file"] == "src/presets.py"), "{out}");
    assert_eq!(v["summary"]["files_scanned"], 1);
    // The language comes from the name.
    let (code, out, _) =
        run_stdin(dir.path(), &["check", "--format", "json", "-", "--stdin-filename", "tools.mts"], BARE_TS);
    assert_eq!((code, codes(&out)), (1, vec!["tools.mts:3:MCP001".to_string()]));
    // The tools command reads it too.
    let (code, out, _) = run_stdin(dir.path(), &["tools", "-", "--stdin-filename", "x.ts"], BARE_TS);
    assert_eq!(code, 0);
    assert!(out.contains("send_digest") && out.contains("x.ts:3:1"), "{out}");
}

#[test]
fn stdin_needs_a_name_and_a_name_needs_stdin() {
    let dir = tree(&[]);
    let (code, _, err) = run_stdin(dir.path(), &["check", "-"], BARE);
    assert_eq!(code, 2);
    assert!(err.contains("--stdin-filename"), "{err}");
    let (code, _, err) = run_stdin(dir.path(), &["check", "--stdin-filename", "a.py", "."], BARE);
    assert_eq!(code, 2);
    assert!(err.contains("pass `-`"), "{err}");
    let (code, out, err) = run_stdin(dir.path(), &["check", "-", "--stdin-filename", "notes.txt"], BARE);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("notes.txt") || out.contains("notes.txt"), "{out}{err}");
    // --force-exclude applies to the name as well.
    std::fs::write(dir.path().join("mcp-lint.toml"), "exclude = [\"gen\"]\n").unwrap();
    let (code, _, err) =
        run_stdin(dir.path(), &["check", "--force-exclude", "-", "--stdin-filename", "gen/a.py"], BARE);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("no files were linted"), "{err}");
}

#[test]
fn an_empty_run_says_so() {
    let dir = tree(&[("README.md", "notes\n"), ("lib/util.py", "def f():\n    return 1\n")]);
    let (code, out, err) = run_in(dir.path(), &["check", "docs-only"]);
    assert_eq!(code, 2, "a missing path is still an I/O error: {out}{err}");
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    let (code, out, err) = run_in(dir.path(), &["check", "docs"]);
    // Exit 0: nothing to lint is not a finding (as ruff); the warning says so.
    assert_eq!(code, 0, "{out}");
    assert!(err.contains("warning: no files were linted: `docs` holds no .py"), "{err}");
    let (code, _, err) = run_in(dir.path(), &["check", "lib"]);
    assert_eq!(code, 0);
    assert!(!err.contains("no files were linted"), "{err}");
    assert!(err.contains("note: no MCP tool registrations found in 1 file; looked for:"), "{err}");
    assert!(err.contains("python: `@mcp.tool()`") && !err.contains("go:"), "{err}");
    // A run with tools says neither.
    std::fs::write(dir.path().join("lib/server.py"), BARE).unwrap();
    let (_, _, err) = run_in(dir.path(), &["check", "lib"]);
    assert!(!err.contains("no MCP tool registrations") && !err.contains("no files were linted"), "{err}");
}

#[test]
fn a_command_that_is_also_a_path_is_pointed_out() {
    let dir = tree(&[("tools/server.py", BARE)]);
    let (code, out, err) = run_in(dir.path(), &["tools"]);
    assert_eq!(code, 0);
    assert!(out.contains("delete_note"), "the command still runs: {out}");
    assert!(
        err.contains("note: `tools` is a command and also a path here") && err.contains("run `mcp-lint check tools`"),
        "{err}"
    );
    let (code, _, err) = run_in(dir.path(), &["check", "tools"]);
    assert_eq!(code, 1);
    assert!(!err.contains("is a command and also a path"), "{err}");
    // No such folder: no note.
    let (_, _, err) = run_in(dir.path(), &["rules"]);
    assert!(!err.contains("also a path"), "{err}");
}
