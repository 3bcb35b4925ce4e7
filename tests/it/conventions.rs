//! What a ruff user expects: `--output-format`, `--statistics`, selection by
//! prefix and `ALL`, `[severity]` overrides, the GitLab and JUnit formats,
//! colour from the environment; the directory profiles with explicit nulls;
//! and the `tools --summary` census.

use std::path::Path;

use serde_json::Value;

use crate::{bin, repo, run_in};

fn dirty() -> std::path::PathBuf {
    repo().join("tests/fixtures/ci/dirty")
}

fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, body) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, body).expect("write");
    }
    dir
}

fn codes(dir: &Path, args: &[&str]) -> Vec<String> {
    let mut all = vec!["check", "--format", "json", "--exit-zero"];
    all.extend_from_slice(args);
    let (code, out, err) = run_in(dir, &all);
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    v["findings"].as_array().expect("findings").iter().map(|f| f["code"].as_str().expect("code").to_string()).collect()
}

#[test]
fn output_format_is_an_alias_of_format() {
    let (_, a, _) = run_in(&dirty(), &["check", "--format", "concise"]);
    let (_, b, _) = run_in(&dirty(), &["check", "--output-format", "concise"]);
    assert_eq!(a, b);
    assert!(a.starts_with("server.py:11:1: warning[MCP001]"), "{a}");
}

#[test]
fn statistics_count_findings_per_rule() {
    let (code, out, _) = run_in(&dirty(), &["check", "--statistics", "--select", "ALL"]);
    assert_eq!(code, 1);
    // Most findings first: every tool of the fixture lacks a title.
    let first = out.lines().next().expect("a row");
    assert_eq!(first, "5  MCP032  missing-title  [warning]", "{out}");
    assert!(out.contains("MCP012  misspelled-hint  [error]"), "{out}");
    assert!(!out.contains("tool `"), "no diagnostics: {out}");
    let (_, json, _) = run_in(&dirty(), &["check", "--statistics", "--format", "json"]);
    let v: Value = serde_json::from_str(&json).expect("json");
    let total: u64 = v.as_array().expect("rows").iter().map(|r| r["count"].as_u64().expect("count")).sum();
    assert_eq!(total, 5);
}

