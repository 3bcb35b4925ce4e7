//! One finding per cause: which finding replaces which (and carries it as a
//! note), and that suppressing a finding by any of the three mechanisms
//! (`--ignore`, `per-file-ignores`, an inline `ignore[...]`) suppresses the
//! findings it replaced too.

use std::path::Path;

use crate::run_in;

fn tree(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, body) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, body).expect("write");
    }
    dir
}

/// `line:code` of every finding, sorted, and the JSON findings.
fn run(dir: &Path, args: &[&str]) -> Vec<String> {
    let mut all = vec!["check", "--format", "json", "--exit-zero"];
    all.extend_from_slice(args);
    let (code, out, err) = run_in(dir, &all);
    assert!(code == 0 || code == 2, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let mut rows: Vec<String> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| format!("{}:{}", f["line"].as_u64().unwrap_or(0), f["code"].as_str().expect("code")))
        .collect();
    rows.sort();
    rows
}

fn full(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["check", "--color", "never", "--exit-zero"];
    all.extend_from_slice(args);
    run_in(dir, &all).1
}

const PY: &str = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('s')\n";

fn py(body: &str) -> tempfile::TempDir {
    let src = format!("{PY}{body}");
    tree(&[("server.py", src.as_bytes())])
}

/// A bare write tool (five findings' worth of defaults) and a bare read tool.
const BARE: &str =
    "@mcp.tool()\ndef send_note(text: str) -> None: ...\n\n@mcp.tool()\ndef get_note(note_id: str) -> str: ...\n";

#[test]
fn bare_read_named_tool_gets_one_finding_that_carries_mcp020() {
    let dir = py(BARE);
    assert_eq!(run(dir.path(), &[]), ["3:MCP001", "6:MCP001"]);
    let out = full(dir.path(), &[]);
    assert!(out.contains("= note: MCP020 (read-tool-default-destructive): tool `get_note` reads like"), "{out}");
    // Without MCP001, MCP020 is reported in its own right (and replaces MCP004).
    assert_eq!(
        run(dir.path(), &["--select", "MCP004,MCP020"]),
        ["3:MCP004", "6:MCP020"],
        "MCP020 replaces MCP004 on get_note"
    );
}

#[test]
fn openai_apps_gives_one_finding_for_one_omission() {
    let dir = py(BARE);
    assert_eq!(run(dir.path(), &["--profile", "openai-apps"]), ["3:MCP030", "6:MCP030"]);
    let out = full(dir.path(), &["--profile", "openai-apps"]);
    assert!(out.contains("= note: MCP020"), "{out}");
    // A tool with some hints keeps the findings about the ones MCP030 does not require.
    let dir = py(
        "@mcp.tool(annotations={'readOnlyHint': False, 'openWorldHint': False})\ndef add_note(t: str) -> None: ...\n",
    );
    assert_eq!(run(dir.path(), &["--profile", "openai-apps"]), ["3:MCP005", "3:MCP030"]);
}

#[test]
fn a_misspelt_key_is_the_cause_of_what_its_hint_leads_to() {
    // readOnlyHint misspelt: MCP002, MCP005 and MCP020 follow from its absence.
    let dir =
        py("@mcp.tool(annotations={'readonlyHint': True, 'openWorldHint': False})\ndef get_note(i: str) -> str: ...\n");
    assert_eq!(run(dir.path(), &[]), ["3:MCP012"]);
    let out = full(dir.path(), &[]);
    for code in ["MCP002", "MCP005", "MCP020"] {
        assert!(out.contains(&format!("= note: {code} (")), "{code} in\n{out}");
    }
    // A finding about another hint stays: it has a cause of its own.
    let dir = py(
        "@mcp.tool(annotations={'readonlyHint': True, 'destructiveHint': False})\ndef get_note(i: str) -> str: ...\n",
    );
    assert_eq!(run(dir.path(), &[]), ["3:MCP003", "3:MCP012"]);
    // The misspelt key is the only one: MCP012 replaces MCP001 and with it
    // what MCP001 replaced (its note lists the four defaults).
    let dir = py("@mcp.tool(annotations={'readonlyHint': True})\ndef get_note(i: str) -> str: ...\n");
    assert_eq!(run(dir.path(), &[]), ["3:MCP012"]);
    // Rust: the same, MCP012 + MCP001 + MCP020 before.
    let rs = "use rmcp::{tool, tool_router};\n\npub struct S;\n\n#[tool_router]\nimpl S {\n    #[tool(annotations(read_only = true))]\n    async fn get_x(&self) {}\n}\n";
    let dir = tree(&[("lib.rs", rs.as_bytes())]);
    assert_eq!(run(dir.path(), &[]), ["7:MCP012"]);
    let out = full(dir.path(), &[]);
    assert!(out.contains("= note: MCP001 (") && out.contains("= note: MCP020 ("), "{out}");
}

