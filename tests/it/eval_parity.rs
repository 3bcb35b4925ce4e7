//! Moving Go and Rust onto the evaluator: every Go and Rust fixture is
//! linted twice, as shipped (their frontends' recognisers) and with the
//! evaluator alone (`MCP_LINT_EVAL_ONLY=go,rust`, see
//! `resolve::on_evaluator`), and the tool inventories and finding lists are
//! compared, as they were for Python and TypeScript/JavaScript.
//!
//! `GAPS` lists the fixtures the evaluator and its SDK tables do not cover
//! yet. A fixture outside it must come out the same both ways; one inside it
//! must still differ, so an entry is removed as soon as its gap closes. When
//! the list is empty the recognisers can go.

use crate::{bin, fixtures};

/// Fixtures the evaluator alone does not reproduce yet.
const GAPS: &[&str] = &[
    "go/annotation-table",
    // The recognisers miss what the evaluator now finds (h11go): error-path
    // returns, init() registries, two definitions of one name at one site,
    // string(TypedConst) names.
    "go/error-path-returns",
    "go/helper-forms",
    "go/init-registry",
    "go/mcp-go-options",
    "go/mcp-go-toolsets",
    "go/same-name-definitions",
    "go/tool-builders",
    "go/tool-factories",
    "go/toolset-registry",
    "go/typed-names",
    "rust/broken-file",
    "rust/rmcp-builders",
    "rust/rmcp-list-tools-glob",
];

/// One line per tool (where it is reported, its name, its hints) and one per
/// finding (code, place, tool): the tools alone miss what rules read beyond
/// the hints (a handler's parameters, a description).
fn inventory(case: &std::path::Path, eval_only: bool) -> Vec<String> {
    let json = |args: &[&str]| -> serde_json::Value {
        let mut cmd = bin();
        cmd.current_dir(case).args(args).env_remove("MCP_LINT_EVAL_ONLY");
        if eval_only {
            cmd.env("MCP_LINT_EVAL_ONLY", "go,rust");
        }
        let out = cmd.output().expect("mcp-lint runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("json ({e}): {stdout}"))
    };
    let tools = json(&["tools", "--format", "json"]);
    let findings = json(&["check", "--format", "json", "--exit-zero"]);
    let mut rows: Vec<String> = tools["tools"]
        .as_array()
        .expect("tools array")
        .iter()
        .map(|t| format!("tool {} {}:{}:{} {}", t["name"], t["file"], t["line"], t["column"], t["hints"]))
        .chain(
            findings["findings"]
                .as_array()
                .expect("findings array")
                .iter()
                .map(|f| format!("finding {} {}:{} {}", f["code"], f["file"], f["line"], f["tool"])),
        )
        .collect();
    rows.sort();
    rows
}

#[test]
fn evaluator_alone_matches_the_recognisers_outside_the_gaps() {
    let mut failures = vec![];
    let mut seen = vec![];
    for lang in ["go", "rust"] {
        for case in fixtures(lang) {
            let name = format!("{lang}/{}", case.file_name().expect("name").to_string_lossy());
            let gap = GAPS.contains(&name.as_str());
            seen.push(name.clone());
            let (shipped, alone) = (inventory(&case, false), inventory(&case, true));
            match (gap, shipped == alone) {
                (false, false) => failures.push(format!(
                    "{name}: the evaluator alone differs\n  shipped: {shipped:#?}\n  evaluator alone: {alone:#?}"
                )),
                (true, true) => failures.push(format!("{name}: the evaluator covers it now; remove it from GAPS")),
                _ => {}
            }
        }
    }
    for gap in GAPS {
        if !seen.iter().any(|s| s == gap) {
            failures.push(format!("{gap}: listed in GAPS but no such fixture"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The tools the evaluator alone finds in a Rust crate written here, as
/// `name readOnlyHint`.
fn rust_eval_tools(lib: &str) -> Vec<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("src")).expect("mkdir");
    std::fs::write(dir.path().join("Cargo.toml"), "[package]\nname = \"t\"\n").expect("write");
    std::fs::write(dir.path().join("src/lib.rs"), lib).expect("write");
    let out = bin()
        .current_dir(dir.path())
        .args(["tools", "--format", "json"])
        .env("MCP_LINT_EVAL_ONLY", "rust")
        .output()
        .expect("mcp-lint runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let mut rows: Vec<String> = json["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .map(|t| format!("{} {}", t["name"].as_str().unwrap_or("?"), t["hints"]["readOnlyHint"]))
        .collect();
    rows.sort();
    rows
}

#[test]
fn a_factory_is_the_tool_its_caller_annotates() {
    let factory = "use rmcp::model::{Tool, ToolAnnotations};\n\
        fn base(d: &'static str) -> Tool { Tool::new(\"search\", d, s()) }\n";
    let called = format!("{factory}pub fn tools() -> Vec<Tool> {{ vec![base(\"S\").annotate(ToolAnnotations::new().read_only(true))] }}\n");
    assert_eq!(rust_eval_tools(&called), ["search true"]);
    // Nothing calls it: the tool it makes is bare.
    assert_eq!(rust_eval_tools(factory), ["search \"absent\""]);
}
