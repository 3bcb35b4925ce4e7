//! `--format gitlab`: a GitLab Code Quality report (a JSON array of issues),
//! for the `codequality` artifact of a merge request.

use serde_json::{json, Value};

use crate::finding::{Finding, Severity};
use crate::fingerprint;
use crate::source::SourceMap;

/// Code Quality has five levels; ours map onto the lower three.
fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "major",
        Severity::Warning => "minor",
        Severity::Info => "info",
    }
}

pub fn render(findings: &[Finding], sources: &SourceMap) -> Value {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let issues: Vec<Value> = findings
        .iter()
        .map(|f| {
            let file = sources.get(f.file);
            let (begin, end) = f.span.map_or((1, 1), |s| {
                let start = file.line_col(s.start).0;
                (start, file.line_col(s.end.max(s.start)).0.max(start))
            });
            // Identical findings are told apart by their order in the file,
            // as in SARIF: GitLab keys an issue on its fingerprint alone.
            let base = fingerprint::sarif(f, &file.display, sources);
            let n = seen.entry(base.clone()).or_insert(0);
            *n += 1;
            json!({
                "type": "issue",
                "check_name": f.code,
                "description": format!("{} [{}]", f.message, f.code),
                "categories": ["Bug Risk"],
                "severity": level(f.severity),
                "fingerprint": fingerprint::hash(&[&base, &n.to_string()]),
                "location": {"path": file.display, "lines": {"begin": begin, "end": end}},
            })
        })
        .collect();
    Value::Array(issues)
}
