//! Configuration files: discovery (each form, walking up, `--config`),
//! precedence of flags over keys, and errors rendered with their span.

use std::path::Path;

use crate::run_in;

const BARE: &str = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('n')\n\n@mcp.tool()\ndef delete_note(note_id: str) -> str:\n    return note_id\n";

fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, body) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, body).expect("write");
    }
    dir
}

/// Codes reported, in order.
fn codes(dir: &Path, args: &[&str]) -> Vec<String> {
    let mut all = vec!["check", "--format", "json", "--exit-zero"];
    all.extend_from_slice(args);
    let (code, out, err) = run_in(dir, &all);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    v["findings"].as_array().expect("findings").iter().map(|f| f["code"].as_str().expect("code").to_string()).collect()
}

#[test]
fn each_file_form_is_found() {
    for (name, text) in [
        ("mcp-lint.toml", "select = [\"MCP002\", \"MCP003\", \"MCP004\", \"MCP005\"]\n"),
        (".mcp-lint.toml", "select = [\"MCP002\", \"MCP003\", \"MCP004\", \"MCP005\"]\n"),
        (
            "pyproject.toml",
            "[project]\nname = \"x\"\n\n[tool.mcp-lint]\nselect = [\"MCP002\", \"MCP003\", \"MCP004\", \"MCP005\"]\n",
        ),
    ] {
        let dir = tree(&[(name, text), ("server.py", BARE)]);
        assert_eq!(codes(dir.path(), &[]), ["MCP002", "MCP003", "MCP004", "MCP005"], "{name}");
    }
}

#[test]
fn walks_up_from_the_first_path_and_prefers_the_nearest() {
    let dir = tree(&[
        ("mcp-lint.toml", "select = [\"MCP002\", \"MCP003\", \"MCP004\", \"MCP005\"]\n"),
        ("pkg/server.py", BARE),
        // A pyproject without our table is passed over.
        ("pkg/pyproject.toml", "[project]\nname = \"x\"\n"),
        ("other/.mcp-lint.toml", "select = [\"MCP003\"]\n"),
        ("other/server.py", BARE),
    ]);
    assert_eq!(codes(dir.path(), &["pkg"]), ["MCP002", "MCP003", "MCP004", "MCP005"]);
    assert_eq!(codes(&dir.path().join("pkg"), &[]), ["MCP002", "MCP003", "MCP004", "MCP005"]);
    assert_eq!(codes(dir.path(), &["other"]), ["MCP003"]);
    assert_eq!(codes(dir.path(), &["other/server.py"]), ["MCP003"]);
    // In one directory, mcp-lint.toml wins over the others.
    std::fs::write(dir.path().join("other/mcp-lint.toml"), "select = [\"MCP004\"]\n").expect("write");
    assert_eq!(codes(dir.path(), &["other"]), ["MCP004"]);
}

#[test]
fn config_flag_overrides_discovery() {
    let dir = tree(&[
        ("mcp-lint.toml", "ignore = [\"MCP001\"]\n"),
        ("ci.toml", "select = [\"MCP002\"]\n"),
        ("server.py", BARE),
        ("pyproject.toml", "[tool.mcp-lint]\nselect = [\"MCP004\"]\n"),
    ]);
    assert_eq!(codes(dir.path(), &["--config", "ci.toml"]), ["MCP002"]);
    assert_eq!(codes(dir.path(), &["--config", "pyproject.toml"]), ["MCP004"]);
    let (code, _, err) = run_in(dir.path(), &["check", "--config", "missing.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read config file `missing.toml`"), "{err}");
}

#[test]
fn flags_override_keys() {
    let dir = tree(&[
        ("mcp-lint.toml", "profile = \"spec\"\nselect = [\"MCP001\"]\nfail-on = \"error\"\n"),
        ("server.py", BARE),
    ]);
    assert_eq!(codes(dir.path(), &[]), ["MCP001"]);
    // fail-on = "error": a warning does not fail the run, unless the flag says so.
    assert_eq!(run_in(dir.path(), &["check"]).0, 0);
    assert_eq!(run_in(dir.path(), &["check", "--fail-on", "warning"]).0, 1);
    assert_eq!(codes(dir.path(), &["--select", "MCP003"]), ["MCP003"]);
    assert_eq!(codes(dir.path(), &["--extend-select", "MCP032"]), ["MCP001", "MCP032"]);
    // A profile on the command line replaces the configured profile and selection.
    assert_eq!(codes(dir.path(), &["--profile", "openai-apps"]), ["MCP030"]);
}

#[test]
fn exclude_per_file_ignores_and_intent_words() {
    let dir = tree(&[
        (
            "mcp-lint.toml",
            "exclude = [\"generated\"]\n\n[per-file-ignores]\n\"tests/**\" = [\"MCP001\"]\n\n[intent]\nextend-read-words = [\"obtain\"]\n",
        ),
        ("generated/server.py", BARE),
        ("tests/server.py", BARE),
        ("src/server.py", &BARE.replace("delete_note", "obtain_note")),
    ]);
    let (_, out, _) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero"]);
    assert!(!out.contains("generated/"), "{out}");
    // Ignoring MCP001 there ignores the omissions it replaced as well.
    assert!(!out.contains("tests/server.py") && out.contains("src/server.py:4:1: warning[MCP001]"), "{out}");
    let (_, out, _) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero", "--select", "MCP020"]);
    assert!(out.contains("src/server.py:4:1: warning[MCP020] tool `obtain_note`"), "{out}");
    // Files named on the command line are linted even when excluded.
    let (_, out, _) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero", "generated/server.py"]);
    assert!(out.contains("generated/server.py:4:1"), "{out}");
}

/// Errors point into the file (annotate-snippets), exit 2.
#[test]
fn errors_are_rendered_with_their_span() {
    let cases = [
        ("unknown-key", "mcp-lint.toml", "profile = \"strict\"\nselct = [\"MCP001\"]\n"),
        ("wrong-type", "mcp-lint.toml", "select = \"MCP001\"\n"),
        ("unknown-code", "mcp-lint.toml", "select = [\"MCP001\"]\nignore = [\"MCP002\", \"MCP999\"]\n"),
        ("unknown-profile", ".mcp-lint.toml", "profile = \"lenient\"\n"),
        ("unknown-intent-key", "mcp-lint.toml", "[intent]\nread-word = [\"get\"]\n"),
        ("per-file-code", "mcp-lint.toml", "[per-file-ignores]\n\"tests/**\" = [\"MCP0001\"]\n"),
        ("pyproject-wrong-type", "pyproject.toml", "[project]\nname = \"x\"\n\n[tool.mcp-lint]\nfail-on = 1\n"),
        ("bad-toml", "mcp-lint.toml", "select = [\"MCP001\"\n"),
        ("broken-pyproject", "pyproject.toml", "[project\nname = 1\n[tool.mcp-lint]\nselect = []\n"),
        ("bad-glob", "mcp-lint.toml", "exclude = [\"src/[\"]\n"),
    ];
    let mut out = String::new();
    for (name, file, text) in cases {
        let dir = tree(&[(file, text), ("server.py", BARE)]);
        let (code, stdout, stderr) = run_in(dir.path(), &["check", "--color", "never"]);
        assert_eq!(code, 2, "{name}: {stdout}{stderr}");
        assert!(stdout.is_empty(), "{name}: {stdout}");
        out.push_str(&format!("== {name}\n{stderr}\n"));
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(crate::repo().join("tests/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("config-errors", out));
}