#[test]
fn invalid_utf8_in_code_is_one_finding() {
    let mut src = PY.as_bytes().to_vec();
    src.extend_from_slice(b"x = caf\xe9 +\n@mcp.tool(annotations={'readOnlyHint': True, 'openWorldHint': False})\ndef get_x() -> str: ...\n");
    let dir = tree(&[("server.py", &src)]);
    let rows = run(dir.path(), &[]);
    assert_eq!(rows.iter().filter(|r| r.ends_with("MCP090")).count(), 1, "{rows:?}");
}

#[test]
fn ignoring_a_finding_ignores_what_it_replaced() {
    let dir = py(BARE);
    // --ignore: MCP002–MCP005 and MCP020 do not reappear.
    assert_eq!(run(dir.path(), &["--ignore", "MCP001"]), Vec::<String>::new());
    // per-file-ignores: the same.
    std::fs::write(dir.path().join("mcp-lint.toml"), "[per-file-ignores]\n\"server.py\" = [\"MCP001\"]\n")
        .expect("write");
    assert_eq!(run(dir.path(), &[]), Vec::<String>::new());
    std::fs::remove_file(dir.path().join("mcp-lint.toml")).expect("rm");
    // A rule that is not selected is not suppressed: its replacements stand.
    assert_eq!(run(dir.path(), &["--select", "MCP002,MCP005"]), ["3:MCP002", "3:MCP005", "6:MCP002", "6:MCP005"]);
    // --ignore of a rule the profile does not enable changes nothing.
    assert_eq!(run(dir.path(), &["--profile", "spec", "--ignore", "MCP020"]), ["3:MCP001", "6:MCP001"]);
}

#[test]
fn an_inline_suppression_hides_what_its_finding_replaced_whatever_is_selected() {
    let dir = py("# mcp-lint: ignore[MCP001]\n@mcp.tool()\ndef get_note(note_id: str) -> str: ...\n");
    assert_eq!(run(dir.path(), &[]), Vec::<String>::new());
    // MCP001 is not selected: the suppression still covers its replacements.
    assert_eq!(run(dir.path(), &["--select", "MCP002,MCP004,MCP020"]), Vec::<String>::new());
    assert_eq!(run(dir.path(), &["--profile", "openai-apps", "--select", "MCP005"]), Vec::<String>::new());
}

#[test]
fn mcp010_is_not_in_the_default_profile() {
    let dir = py("@mcp.tool(annotations={'readOnlyHint': True, 'destructiveHint': False, 'idempotentHint': True, 'openWorldHint': False})\ndef get_note(i: str) -> str: ...\n");
    assert_eq!(run(dir.path(), &[]), Vec::<String>::new());
    assert_eq!(run(dir.path(), &["--profile", "spec"]), ["3:MCP010", "3:MCP010"]);
}

/// MCP020's first words: each kept read verb fires, each removed one does not.
#[test]
fn read_verbs_kept_and_removed() {
    use mcp_lint::rules::words;
    let mut body = String::new();
    let verbs: Vec<&str> = words::READ.iter().chain(words::NOT_READ).copied().collect();
    for v in &verbs {
        body.push_str(&format!(
            "@mcp.tool(annotations={{'destructiveHint': False, 'openWorldHint': False, 'idempotentHint': True}})\ndef {v}_notes() -> str: ...\n\n"
        ));
    }
    let dir = py(&body);
    let (_, out, err) = run_in(dir.path(), &["check", "--format", "json", "--exit-zero", "--select", "MCP020"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let flagged: Vec<String> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| f["tool"].as_str().expect("tool").to_string())
        .collect();
    for v in words::READ {
        assert!(flagged.contains(&format!("{v}_notes")), "read verb `{v}` must be flagged: {flagged:?}");
    }
    for v in words::NOT_READ {
        assert!(!flagged.contains(&format!("{v}_notes")), "`{v}` is no evidence of a read: {flagged:?}");
        assert!(!words::READ.contains(v));
    }
    // A read verb followed by one of them is vetoed where it is a write word.
    let dir = py("@mcp.tool(annotations={'openWorldHint': False})\ndef fetch_and_summarize(u: str) -> str: ...\n");
    assert_eq!(run(dir.path(), &["--select", "MCP020"]), Vec::<String>::new());
}