#[test]
fn selection_by_prefix_and_all() {
    assert_eq!(codes(&dirty(), &["--select", "MCP01"]), ["MCP012"]);
    // MCP012 is not selected, so the findings it would replace stand.
    let mut some = codes(&dirty(), &["--select", "mcp00"]);
    some.sort();
    some.dedup();
    assert_eq!(some, ["MCP001", "MCP002", "MCP004", "MCP005"]);
    let all = codes(&dirty(), &["--select", "ALL"]);
    assert!(all.contains(&"MCP032".to_string()) && all.contains(&"MCP030".to_string()), "{all:?}");
    assert_eq!(codes(&dirty(), &["--select", "ALL", "--ignore", "MCP0"]), Vec::<String>::new());
    let (code, _, err) = run_in(&dirty(), &["check", "--select", "MCP09"]);
    assert_eq!(code, 0, "MCP09 matches MCP090-MCP092: {err}");
    let (code, _, err) = run_in(&dirty(), &["check", "--select", "XYZ"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown rule or prefix `XYZ`"), "{err}");
    // The same selectors in a config file.
    let dir = tree(&[
        ("mcp-lint.toml", "select = [\"MCP00\"]\nignore = [\"MCP005\"]\n"),
        ("server.py", "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('s')\n@mcp.tool(annotations={'readOnlyHint': False})\ndef add(x: str) -> None: ...\n"),
    ]);
    assert_eq!(codes(dir.path(), &[]), ["MCP002", "MCP003"]);
}

#[test]
fn severity_overrides_in_config() {
    let server = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('s')\n@mcp.tool(annotations={'readOnlyHint': False, 'destructiveHint': False, 'idempotentHint': False})\ndef add(x: str) -> None: ...\n";
    let dir = tree(&[("mcp-lint.toml", "[severity]\nMCP003 = \"error\"\n"), ("server.py", server)]);
    let (code, out, _) = run_in(dir.path(), &["check", "--format", "concise"]);
    assert_eq!(code, 1, "an error fails the run: {out}");
    assert!(out.contains("error[MCP003]"), "{out}");
    // Down to info: the run passes at the default --fail-on.
    std::fs::write(dir.path().join("mcp-lint.toml"), "[severity]\nimplicit-open-world = \"info\"\n").expect("write");
    assert_eq!(run_in(dir.path(), &["check"]).0, 0);
    // Bad codes and levels are errors with a span, exit 2.
    std::fs::write(dir.path().join("mcp-lint.toml"), "[severity]\nMCP999 = \"info\"\n").expect("write");
    let (code, _, err) = run_in(dir.path(), &["check", "--color", "never"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown rule or prefix `MCP999`") && err.contains("mcp-lint.toml:2:1"), "{err}");
    std::fs::write(dir.path().join("mcp-lint.toml"), "[severity]\nMCP003 = \"fatal\"\n").expect("write");
    let (code, _, err) = run_in(dir.path(), &["check", "--color", "never"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown severity `fatal`") && err.contains("mcp-lint.toml:2:10"), "{err}");
}

#[test]
fn gitlab_code_quality_report() {
    let (code, out, _) = run_in(&dirty(), &["check", "--format", "gitlab"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).expect("json");
    let issues = v.as_array().expect("an array of issues");
    assert_eq!(issues.len(), 5);
    for i in issues {
        for key in ["description", "check_name", "fingerprint", "severity"] {
            assert!(i[key].is_string(), "{key} in {i}");
        }
        assert!(["info", "minor", "major", "critical", "blocker"].contains(&i["severity"].as_str().expect("sev")));
        assert_eq!(i["location"]["path"], "server.py");
        assert!(i["location"]["lines"]["begin"].as_u64().expect("line") >= 1);
    }
    let prints: std::collections::BTreeSet<&str> =
        issues.iter().map(|i| i["fingerprint"].as_str().expect("fp")).collect();
    assert_eq!(prints.len(), issues.len(), "fingerprints are distinct");
    let m12 = issues.iter().find(|i| i["check_name"] == "MCP012").expect("MCP012");
    assert_eq!((m12["severity"].as_str(), m12["location"]["lines"]["begin"].as_u64()), (Some("major"), Some(30)));
}

#[test]
fn junit_report() {
    let (code, out, _) = run_in(&dirty(), &["check", "--format", "junit"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"mcp-lint\" tests=\"5\" failures=\"5\""
        ),
        "{out}"
    );
    assert_eq!(out.matches("<testcase ").count(), 5);
    assert_eq!(out.matches("<failure ").count(), 5);
    assert!(out.contains("<testsuite name=\"server.py\" tests=\"5\""), "{out}");
    assert!(out.contains("<failure type=\"error\" message=\"`readonlyHint` is not a hint key"), "{out}");
    assert!(out.trim_end().ends_with("</testsuites>"));
    let clean = repo().join("tests/fixtures/ci/clean");
    let (code, out, _) = run_in(&clean, &["check", "--format", "junit"]);
    assert_eq!(code, 0);
    assert!(out.contains("tests=\"0\" failures=\"0\"") && !out.contains("<testcase"), "{out}");
}

#[test]
fn colour_follows_the_environment() {
    let run = |envs: &[(&str, &str)], args: &[&str]| {
        let mut cmd = bin();
        cmd.current_dir(dirty()).env_remove("FORCE_COLOR").env_remove("TERM");
        for (k, v) in envs {
            cmd.env(k, v);
        }
        let out = cmd.args(args).output().expect("runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let esc = |s: &str| s.contains('\u{1b}');
    let concise = ["check", "--format", "concise"];
    assert!(!esc(&run(&[], &concise)), "not a terminal: no colour");
    assert!(esc(&run(&[("FORCE_COLOR", "1")], &concise)), "FORCE_COLOR colours concise");
    assert!(esc(&run(&[("CLICOLOR_FORCE", "1")], &["check"])), "CLICOLOR_FORCE colours full");
    assert!(!esc(&run(&[("FORCE_COLOR", "0")], &concise)), "FORCE_COLOR=0 does not");
    assert!(!esc(&run(&[("FORCE_COLOR", "1"), ("NO_COLOR", "1")], &concise)), "NO_COLOR wins");
    assert!(!esc(&run(&[("TERM", "dumb")], &concise)));
    assert!(!esc(&run(&[("CLICOLOR_FORCE", "1")], &["check", "--color", "never"])), "the flag wins");
    assert!(esc(&run(&[], &["check", "--color", "always", "--format", "concise"])));
}

/// An explicit null is reported as an invalid value in every language, and
/// the directory profiles do not count it as declared (one finding, MCP013).
#[test]
fn explicit_null_hints_are_reported_in_every_language() {
    let cases: [(&str, &str, &str); 4] = [
        (
            "server.py",
            "from mcp.server.fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations\nmcp = FastMCP('s')\n@mcp.tool(title='Add', annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=None, openWorldHint=False))\ndef add_note(t: str) -> None: ...\n",
            "4",
        ),
        (
            "server.ts",
            "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nconst server = new McpServer({ name: \"s\", version: \"1\" });\nserver.registerTool(\"add_note\", { title: \"Add\", annotations: { readOnlyHint: false, destructiveHint: null, openWorldHint: false } }, async () => ({ content: [] }));\n",
            "3",
        ),
        (
            "main.go",
            "package main\n\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\n\nfunc main() {\n\ts := mcp.NewServer(nil, nil)\n\tmcp.AddTool(s, &mcp.Tool{Name: \"add_note\", Title: \"Add\", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: nil, OpenWorldHint: jsonschema.Ptr(false)}}, h)\n}\n",
            "7",
        ),
        (
            "lib.rs",
            "use rmcp::{tool, tool_router};\n\npub struct S;\n\n#[tool_router]\nimpl S {\n    #[tool(annotations(title = \"Add\", read_only_hint = false, destructive_hint = None, open_world_hint = false))]\n    async fn add_note(&self) {}\n}\n",
            "7",
        ),
    ];
    for (file, src, line) in cases {
        let dir = tree(&[(file, src)]);
        for profile in ["recommended", "openai-apps", "anthropic-directory"] {
            let (_, out, err) =
                run_in(dir.path(), &["check", "--format", "concise", "--exit-zero", "--profile", profile]);
            let lines: Vec<&str> = out.lines().filter(|l| l.contains('[')).collect();
            assert!(
                lines.iter().any(|l| l.contains(&format!(":{line}:")) && l.contains("error[MCP013]")),
                "{file} {profile}: {out}{err}"
            );
            assert!(!lines.iter().any(|l| l.contains("MCP030") || l.contains("MCP002")), "{file} {profile}: {out}");
        }
    }
}

#[test]
fn anthropic_directory_requires_title_read_only_and_destructive() {
    let src = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('s')\n\
        @mcp.tool(annotations={'readOnlyHint': True, 'destructiveHint': False})\ndef get_a() -> str: ...\n\
        @mcp.tool(title='B', annotations={'readOnlyHint': True, 'openWorldHint': False})\ndef get_b() -> str: ...\n\
        @mcp.tool(title='C', annotations={'readOnlyHint': True, 'destructiveHint': False})\ndef get_c() -> str: ...\n";
    let dir = tree(&[("server.py", src)]);
    let (_, out, _) =
        run_in(dir.path(), &["check", "--format", "concise", "--exit-zero", "--profile", "anthropic-directory"]);
    assert!(out.contains("server.py:3:1: error[MCP032] tool `get_a`"), "{out}");
    assert!(out.contains("server.py:5:1: error[MCP030] tool `get_b` does not declare `destructiveHint`"), "{out}");
    // openWorldHint is optional there: only the default-profile info remains.
    assert!(out.lines().filter(|l| l.contains("get_c")).all(|l| l.contains("info[MCP003]")), "{out}");
    assert!(!out.contains("MCP010"), "{out}");
    // openWorldHint is optional there, required by openai-apps.
    let (_, out, _) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero", "--profile", "openai-apps"]);
    assert!(out.contains("error[MCP030] tool `get_a` does not declare `openWorldHint`"), "{out}");
    assert!(!out.contains("MCP032"), "{out}");
}

#[test]
fn census_counts_each_hint_per_tree_in_every_format() {
    // A shared preset counts once per tool that uses it.
    let a = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('a')\nRO = {'readOnlyHint': True, 'openWorldHint': False}\n\
        @mcp.tool(annotations=RO)\ndef get_a() -> str: ...\n@mcp.tool(annotations=RO)\ndef get_b() -> str: ...\n\
        @mcp.tool(annotations={'readOnlyHint': False, 'destructiveHint': flags()})\ndef add_c(x: str) -> None: ...\n";
    let b = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('b')\n@mcp.tool()\ndef ping() -> str: ...\n";
    let dir = tree(&[("a/server.py", a), ("b/server.py", b)]);
    let (code, json, err) = run_in(dir.path(), &["tools", "--summary", "--format", "json", "a", "b"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&json).expect("json");
    let census = v["census"].as_array().expect("census");
    assert_eq!(census.len(), 3, "two trees and a total: {json}");
    let a = &census[0];
    assert_eq!((a["tree"].as_str(), a["tools"].as_u64()), (Some("a"), Some(3)));
    let h = |c: &Value, k: &str| {
        let n = &c["hints"][k];
        ["true", "false", "absent", "unresolved", "invalid"].map(|f| n[f].as_u64().expect("count"))
    };
    assert_eq!(h(a, "readOnlyHint"), [2, 1, 0, 0, 0]);
    assert_eq!(h(a, "destructiveHint"), [0, 0, 2, 1, 0]);
    assert_eq!(h(a, "openWorldHint"), [0, 2, 1, 0, 0]);
    assert_eq!(h(&census[1], "readOnlyHint"), [0, 0, 1, 0, 0]);
    assert_eq!((census[2]["tree"].as_str(), census[2]["tools"].as_u64()), (Some("total"), Some(4)));
    let (_, table, _) = run_in(dir.path(), &["tools", "--summary", "a", "b"]);
    assert!(table.contains("a: 3 tools") && table.contains("total: 4 tools"), "{table}");
    assert!(
        table.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["readOnlyHint", "2", "1", "0", "0", "0"]),
        "{table}"
    );
    let (_, md, _) = run_in(dir.path(), &["tools", "--summary", "--format", "markdown", "a", "b"]);
    assert!(md.contains("| hint | true | false | absent | set at run time | invalid |"), "{md}");
    assert!(md.contains("| `destructiveHint` | 0 | 0 | 2 | 1 | 0 |"), "{md}");
    assert!(md.contains("| `a` | 3 |") && md.contains("| `total` | 4 |"), "{md}");
}

/// MCP022: a handler that asks the user through an elicitation API is
/// guarded; elicitation elsewhere in the file is not evidence.
#[test]
fn elicitation_is_confirmation() {
    let py = "from mcp.server.fastmcp import FastMCP, Context\nmcp = FastMCP('s')\n\
        @mcp.tool(annotations={'readOnlyHint': False, 'destructiveHint': True, 'idempotentHint': True, 'openWorldHint': False})\n\
        async def delete_all_notes(ctx: Context) -> str:\n    r = await ctx.elicit('Type the name to confirm', schema=Confirm)\n    return 'ok'\n\n\
        @mcp.tool(annotations={'readOnlyHint': False, 'destructiveHint': True, 'idempotentHint': True, 'openWorldHint': False})\n\
        async def purge_sessions(ctx: Context) -> str:\n    await ctx.info('purging')\n    return 'ok'\n\n\
        async def ask(ctx: Context):\n    return await ctx.elicit('sure?', schema=Confirm)\n";
    let ts = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nconst server = new McpServer({ name: \"s\", version: \"1\" });\n\
        const a = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };\n\
        server.registerTool(\"delete_all_notes\", { annotations: a }, async () => {\n  const r = await server.server.elicitInput({ message: \"Type the name to confirm\", requestedSchema: {} });\n  return { content: [] };\n});\n\
        server.registerTool(\"wipe\", { annotations: a }, async () => ({ content: [] }));\n";
    let go = "package main\n\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\n\ntype In struct{}\ntype Out struct{}\n\nfunc main() {\n\ts := mcp.NewServer(nil, nil)\n\
        \tmcp.AddTool(s, &mcp.Tool{Name: \"delete_all_notes\"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {\n\
        \t\tres, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: \"Type the name to confirm\"})\n\t\treturn nil, Out{}, err\n\t})\n\
        \tmcp.AddTool(s, &mcp.Tool{Name: \"wipe\"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {\n\t\treturn nil, Out{}, nil\n\t})\n}\n";
    for (file, src, flagged, guarded) in [
        ("server.py", py, "purge_sessions", "delete_all_notes"),
        ("server.ts", ts, "wipe", "delete_all_notes"),
        ("main.go", go, "wipe", "delete_all_notes"),
    ] {
        let dir = tree(&[(file, src)]);
        let (_, out, err) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero", "--select", "MCP022"]);
        assert!(out.contains(&format!("[MCP022] tool `{flagged}`")), "{file}: {out}{err}\n{src}");
        assert!(!out.contains(&format!("`{guarded}`")), "{file}: elicitation is confirmation: {out}");
    }
}
