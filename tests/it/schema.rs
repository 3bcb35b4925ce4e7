//! The JSON output contract ships as JSON Schema (`docs/schema/`), derived
//! from the typed structs the renderers serialise. The committed files must
//! equal the generated ones (regenerate with `MCP_LINT_WRITE_SCHEMA=1 cargo
//! test --test it schema`), and real output must validate against them.

use std::path::PathBuf;

use crate::{fixtures, repo, run_in};

fn committed(name: &str) -> (PathBuf, Option<serde_json::Value>) {
    let path = repo().join("docs/schema").join(name);
    let value = std::fs::read_to_string(&path).ok().map(|t| serde_json::from_str(&t).expect("schema is JSON"));
    (path, value)
}

#[test]
fn committed_schemas_equal_the_generated_ones() {
    for (name, generated) in
        [("check.json", mcp_lint::report::json::schema()), ("tools.json", mcp_lint::report::inventory::schema())]
    {
        let (path, on_disk) = committed(name);
        if std::env::var_os("MCP_LINT_WRITE_SCHEMA").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, serde_json::to_string_pretty(&generated).unwrap() + "\n").unwrap();
            continue;
        }
        assert_eq!(
            on_disk.as_ref(),
            Some(&generated),
            "{} is out of date: regenerate with MCP_LINT_WRITE_SCHEMA=1 cargo test --test it schema",
            path.display()
        );
    }
}

/// Every fixture tree and the demo server, through both JSON outputs.
#[test]
fn real_output_validates_against_the_schemas() {
    let check = jsonschema::validator_for(&committed("check.json").1.expect("docs/schema/check.json")).unwrap();
    let tools = jsonschema::validator_for(&committed("tools.json").1.expect("docs/schema/tools.json")).unwrap();
    let mut trees: Vec<PathBuf> = ["python", "typescript", "go", "rust"].iter().flat_map(|l| fixtures(l)).collect();
    trees.push(repo().join("examples/notes-server"));
    let (mut findings, mut listed, mut related, mut presets) = (0, 0, 0, 0);
    for tree in &trees {
        let dir = tree.to_str().unwrap();
        let (_, out, err) = run_in(&repo(), &["check", "--profile", "strict", "--format", "json", "--exit-zero", dir]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{dir}: {e}: {err}"));
        let errors: Vec<String> = check.iter_errors(&v).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        assert!(errors.is_empty(), "{dir}: check output does not match docs/schema/check.json: {errors:#?}");
        let list = v["findings"].as_array().unwrap();
        findings += list.len();
        related += list.iter().filter(|f| !f["related"].as_array().unwrap().is_empty()).count();
        let (_, out, err) = run_in(&repo(), &["tools", "--format", "json", dir]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{dir}: {e}: {err}"));
        let errors: Vec<String> = tools.iter_errors(&v).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        assert!(errors.is_empty(), "{dir}: tools output does not match docs/schema/tools.json: {errors:#?}");
        let list = v["tools"].as_array().unwrap();
        listed += list.len();
        presets += list.iter().filter(|t| t.get("preset").is_some()).count();
    }
    // The outputs exercised every optional part of the schemas.
    assert!(findings > 100 && related > 10 && listed > 100 && presets > 5, "{findings} {related} {listed} {presets}");
}

/// The schemas reject what the contract forbids (so validation can fail).
#[test]
fn schemas_reject_output_that_breaks_the_contract() {
    let check = jsonschema::validator_for(&committed("check.json").1.expect("docs/schema/check.json")).unwrap();
    let ok = serde_json::json!({"version": 1, "findings": [], "summary": {"files_scanned": 0, "tools": 0, "findings": 0, "errors": 0, "warnings": 0, "info": 0}});
    assert!(check.is_valid(&ok));
    let mut wrong_version = ok.clone();
    wrong_version["version"] = 2.into();
    assert!(!check.is_valid(&wrong_version));
    let mut bad_severity = ok.clone();
    bad_severity["findings"] = serde_json::json!([{"code": "MCP001", "name": "n", "severity": "fatal", "message": "m", "file": "f", "line": 1, "column": 1, "end_line": 1, "end_column": 1, "tool": null, "help": null, "related": []}]);
    assert!(!check.is_valid(&bad_severity));
    let tools = jsonschema::validator_for(&committed("tools.json").1.expect("docs/schema/tools.json")).unwrap();
    let hint = |v: serde_json::Value| {
        serde_json::json!({"version": 1, "tools": [{"name": "t", "file": "f", "line": 1, "column": 1, "language": "go", "api": "a", "annotations": "none",
            "hints": {"title": "absent", "readOnlyHint": v, "destructiveHint": "absent", "idempotentHint": true, "openWorldHint": "invalid"}, "params": null}],
            "summary": {"files_scanned": 1, "tools": 1}})
    };
    assert!(tools.is_valid(&hint(serde_json::json!("unresolved"))));
    assert!(!tools.is_valid(&hint(serde_json::json!("maybe"))));
    assert!(!tools.is_valid(&hint(serde_json::json!(null))));
}
