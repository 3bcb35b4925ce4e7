//! Pathological inputs (issue 15): each once overflowed the stack or took
//! quadratic time. Each is generated small, run alone and all together;
//! the run must end with exit 1 (the file's ordinary tool) and a message.
//! No wall time is asserted; a watchdog turns a hang into a failure.

use std::path::Path;
use std::time::Duration;

use crate::bin;

const PY_HEAD: &str =
    "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP(\"x\")\n\n\n@mcp.tool()\ndef ok() -> str:\n    return \"\"\n\n\n";
const TS_HEAD: &str = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n\
const server = new McpServer({ name: \"x\", version: \"1\" });\n\
server.registerTool(\"ok\", {}, async () => ({ content: [] }));\n";
const GO_HEAD: &str = "package main\n\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\n\n\
func main() {\n\tserver := mcp.NewServer(&mcp.Implementation{Name: \"x\"}, nil)\n\
\tmcp.AddTool(server, &mcp.Tool{Name: \"ok\"}, nil)\n}\n\n";
const RS_HEAD: &str = "use rmcp::{tool, tool_router};\n\nstruct S;\n\n#[tool_router]\nimpl S {\n\
    #[tool(description = \"ok\")]\n    async fn ok(&self) -> String {\n        String::new()\n    }\n}\n\n";

/// (file name, text, whether the file's ordinary tool must still be found).
fn reproducers() -> Vec<(&'static str, String, bool)> {
    let rs = |link: &str, n: usize| format!("{RS_HEAD}fn g() {{ let _x = a{}; }}\n", link.repeat(n));
    vec![
        ("py_attr_chain.py", format!("{PY_HEAD}X = a{}\n", ".b".repeat(6500)), true),
        (
            "py_attr_hint.py",
            format!("{PY_HEAD}@mcp.tool(annotations=a{})\ndef t() -> None:\n    pass\n", ".b".repeat(6500)),
            true,
        ),
        ("ts_attr_chain.ts", format!("{TS_HEAD}const X = a{};\n", ".b".repeat(6500)), true),
        (
            "ts_attr_hint.ts",
            format!(
                "{TS_HEAD}server.registerTool(\"t\", {{ annotations: a{} }}, async () => ({{ content: [] }}));\n",
                ".b".repeat(6500)
            ),
            true,
        ),
        ("rs_call_chain.rs", format!("{RS_HEAD}fn g() {{ f{}; }}\n", "()".repeat(1610)), true),
        ("rs_plus_chain.rs", rs(" + 1", 10_000), true),
        ("rs_plus_900.rs", rs(" + 1", 900), true),
        ("rs_as_chain.rs", rs(" as u8", 10_000), true),
        ("rs_and_chain.rs", rs(" && a", 10_000), true),
        ("rs_index_chain.rs", rs("[0]", 10_000), true),
        ("rs_try_chain.rs", rs("?", 10_000), true),
        ("rs_method_chain.rs", rs(".b()", 10_000), true),
        ("go_call_chain.go", format!("{GO_HEAD}var X = a{}\n", ".b()".repeat(8000)), true),
        // Tree-sitter's error recovery: the file may be given up (MCP090).
        ("js_empty_strings.js", format!("{TS_HEAD}{}\n", "\"\" ".repeat(20_000)), false),
        ("ts_template_nest.ts", format!("{TS_HEAD}const t = {}\n", "`${".repeat(100_000)), false),
        ("py_fstring_nest.py", format!("{PY_HEAD}s = {}\n", "f\"".repeat(100_000)), true),
        ("go_rune.go", format!("{GO_HEAD}var r = '{}'\n", "a".repeat(700_000)), true),
        // A string doubled in an unrolled loop: 2^40 bytes unless capped (the
        // Python one aborted the run at 1.3 GB before the cap).
        (
            "py_string_doubling.py",
            format!("{PY_HEAD}s = \"ab\"\nfor _ in range(40):\n    s = s + s\n    t = s.replace(\"a\", s)\n\n\n@mcp.tool(name=s)\ndef big() -> None:\n    pass\n"),
            true,
        ),
        (
            "ts_string_doubling.ts",
            format!("{TS_HEAD}let s = \"ab\";\nfor (const _ of Array.from({{ length: 40 }})) {{ s = `${{s}}${{s.replaceAll(\"a\", s)}}`; }}\nserver.registerTool(s, {{}}, async () => ({{ content: [] }}));\n"),
            true,
        ),
        (
            "py_add_tool_many.py",
            format!(
                "{PY_HEAD}{}{}",
                (0..10_000).map(|i| format!("def t{i}() -> None:\n    pass\n\n")).collect::<String>(),
                (0..10_000).map(|i| format!("mcp.add_tool(t{i})\n")).collect::<String>()
            ),
            true,
        ),
    ]
}

/// `mcp-lint check --format json PATH` with a watchdog; (exit code, json).
fn check(path: &Path) -> (i32, serde_json::Value) {
    let out = bin()
        .args(["check", "--format", "json"])
        .arg(path)
        .timeout(Duration::from_secs(120))
        .output()
        .expect("mcp-lint runs");
    let code = out.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(matches!(code, 0..=2), "{}: exit {code} (killed, aborted or hung?) {stderr}", path.display());
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()));
    (code, json)
}

