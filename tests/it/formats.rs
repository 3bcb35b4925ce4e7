//! The CI formats as a CI system reads them: SARIF validated against the
//! official 2.1.0 schema, GitHub workflow commands with their escaping, the
//! Markdown job summary; snapshots of each on `tests/fixtures/ci/dirty`.

use std::path::Path;

use serde_json::Value;

use crate::{repo, run_in};

fn dirty() -> std::path::PathBuf {
    repo().join("tests/fixtures/ci/dirty")
}

/// Snapshots of this file live in `tests/snapshots/ci/`.
fn snapshots(f: impl FnOnce()) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(repo().join("tests/snapshots/ci"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(f);
}

fn sarif_schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(repo().join("tests/data/sarif-schema-2.1.0.json")).expect("schema copy");
    let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::draft4::options().should_validate_formats(true).build(&schema).expect("schema compiles")
}

fn assert_valid_sarif(doc: &Value) {
    let validator = sarif_schema();
    let errors: Vec<String> = validator.iter_errors(doc).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "SARIF does not match the 2.1.0 schema:\n{}", errors.join("\n"));
}

fn sarif_in(dir: &Path, args: &[&str], expect_code: i32) -> Value {
    let mut all = vec!["check", "--format", "sarif"];
    all.extend_from_slice(args);
    let (code, out, err) = run_in(dir, &all);
    assert_eq!(code, expect_code, "{err}");
    serde_json::from_str(&out).expect("SARIF is JSON")
}

