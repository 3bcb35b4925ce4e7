//! The command line as a user meets it: exit codes, formats, flags, bad
//! input, and the promise never to modify the linted tree.

use std::path::Path;

use crate::{bin, repo, run_in};

const CLEAN: &str = "from mcp.server.fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations\nmcp = FastMCP('n')\n\n@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))\ndef list_notes() -> list[str]:\n    return []\n";
const BARE: &str = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('n')\n\n@mcp.tool()\ndef delete_note(note_id: str) -> str:\n    return note_id\n";

fn tree(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, body) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, body).expect("write");
    }
    dir
}

#[test]
fn exit_codes() {
    let clean = tree(&[("server.py", CLEAN.as_bytes())]);
    assert_eq!(run_in(clean.path(), &[]).0, 0);
    let bare = tree(&[("server.py", BARE.as_bytes())]);
    assert_eq!(run_in(bare.path(), &["."]).0, 1);
    assert_eq!(run_in(bare.path(), &["check", "--exit-zero"]).0, 0);
    assert_eq!(run_in(bare.path(), &["check", "--fail-on", "error"]).0, 0);
    // Ignoring MCP001 ignores the omissions it replaced; selecting them
    // without MCP001 reports them one by one.
    assert_eq!(run_in(bare.path(), &["check", "--ignore", "MCP001"]).0, 0);
    assert_eq!(run_in(bare.path(), &["check", "--select", "MCP002,MCP003,MCP004"]).0, 1);
    assert_eq!(run_in(bare.path(), &["check", "--select", "missing-annotations"]).0, 1);
    assert_eq!(run_in(bare.path(), &["check", "--select", "MCP999"]).0, 2);
    assert_eq!(run_in(bare.path(), &["check", "--format", "nope"]).0, 2);
    assert_eq!(run_in(bare.path(), &["check", "does-not-exist"]).0, 2);
}

