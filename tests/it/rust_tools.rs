//! Rust tools that only a whole-program reading gets right.

use crate::bin;

/// The tools found in a Rust crate written here, as
/// `name readOnlyHint`.
fn rust_eval_tools(lib: &str) -> Vec<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("src")).expect("mkdir");
    std::fs::write(dir.path().join("Cargo.toml"), "[package]\nname = \"t\"\n").expect("write");
    std::fs::write(dir.path().join("src/lib.rs"), lib).expect("write");
    let out = bin().current_dir(dir.path()).args(["tools", "--format", "json"]).output().expect("mcp-lint runs");
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

#[test]
fn a_helper_naming_its_tool_from_a_parameter_is_no_tool_until_called() {
    let helper = "use rmcp::model::{Tool, ToolAnnotations};\n\
        fn read_tool(name: &'static str) -> Tool { Tool::new(name, \"d\", s()).annotate(ToolAnnotations::new().read_only(true)) }\n";
    // Nothing calls it: it forwards its callers' names, and has none.
    assert!(rust_eval_tools(helper).is_empty());
    let called = format!("{helper}pub fn tools() -> Vec<Tool> {{ vec![read_tool(\"list\"), read_tool(\"show\")] }}\n");
    assert_eq!(rust_eval_tools(&called), ["list true", "show true"]);
}