#[test]
fn sarif_validates_against_the_schema() {
    let mut doc = sarif_in(&dirty(), &[], 1);
    assert_valid_sarif(&doc);
    // The validator does reject what the schema forbids (lines are 1-based).
    doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0.into();
    assert!(!sarif_schema().is_valid(&doc));
    // No findings still makes a valid log.
    assert_valid_sarif(&sarif_in(&repo().join("tests/fixtures/ci/clean"), &[], 0));
    // A path that needs percent-encoding and a file-level finding without a region.
    let dir = tempfile::tempdir().expect("tempdir");
    let odd = dir.path().join("my tools#1");
    std::fs::create_dir_all(&odd).expect("mkdir");
    std::fs::write(
        odd.join("server.py"),
        b"from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n@mcp.tool()\ndef f(): pass\n",
    )
    .expect("write");
    let doc = sarif_in(dir.path(), &[".", "missing-dir"], 2);
    assert_valid_sarif(&doc);
    let uris: Vec<&str> = doc["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().expect("uri"))
        .collect();
    assert!(uris.contains(&"my%20tools%231/server.py"), "{uris:?}");
    assert!(uris.contains(&"missing-dir"), "{uris:?}");
}

#[test]
fn sarif_driver_lists_every_rule_from_its_doc() {
    let doc = sarif_in(&dirty(), &[], 1);
    let rules = doc["runs"][0]["tool"]["driver"]["rules"].as_array().expect("rules");
    let (_, listed, _) = run_in(&dirty(), &["rules", "--format", "json"]);
    let listed: Value = serde_json::from_str(&listed).expect("json");
    let listed = listed.as_array().expect("array");
    assert!(!rules.is_empty());
    assert_eq!(rules.len(), listed.len());
    for (r, l) in rules.iter().zip(listed) {
        assert_eq!(r["id"], l["code"]);
        assert_eq!(r["name"], l["name"]);
        assert_eq!(r["shortDescription"]["text"], l["summary"]);
        let full = r["fullDescription"]["text"].as_str().expect("full description");
        assert!(full.len() > 80 && !full.contains("## "), "{full}");
        assert!(r["help"]["markdown"].as_str().expect("help").contains("## What it does"));
        let level = match l["severity"].as_str().expect("severity") {
            "info" | "off" => "note",
            s => s,
        };
        assert_eq!(r["defaultConfiguration"]["level"], level);
    }
    // Every result points at its rule.
    for res in doc["runs"][0]["results"].as_array().expect("results") {
        let i = res["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[i]["id"], res["ruleId"]);
    }
}

#[test]
fn sarif_snapshot() {
    let doc = sarif_in(&dirty(), &[], 1);
    let run = &doc["runs"][0];
    // The driver is the rule docs (tested above); the results are the report.
    snapshots(|| insta::assert_json_snapshot!("dirty.sarif-results", run["results"]));
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"].as_str().expect("root");
    assert!(root.starts_with("file:///") && root.ends_with("/tests/fixtures/ci/dirty/"), "{root}");
}

/// Fingerprints survive unrelated edits: lines inserted above a finding
/// change its region, not its fingerprint.
#[test]
fn sarif_fingerprints_ignore_line_moves() {
    let dir = tempfile::tempdir().expect("tempdir");
    for f in ["server.py", "presets.py"] {
        std::fs::copy(dirty().join(f), dir.path().join(f)).expect("copy");
    }
    let prints = |doc: &Value| -> Vec<(String, u64)> {
        doc["runs"][0]["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|r| {
                (
                    r["partialFingerprints"]["mcpLint/v1"].as_str().expect("fingerprint").to_string(),
                    r["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64().expect("line"),
                )
            })
            .collect()
    };
    let before = prints(&sarif_in(dir.path(), &[], 1));
    assert_eq!(before.len(), 5, "the dirty fixture's findings");
    let text = std::fs::read_to_string(dir.path().join("server.py")).expect("read");
    let moved = text.replacen("\nmcp = FastMCP", "\n# a comment\n# and another\n\nmcp = FastMCP", 1);
    std::fs::write(dir.path().join("server.py"), moved).expect("write");
    let preset = std::fs::read_to_string(dir.path().join("presets.py")).expect("read");
    std::fs::write(dir.path().join("presets.py"), format!("# moved\n{preset}")).expect("write");
    let after = prints(&sarif_in(dir.path(), &[], 1));
    assert_eq!(before.len(), after.len());
    for ((fa, la), (fb, lb)) in before.iter().zip(&after) {
        assert_eq!(fa, fb);
        assert_eq!(la + 3, *lb);
    }
    let unique: std::collections::BTreeSet<&String> = before.iter().map(|(f, _)| f).collect();
    assert_eq!(unique.len(), before.len(), "fingerprints are distinct: {before:?}");
}

#[test]
fn sarif_related_locations_point_at_the_preset() {
    let doc = sarif_in(&dirty(), &[], 1);
    let restock = doc["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|r| r["properties"]["tool"] == "restock")
        .expect("restock finding");
    let rel = &restock["relatedLocations"][0];
    assert_eq!(rel["physicalLocation"]["artifactLocation"]["uri"], "presets.py");
    assert_eq!(rel["physicalLocation"]["region"]["startLine"], 5);
    assert!(rel["message"]["text"].as_str().expect("text").contains("WRITE"));
}

#[test]
fn github_snapshot_and_levels() {
    let (code, out, _) = run_in(&dirty(), &["check", "--format", "github"]);
    assert_eq!(code, 1);
    snapshots(|| insta::assert_snapshot!("dirty.github", out));
    assert!(
        out.contains("::error file=server.py,line=30,col=24,endLine=30,endColumn=38,title=MCP012 misspelled-hint::")
    );
    assert!(out.contains("::notice file=server.py,"));
    // A command is one line: newlines in messages are escaped, so every
    // line but the closing summary is a whole command.
    let lines: Vec<&str> = out.lines().collect();
    let (summary, commands) = lines.split_last().expect("output");
    assert!(summary.starts_with("Found 5 findings"), "{summary}");
    assert_eq!(commands.len(), 5);
    for line in commands {
        assert!(line.starts_with("::") && line.contains(",title=MCP0"), "{line}");
    }
}

/// Paths with each character the workflow-command syntax reserves.
#[test]
fn github_escapes_paths() {
    let dir = tempfile::tempdir().expect("tempdir");
    let name = "we,ird:100%.py";
    std::fs::write(
        dir.path().join(name),
        b"from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n@mcp.tool()\ndef f(): pass\n",
    )
    .expect("write");
    let (_, out, _) = run_in(dir.path(), &["check", "--format", "github"]);
    assert!(out.starts_with("::warning file=we%2Cird%3A100%25.py,line=3,"), "{out}");
}

#[test]
fn markdown_snapshot() {
    let (code, out, _) = run_in(&dirty(), &["check", "--format", "markdown"]);
    assert_eq!(code, 1);
    snapshots(|| insta::assert_snapshot!("dirty.markdown", out));
}

/// `--summary` appends (a job summary holds every step's report), per tree.
#[test]
fn summary_appends_per_tree() {
    let ci = repo().join("tests/fixtures/ci");
    let dir = tempfile::tempdir().expect("tempdir");
    let summary = dir.path().join("summary.md");
    std::fs::write(&summary, "# earlier step\n").expect("write");
    let s = summary.to_str().expect("utf8");
    let (code, out, _) = run_in(&ci, &["check", "dirty", "clean", "--format", "concise", "--summary", s]);
    assert_eq!(code, 1);
    assert!(out.contains("server.py:11:1: warning[MCP001]"), "{out}");
    let text = std::fs::read_to_string(&summary).expect("summary written");
    assert!(text.starts_with("# earlier step\n## mcp-lint\n"), "{text}");
    assert!(text.contains("| `dirty` | 5 | 2 | 1 | 1 | 4 | 1 |"), "{text}");
    assert!(text.contains("| `clean` | 2 | 2 | 1 | 1 | 2 | 0 |"), "{text}");
    assert!(text.contains("| MCP012 | `misspelled-hint` | error | 1 |"), "{text}");
    assert_eq!(run_in(&ci, &["check", "clean", "--summary", s]).0, 0);
    let text = std::fs::read_to_string(&summary).expect("summary written");
    assert_eq!(text.matches("## mcp-lint").count(), 2);
    assert!(text.ends_with("No findings.\n\n"), "{text}");
}

/// Every flag `check --help` shows, and every format, is in the README.
#[test]
fn readme_documents_every_check_flag_and_format() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let (_, help, _) = run_in(&repo(), &["check", "--help"]);
    let flags: Vec<&str> = help
        .split_whitespace()
        .map(|w| w.trim_end_matches([',', ']']))
        .filter(|w| w.starts_with("--") && w.len() > 2 && !matches!(*w, "--help"))
        .map(|w| w.split(['=', '<']).next().unwrap_or(w))
        .collect();
    assert!(flags.contains(&"--summary") && flags.contains(&"--write-baseline"), "{flags:?}");
    for flag in flags {
        let documented = [" ", "`"].iter().any(|end| readme.contains(&format!("{flag}{end}")));
        assert!(documented, "README.md does not document {flag}");
    }
    for format in ["sarif", "github", "markdown", "gitlab", "junit"] {
        assert!(help.contains(&format!("- {format}:")), "{help}");
        assert!(readme.contains(&format!("\\|{format}")), "README.md does not list --format {format}");
    }
}