#[test]
fn formats() {
    let bare = tree(&[("server.py", BARE.as_bytes())]);
    let (_, concise, _) = run_in(bare.path(), &["check", "--format", "concise"]);
    assert!(
        concise.starts_with("server.py:4:1: warning[MCP001] tool `delete_note` declares no annotations"),
        "{concise}"
    );
    let (_, json, _) = run_in(bare.path(), &["check", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v["version"], 1);
    let f = &v["findings"][0];
    for key in
        ["code", "name", "severity", "message", "file", "line", "column", "end_line", "end_column", "tool", "help"]
    {
        assert!(f.get(key).is_some(), "finding lacks {key}: {f}");
    }
    assert_eq!((f["line"].as_u64(), f["column"].as_u64(), f["end_column"].as_u64()), (Some(4), Some(1), Some(10)));
    assert_eq!(v["summary"]["tools"], 1);
    let (_, tools, _) = run_in(bare.path(), &["tools", "--format", "json"]);
    let t: serde_json::Value = serde_json::from_str(&tools).expect("json");
    assert_eq!(t["tools"][0]["name"], "delete_note");
    assert_eq!(t["tools"][0]["annotations"], "none");
    assert_eq!(t["tools"][0]["hints"]["destructiveHint"], "absent");
    let (_, table, _) = run_in(bare.path(), &["tools"]);
    assert!(table.contains("delete_note") && table.contains("server.py:4:1"), "{table}");
}

#[test]
fn output_file_and_no_colour_when_piped() {
    let bare = tree(&[("server.py", BARE.as_bytes())]);
    let out = bare.path().join("report.txt");
    let (code, stdout, _) = run_in(bare.path(), &["check", "--output", out.to_str().expect("utf8")]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    let report = std::fs::read_to_string(out).expect("report written");
    assert!(report.contains("warning[MCP001]") && !report.contains('\x1b'));
    let (_, forced, _) = run_in(bare.path(), &["check", "--color", "always"]);
    assert!(forced.contains('\x1b'));
}

#[test]
fn rules_and_explain() {
    let (code, list, _) = run_in(&repo(), &["rules"]);
    assert_eq!(code, 0);
    assert!(list.contains("MCP002  implicit-destructive") && list.contains("warning"), "{list}");
    let (code, doc, _) = run_in(&repo(), &["rule", "MCP002"]);
    assert_eq!(code, 0);
    assert!(doc.contains("## What it does"));
    let (code, explained, _) = run_in(&repo(), &["check", "--explain", "implicit-destructive"]);
    assert_eq!(code, 0);
    assert!(explained.contains("MCP002") && explained.contains("## What it does"), "{explained}");
    assert_eq!(run_in(&repo(), &["rule", "MCP999"]).0, 2);
}

#[test]
fn gitignore_respected_but_explicit_files_linted() {
    let dir = tree(&[
        (".gitignore", b"generated/\n"),
        ("generated/server.py", BARE.as_bytes()),
        ("node_modules/x/server.py", BARE.as_bytes()),
    ]);
    assert_eq!(run_in(dir.path(), &[]).0, 0);
    assert_eq!(run_in(dir.path(), &["--no-ignore"]).0, 1);
    assert_eq!(run_in(dir.path(), &["check", "generated/server.py"]).0, 1);
    let dir = tree(&[("a/server.py", BARE.as_bytes())]);
    assert_eq!(run_in(dir.path(), &["check", "--exclude", "a/**"]).0, 0);
}

#[test]
fn bad_input_is_reported_and_the_run_goes_on() {
    let mut invalid = BARE.as_bytes().to_vec();
    invalid.extend_from_slice(b"# caf\xe9\n");
    let dir = tree(&[
        ("bad_utf8.py", &invalid),
        ("binary.py", b"mcp\x00\x01\x02"),
        ("broken.py", b"from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\ndef f(:\n    mcp.add_tool(f)\n@mcp.tool()\ndef get_x(): ...\n"),
        ("huge.py", &vec![b'#'; 4096]),
    ]);
    let (code, out, err) = run_in(dir.path(), &["check", "--format", "concise", "--max-file-size", "1000"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("bad_utf8.py:7:6: info[MCP090] file is not valid UTF-8"), "{out}");
    assert!(out.contains("bad_utf8.py:4:1: warning[MCP001]"), "{out}");
    assert!(out.contains("broken.py:3:") && out.contains("[MCP090]"), "{out}");
    assert!(out.contains("broken.py:5:1: warning[MCP001] tool `get_x`"), "{out}");
    assert!(err.contains("binary.py: skipped, looks binary"), "{err}");
    assert!(err.contains("huge.py: skipped, larger than 1000 bytes"), "{err}");
}

#[cfg(unix)]
#[test]
fn symlink_loop_is_an_io_error() {
    let dir = tree(&[("server.py", BARE.as_bytes())]);
    std::os::unix::fs::symlink(dir.path(), dir.path().join("loop")).expect("symlink");
    // Links are not followed by default: the loop is never entered.
    let (code, out, _) = run_in(dir.path(), &["check", "--format", "concise"]);
    assert_eq!(code, 1, "{out}");
    let (code, out, _) = run_in(dir.path(), &["check", "--format", "concise", "--follow-links"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("[MCP091]") && out.contains("symbolic link loop"), "{out}");
    assert!(out.contains("server.py:4:1: warning[MCP001]"), "{out}");
}

/// The same tree gives the same output every run, whatever the thread count
/// and however files arrive from the workers. Several runs per language:
/// the evaluator once keyed records by address, so a freed record's address
/// reused by a new one lost a tool in about one run in three (TypeScript).
#[test]
fn output_is_deterministic_across_thread_counts() {
    for lang in ["python", "typescript", "go", "rust", "csharp", "java", "kotlin"] {
        let case = repo().join("tests/fixtures").join(lang);
        let (code, one, err) = run_in(&case, &["check", "-j", "1", "--format", "json"]);
        assert_eq!(code, 1, "{lang}: {err}");
        let v: serde_json::Value = serde_json::from_str(&one).expect("json");
        assert!(v["findings"].as_array().is_some_and(|f| f.len() > 10), "{lang}: {one}");
        for threads in ["2", "8", "2", "8", "2"] {
            let (_, many, _) = run_in(&case, &["check", "-j", threads, "--format", "json"]);
            assert!(one == many, "{lang}: -j {threads} differs from -j 1");
        }
    }
}

fn digest(dir: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    crate::files_under(dir).into_iter().map(|p| (p.clone(), std::fs::read(&p).expect("readable"))).collect()
}

#[test]
fn never_modifies_the_tree() {
    let root = repo().join("examples/notes-server");
    let before = digest(&root);
    bin().current_dir(&root).args(["check", "."]).assert().code(1);
    bin().current_dir(&root).args(["tools", "--format", "json"]).assert().success();
    assert_eq!(before, digest(&root));
}

#[test]
fn deep_nesting_is_linted_without_overflow() {
    // Deep nesting must neither overflow the stack nor hang.
    let deep = format!(
        "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\nX = {}1{}\n",
        "(".repeat(50_000),
        ")".repeat(50_000)
    );
    let dir = tree(&[("deep.py", deep.as_bytes())]);
    let (code, out, err) = run_in(dir.path(), &["check", "--color", "never"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("No findings"), "{out}");
}