fn codes(json: &serde_json::Value, file: &str) -> Vec<String> {
    json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["file"].as_str().is_some_and(|p| p.ends_with(file)))
        .map(|f| f["code"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn each_pathological_input_ends_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, keeps_tool) in reproducers() {
        let path = dir.path().join(name);
        std::fs::write(&path, &text).unwrap();
        let (code, json) = check(&path);
        let found = codes(&json, name);
        // Either the ordinary tool is reported or the file is (MCP090).
        assert!(found.iter().any(|c| c == "MCP001" || c == "MCP090"), "{name}: {found:?}");
        if keeps_tool {
            assert_eq!(code, 1, "{name}: {found:?}");
            assert!(found.iter().any(|c| c == "MCP001"), "{name} lost its tool: {found:?}");
        }
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn a_tree_of_all_of_them_still_reports_the_other_files() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, _) in reproducers() {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    std::fs::write(dir.path().join("plain.py"), PY_HEAD).unwrap();
    let (code, json) = check(dir.path());
    assert_eq!(code, 1);
    assert_eq!(codes(&json, "plain.py"), ["MCP001"]);
    let kept = reproducers().iter().filter(|(_, _, keeps)| *keeps).count();
    assert!(json["summary"]["tools"].as_u64().unwrap() as usize >= kept + 1 + 10_000);
}

#[test]
fn ten_thousand_registrations_are_all_found() {
    let dir = tempfile::tempdir().unwrap();
    let py: String = (0..10_000).map(|i| format!("@mcp.tool()\ndef t{i}() -> None:\n    pass\n\n")).collect();
    let ts: String = (0..10_000)
        .map(|i| format!("server.registerTool(\"t{i}\", {{}}, async () => ({{ content: [] }}));\n"))
        .collect();
    std::fs::write(dir.path().join("many.py"), format!("{PY_HEAD}{py}")).unwrap();
    std::fs::write(dir.path().join("many.ts"), format!("{TS_HEAD}{ts}")).unwrap();
    let (code, json) = check(dir.path());
    assert_eq!(code, 1);
    assert_eq!(json["summary"]["tools"].as_u64(), Some(2 * 10_001));
}

/// The same one-tool server in every language, lines joined by `eol`.
fn servers(eol: &str) -> Vec<(&'static str, String)> {
    let join = |text: &str| text.replace('\n', eol);
    vec![("s.py", join(PY_HEAD)), ("s.ts", join(TS_HEAD)), ("s.go", join(GO_HEAD)), ("s.rs", join(RS_HEAD))]
}

#[test]
fn every_line_ending_keeps_tools_and_positions() {
    // (line, column) of each server's tool registration, from the LF text.
    let expect = [("s.py", (6, 1)), ("s.ts", (3, 1)), ("s.go", (7, 2)), ("s.rs", (7, 1))];
    for eol in ["\n", "\r\n", "\r"] {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in servers(eol) {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let (code, json) = check(dir.path());
        assert_eq!(code, 1, "{eol:?}");
        for (name, (line, column)) in expect {
            let f = json["findings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["file"].as_str().is_some_and(|p| p.ends_with(name)) && f["code"] == "MCP001")
                .unwrap_or_else(|| panic!("{name} with {eol:?}: no MCP001 in {json}"));
            assert_eq!((f["line"].as_u64(), f["column"].as_u64()), (Some(line), Some(column)), "{name} {eol:?}");
        }
        // The human formats point at the same line.
        let out = bin().current_dir(dir.path()).args(["check", "s.py"]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("s.py:6:1") && text.contains("6 | @mcp.tool()"), "{eol:?}: {text}");
        let out = bin().current_dir(dir.path()).args(["check", "s.py", "--format", "concise"]).output().unwrap();
        assert!(String::from_utf8_lossy(&out.stdout).contains("s.py:6:1"), "{eol:?}");
    }
}

#[test]
fn mixed_line_endings_count_each_break_once() {
    let dir = tempfile::tempdir().unwrap();
    // Lines 1-2 end in CR, 3-4 in CRLF, the rest in LF: the tool is on line 6.
    let lines: Vec<&str> = PY_HEAD.split('\n').collect();
    let mut text = String::new();
    for (i, l) in lines.iter().enumerate() {
        text.push_str(l);
        if i + 1 < lines.len() {
            text.push_str(match i {
                0 | 1 => "\r",
                2 | 3 => "\r\n",
                _ => "\n",
            });
        }
    }
    std::fs::write(dir.path().join("m.py"), text).unwrap();
    let (_, json) = check(&dir.path().join("m.py"));
    let f = &json["findings"][0];
    assert_eq!((f["code"].as_str(), f["line"].as_u64(), f["column"].as_u64()), (Some("MCP001"), Some(6), Some(1)));
}

/// A small deterministic generator (xorshift): the property test below needs
/// no crate and replays the same cases everywhere.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random expression in `lang`'s syntax, nested `depth` levels, with
/// chains up to 3,000 links long; linear in size (no part is repeated).
fn expression(rng: &mut Rng, lang: &str, depth: u32) -> String {
    if depth == 0 {
        return ["a", "1", "\"s\"", "true"][rng.below(4) as usize].to_string();
    }
    let inner = expression(rng, lang, depth - 1);
    // Long chains only while the text stays small (under 200 KB).
    let n = if inner.len() > 200_000 { 1 } else { [1, 2, 50, 3000][rng.below(4) as usize] };
    match rng.below(9) {
        0 => format!("f({inner})"),
        1 => format!("{inner}{}", ".b".repeat(n)),
        2 => format!("{inner}{}", "[0]".repeat(n)),
        3 => format!("{inner}{}", " + a".repeat(n)),
        4 => format!("({inner})"),
        5 => format!("[{inner}, a]"),
        6 if lang == "go" => format!("map[string]any{{\"k\": {inner}}}"),
        6 if lang == "rs" => format!("S {{ k: {inner} }}"),
        6 => format!("{{\"k\": {inner}}}"),
        7 => format!("{inner}{}", ".b()".repeat(n)),
        // Cut short: a syntax error somewhere inside.
        _ => inner[..inner.len() / 2].to_string(),
    }
}

#[test]
fn random_nested_and_chained_expressions_parse_on_a_default_stack() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut cases = Vec::new();
    for i in 0..24 {
        for lang in ["py", "ts", "go", "rs"] {
            let depth = [3, 30, 300][i % 3];
            let e = expression(&mut rng, lang, depth);
            let text = match lang {
                "py" => format!("{PY_HEAD}@mcp.tool(annotations={e})\ndef t() -> None:\n    pass\n"),
                "ts" => format!(
                    "{TS_HEAD}server.registerTool(\"t\", {{ annotations: {e} }}, async () => ({{ content: [] }}));\n"
                ),
                "go" => format!("{GO_HEAD}var X = {e}\n"),
                _ => format!("{RS_HEAD}fn g() {{ let _x = {e}; }}\n"),
            };
            cases.push((lang, text));
        }
    }
    // Worker threads have the default 2 MiB stack; so does this one.
    let worker = std::thread::Builder::new().stack_size(2 << 20).spawn(move || {
        for (i, (lang, text)) in cases.iter().enumerate() {
            let (ml, path) = match *lang {
                "py" => (mcp_lint::model::Lang::Python, "s.py"),
                "ts" => (mcp_lint::model::Lang::TypeScript, "s.ts"),
                "go" => (mcp_lint::model::Lang::Go, "s.go"),
                _ => (mcp_lint::model::Lang::Rust, "s.rs"),
            };
            // The frontend alone first: a panic there names the case.
            mcp_lint::frontend::parse(ml, mcp_lint::source::FileId(0), Path::new(path), text)
                .unwrap_or_else(|e| panic!("case {i} ({lang}) panicked: {e}"));
            // Every language's tools are the evaluator's: the whole run, on
            // this thread's stack.
            let opts = mcp_lint::Options { threads: 1, ..Default::default() };
            let run = mcp_lint::check_buffer(Path::new(path), text.clone().into_bytes(), opts);
            assert!(
                !run.tools.is_empty() || run.findings.iter().any(|f| f.code == "MCP090"),
                "case {i} ({lang}): the head tool was lost without a problem"
            );
        }
    });
    assert!(worker.expect("spawn").join().is_ok());
}

/// Inputs the long fuzz runs found, kept in the seed corpus as
/// `regression_*` (so CI's short fuzz run replays them too): each ends with
/// a report, within the watchdog. The first: a 1 KB TypeScript file that
/// made enough classes for a quadratic check in the root rounds to take 98 s.
#[test]
fn inputs_the_fuzzers_found_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut seen = 0;
    // The TypeScript target reads each input as TypeScript and as JavaScript.
    for (target, ext) in [
        ("python", "py"),
        ("typescript", "ts"),
        ("typescript", "js"),
        ("go", "go"),
        ("rust", "rs"),
        ("java", "java"),
        ("kotlin", "kt"),
        ("csharp", "cs"),
    ] {
        let corpus = crate::repo().join("fuzz/corpus").join(target);
        for entry in std::fs::read_dir(&corpus).unwrap().filter_map(|e| e.ok()) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with("regression_") {
                continue;
            }
            let path = dir.path().join(format!("{name}.{ext}"));
            std::fs::copy(entry.path(), &path).unwrap();
            let (code, _) = check(&path);
            assert!(matches!(code, 0 | 1), "{name}: exit {code}");
            seen += 1;
        }
    }
    assert!(seen >= 1, "no regression_* inputs in fuzz/corpus");
}
