//! Fixture cases: one directory per SDK shape, look-alike or resolution
//! form. Each case is checked twice:
//! - inline `# expect: MCPnnn` markers must equal the (file, line, code) set
//!   of the findings, so a carelessly blessed snapshot cannot hide a lost hit;
//! - the `full` output and the `tools --format json` inventory are insta
//!   snapshots a reviewer can read.

use std::collections::BTreeSet;
use std::path::Path;

use crate::{fixtures, run_in};

/// (file, line, code) triples from `# expect:` markers in every file of a case.
fn markers(case: &Path) -> BTreeSet<(String, u32, String)> {
    let mut out = BTreeSet::new();
    for p in crate::files_under(case) {
        let Ok(text) = std::fs::read_to_string(&p) else { continue };
        let rel = p.strip_prefix(case).expect("inside case").to_string_lossy().replace('\\', "/");
        for (i, line) in text.lines().enumerate() {
            for marker in ["# expect:", "// expect:"] {
                if let Some(pos) = line.find(marker) {
                    for code in line[pos + marker.len()..].split(',') {
                        out.insert((rel.clone(), i as u32 + 1, code.trim().to_string()));
                    }
                }
            }
        }
    }
    out
}

fn findings(case: &Path) -> BTreeSet<(String, u32, String)> {
    let (_, stdout, stderr) = run_in(case, &["check", "--format", "json", "--exit-zero"]);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("json ({e}): {stdout}{stderr}"));
    v["findings"]
        .as_array()
        .expect("findings array")
        .iter()
        .map(|f| {
            (
                f["file"].as_str().expect("file").to_string(),
                f["line"].as_u64().expect("line") as u32,
                f["code"].as_str().expect("code").to_string(),
            )
        })
        .collect()
}

pub(crate) fn check_lang(lang: &str) {
    let mut failures = Vec::new();
    for case in fixtures(lang) {
        let name = case.file_name().expect("name").to_string_lossy().into_owned();
        let expected = markers(&case);
        let actual = findings(&case);
        if expected != actual {
            let missing: Vec<_> = expected.difference(&actual).collect();
            let extra: Vec<_> = actual.difference(&expected).collect();
            failures.push(format!("{name}:\n  missing {missing:?}\n  unexpected {extra:?}"));
        }
    }
    assert!(failures.is_empty(), "expect markers differ from findings:\n{}", failures.join("\n"));
}

fn snapshot_lang(lang: &str) {
    for case in fixtures(lang) {
        let name = case.file_name().expect("name").to_string_lossy().into_owned();
        let (_, full, _) = run_in(&case, &["check", "--color", "never"]);
        let (_, tools, _) = run_in(&case, &["tools", "--format", "json"]);
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(crate::repo().join("tests/snapshots").join(lang));
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| {
            insta::assert_snapshot!(format!("{name}.full"), full);
            insta::assert_snapshot!(format!("{name}.tools"), tools);
        });
    }
}

#[test]
fn python_expect_markers() {
    check_lang("python");
}

#[test]
fn python_snapshots() {
    snapshot_lang("python");
}

#[test]
fn rust_expect_markers() {
    check_lang("rust");
}

#[test]
fn rust_snapshots() {
    snapshot_lang("rust");
}

/// The `check --format json` and `concise` renderings of cases that carry
/// every kind of finding (preset labels, misspelt keys, invalid values).
#[test]
fn python_report_formats() {
    for name in ["mixed-annotated", "preset-bad-values", "broken-file"] {
        let case = crate::repo().join("tests/fixtures/python").join(name);
        let (_, json, _) = run_in(&case, &["check", "--format", "json"]);
        let (_, concise, _) = run_in(&case, &["check", "--format", "concise"]);
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(crate::repo().join("tests/snapshots/python"));
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| {
            insta::assert_snapshot!(format!("{name}.json"), json);
            insta::assert_snapshot!(format!("{name}.concise"), concise);
        });
    }
}

#[test]
fn go_expect_markers() {
    check_lang("go");
}

#[test]
fn go_snapshots() {
    snapshot_lang("go");
}

#[test]
fn kotlin_expect_markers() {
    check_lang("kotlin");
}

#[test]
fn kotlin_snapshots() {
    snapshot_lang("kotlin");
}

/// The `check --format json` and `concise` renderings of Go cases with
/// definitions in other files and SDK-sent defaults.
#[test]
fn go_report_formats() {
    for name in ["multi-file-package", "mcp-go-options", "broken-file"] {
        let case = crate::repo().join("tests/fixtures/go").join(name);
        let (_, json, _) = run_in(&case, &["check", "--format", "json"]);
        let (_, concise, _) = run_in(&case, &["check", "--format", "concise"]);
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(crate::repo().join("tests/snapshots/go"));
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| {
            insta::assert_snapshot!(format!("{name}.json"), json);
            insta::assert_snapshot!(format!("{name}.concise"), concise);
        });
    }
}

#[test]
fn java_expect_markers() {
    check_lang("java");
}

#[test]
fn java_snapshots() {
    snapshot_lang("java");
}

#[test]
fn csharp_expect_markers() {
    check_lang("csharp");
}

#[test]
fn csharp_snapshots() {
    snapshot_lang("csharp");
}

#[test]
fn typescript_expect_markers() {
    check_lang("typescript");
}

#[test]
fn typescript_snapshots() {
    snapshot_lang("typescript");
}

/// Every per-case snapshot belongs to a case that still exists, so a renamed
/// or deleted fixture cannot leave a stale snapshot that nothing checks.
#[test]
fn no_orphaned_case_snapshots() {
    let mut orphans = Vec::new();
    for lang in ["python", "typescript", "go", "rust"] {
        let cases: Vec<String> =
            fixtures(lang).iter().map(|c| c.file_name().expect("name").to_string_lossy().into_owned()).collect();
        for entry in std::fs::read_dir(crate::repo().join("tests/snapshots").join(lang)).expect("snapshot dir") {
            let name = entry.expect("entry").file_name().to_string_lossy().into_owned();
            let case = name.split('.').next().unwrap_or("");
            if !cases.iter().any(|c| c == case) {
                orphans.push(format!("{lang}/{name}"));
            }
        }
    }
    assert!(orphans.is_empty(), "snapshots without a fixture case: {orphans:?}");
}
