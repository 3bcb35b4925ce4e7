//! Inline suppressions end to end, one small tree per case. Each case is a
//! (file name, source, expected `line:code` findings) triple, so a language
//! is covered by adding its cases once its frontend exists (the scanner's
//! comment styles for every language are unit-tested in `src/suppress.rs`).

use crate::run_in;

struct Case {
    file: &'static str,
    source: &'static str,
    expect: &'static [&'static str],
}

const PY_HEAD: &str = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('s')\n";

fn python(body: &'static str, expect: &'static [&'static str]) -> Case {
    Case { file: "server.py", source: body, expect }
}

const GO_HEAD: &str = "package main\n\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\n\nfunc main() {\n\ts := mcp.NewServer(nil, nil)\n";

fn go(body: &'static str, expect: &'static [&'static str]) -> Case {
    Case { file: "main.go", source: body, expect }
}

const RS_HEAD: &str = "use rmcp::{tool, tool_router};\n\npub struct S;\n\n#[tool_router]\nimpl S {\n";

fn rust(body: &'static str, expect: &'static [&'static str]) -> Case {
    Case { file: "lib.rs", source: body, expect }
}

const TS_HEAD: &str = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nconst server = new McpServer({ name: \"s\", version: \"1\" });\n";

fn ts(body: &'static str, expect: &'static [&'static str]) -> Case {
    Case { file: "server.ts", source: body, expect }
}

fn cases() -> Vec<Case> {
    vec![
        // TypeScript (head: 2 lines).
        ts("// mcp-lint: ignore[MCP001]\nserver.registerTool(\"send\", {}, async () => ({ content: [] }));\n", &[]),
        // Suppressing MCP001 suppresses the MCP020 it replaced.
        ts("server.registerTool(\"get_x\", {}, async () => ({ content: [] })); // mcp-lint: ignore[MCP001]\n", &[]),
        ts(
            "const s = \"// mcp-lint: ignore\";\nserver.registerTool(\"send\", {}, async () => ({ content: [] }));\n",
            &["4:MCP001"],
        ),
        ts("// mcp-lint: ignore-file\nserver.registerTool(\"get_x\", {}, async () => ({ content: [] }));\n", &[]),
        // Go (head: 6 lines, so the body starts on line 7).
        go("\t// mcp-lint: ignore[MCP001]\n\tmcp.AddTool(s, &mcp.Tool{Name: \"send\"}, h)\n}\n", &[]),
        go("\tmcp.AddTool(s, &mcp.Tool{Name: \"send\"}, h) // mcp-lint: ignore\n}\n", &[]),
        go("\tmcp.AddTool(s, &mcp.Tool{Name: \"get_x\"}, h) // mcp-lint: ignore[MCP001]\n}\n", &[]),
        go("\tx := \"// mcp-lint: ignore\"\n\tmcp.AddTool(s, &mcp.Tool{Name: \"send\"}, h)\n}\n", &["8:MCP001"]),
        go(
            "\t// mcp-lint: ignore[MCP011]\n\tmcp.AddTool(s, &mcp.Tool{Name: \"send\"}, h)\n}\n",
            &["7:MCP092", "8:MCP001"],
        ),
        // Rust (head: 6 lines).
        rust("    // mcp-lint: ignore[MCP001]\n    #[tool]\n    async fn send(&self) {}\n}\n", &[]),
        rust("    #[tool] // mcp-lint: ignore[MCP001, MCP020]\n    async fn get_x(&self) {}\n}\n", &[]),
        rust("    #[tool] // mcp-lint: ignore[MCP001]\n    async fn get_x(&self) {}\n}\n", &[]),
        rust(
            "    // mcp-lint: ignore[MCP999]\n    #[tool]\n    async fn send(&self) {}\n}\n",
            &["7:MCP092", "8:MCP001"],
        ),
        // Python.
        // Line above, own line, bare, by name.
        python("# mcp-lint: ignore[MCP001]\n@mcp.tool()\ndef send(x: str) -> None: ...\n", &[]),
        python("@mcp.tool()  # mcp-lint: ignore[missing-annotations]\ndef send(x: str) -> None: ...\n", &[]),
        python("# mcp-lint: ignore\n@mcp.tool()\ndef get_x() -> str: ...\n", &[]),
        // Two lines above is too far: the finding stays, the comment is unused.
        python("# mcp-lint: ignore[MCP001]\n\n@mcp.tool()\ndef send(x: str) -> None: ...\n", &["3:MCP092", "5:MCP001"]),
        // A trailing directive covers only its own line.
        python("x = 1  # mcp-lint: ignore\n@mcp.tool()\ndef send(x: str) -> None: ...\n", &["3:MCP092", "4:MCP001"]),
        // Only the named codes, and what their findings replaced.
        python("# mcp-lint: ignore[MCP001]\n@mcp.tool()\ndef get_x() -> str: ...\n", &[]),
        python("# mcp-lint: ignore[MCP020]\n@mcp.tool()\ndef get_x() -> str: ...\n", &["4:MCP001"]),
        // Whole file.
        python("# mcp-lint: ignore-file\n@mcp.tool()\ndef get_x() -> str: ...\n", &[]),
        // Inside a string literal: not a directive.
        python("s = '# mcp-lint: ignore'\n@mcp.tool()\ndef send(x: str) -> None: ...\n", &["4:MCP001"]),
        // Unknown code.
        python("# mcp-lint: ignore[MCP999]\n@mcp.tool()\ndef send(x: str) -> None: ...\n", &["3:MCP092", "4:MCP001"]),
        // Directive-shaped text in a docstring or a string literal is not a
        // comment, in every language: nothing is suppressed.
        python(
            "\"\"\"Notes server.\n# mcp-lint: ignore-file\n\"\"\"\n@mcp.tool()\ndef send(x: str) -> None: ...\n",
            &["6:MCP001"],
        ),
        python(
            "s = \"\"\"\n# mcp-lint: ignore[MCP001]\"\"\"\n@mcp.tool()\ndef send(x: str) -> None: ...\n",
            &["5:MCP001"],
        ),
        ts(
            "const doc = `\n// mcp-lint: ignore-file\n`;\nserver.registerTool(\"send\", {}, async () => ({ content: [] }));\n",
            &["6:MCP001"],
        ),
        go("\tdoc := `\n// mcp-lint: ignore-file\n`\n\t_ = doc\n\tmcp.AddTool(s, &mcp.Tool{Name: \"send\"}, h)\n}\n", &["11:MCP001"]),
        rust(
            "    const DOC: &'static str = r#\"\n// mcp-lint: ignore-file\n\"#;\n    #[tool]\n    async fn send(&self) {}\n}\n",
            &["10:MCP001"],
        ),
        // A block comment that opens with the directive is a comment.
        ts("/* mcp-lint: ignore[MCP001] */\nserver.registerTool(\"send\", {}, async () => ({ content: [] }));\n", &[]),
    ]
}

#[test]
fn suppression_cases() {
    let mut failures = Vec::new();
    for (i, case) in cases().iter().enumerate() {
        let dir = tempfile::tempdir().expect("tempdir");
        let head = match case.file.rsplit('.').next() {
            Some("py") => PY_HEAD,
            Some("go") => GO_HEAD,
            Some("rs") => RS_HEAD,
            Some("ts") => TS_HEAD,
            _ => "",
        };
        let source = format!("{head}{}", case.source);
        std::fs::write(dir.path().join(case.file), &source).expect("write");
        let (_, out, err) = run_in(dir.path(), &["check", "--format", "json", "--exit-zero"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
        let mut got: Vec<String> = v["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|f| format!("{}:{}", f["line"], f["code"].as_str().expect("code")))
            .collect();
        got.sort();
        if got != case.expect {
            failures.push(format!(
                "case #{} ({}):\n{source}\n  expected {:?}\n  got {got:?}",
                i + 1,
                case.file,
                case.expect
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A suppression is judged against every rule, so narrowing the run does not
/// make it "unused", and MCP092 can be switched off like any rule.
#[test]
fn unused_is_judged_against_every_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = format!("{PY_HEAD}# mcp-lint: ignore[MCP001, MCP032]\n@mcp.tool()\ndef send(x: str) -> None: ...\n");
    std::fs::write(dir.path().join("server.py"), src).expect("write");
    for args in [&["check"][..], &["check", "--select", "MCP092"], &["check", "--profile", "strict"]] {
        let (code, out, _) = run_in(dir.path(), args);
        assert_eq!(code, 0, "{args:?}: {out}");
        assert!(out.starts_with("No findings"), "{args:?}: {out}");
    }
    std::fs::write(dir.path().join("mcp-lint.toml"), "ignore = [\"MCP092\"]\n").expect("write");
    let src = format!("{PY_HEAD}# mcp-lint: ignore[MCP011]\n@mcp.tool()\ndef send(x: str) -> None: ...\n");
    std::fs::write(dir.path().join("server.py"), src).expect("write");
    let (_, out, _) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero"]);
    assert!(!out.contains("MCP092") && out.contains("MCP001"), "{out}");
}

/// A finding reported in another file (a misspelt key in a shared preset)
/// is suppressed where it is reported.
#[test]
fn suppression_in_a_preset_module() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("presets.py"),
        "from mcp.types import ToolAnnotations\nLOCAL = ToolAnnotations(\n    readOnlyHint=True,\n    openWorldHint=False,\n    destructive=False,  # mcp-lint: ignore[MCP012] -- kept for an old client\n)\n",
    )
    .expect("write");
    std::fs::write(
        dir.path().join("server.py"),
        format!(
            "{PY_HEAD}from presets import LOCAL\n\n@mcp.tool(annotations=LOCAL)\ndef list_notes() -> list[str]: ...\n"
        ),
    )
    .expect("write");
    let (_, out, _) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero"]);
    assert!(out.starts_with("No findings"), "{out}");
    let (_, out, _) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero", "server.py"]);
    assert!(out.starts_with("No findings"), "{out}");
}

/// A suppression on any line a finding labels (the offending key) covers
/// it; findings that do not point at that line are untouched.
#[test]
fn suppression_on_a_labelled_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = |key_line: &str| {
        format!("{PY_HEAD}from mcp.types import ToolAnnotations\n\n@mcp.tool(\n    annotations=ToolAnnotations(\n        readOnlyHint=True,\n        {key_line}\n        openWorldHint=False,\n    )\n)\ndef list_notes() -> list[str]: ...\n")
    };
    let run = |src: String| {
        std::fs::write(dir.path().join("server.py"), src).expect("write");
        let (_, out, _) = run_in(dir.path(), &["check", "--profile", "strict", "--format", "concise", "--exit-zero"]);
        out
    };
    let out = run(server("destructiveHint=False,"));
    assert!(out.contains("server.py:5:1: info[MCP010]"), "the finding labels the key: {out}");
    let out = run(server("destructiveHint=False,  # mcp-lint: ignore[MCP010]"));
    assert!(!out.contains("MCP010") && out.contains("MCP032"), "{out}");
    // Naming another code there suppresses nothing, and is reported as unused.
    let out = run(server("destructiveHint=False,  # mcp-lint: ignore[MCP032]"));
    assert!(out.contains("info[MCP010]") && out.contains("MCP032"), "{out}");
    assert!(out.contains("server.py:8:52: info[MCP092]"), "{out}");
}
