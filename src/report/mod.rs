//! Rendering. Renderers see findings, tools and sources — never rules.

pub mod concise;
pub mod full;
pub mod github;
pub mod gitlab;
pub mod inventory;
pub mod json;
pub mod junit;
pub mod markdown;
pub mod sarif;

use crate::finding::{Finding, Severity};

/// "Found 3 findings (1 error, 2 warnings) in 5 tools across 12 files."
pub fn summary_line(findings: &[Finding], tools: usize, files: usize) -> String {
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut parts = Vec::new();
    for (sev, one, many) in [
        (Severity::Error, "error", "errors"),
        (Severity::Warning, "warning", "warnings"),
        (Severity::Info, "info", "info"),
    ] {
        let n = count(sev);
        if n > 0 {
            parts.push(plural(n, one, many));
        }
    }
    let head = if findings.is_empty() {
        "No findings".to_string()
    } else {
        format!("Found {} ({})", plural(findings.len(), "finding", "findings"), parts.join(", "))
    };
    format!("{head} in {} across {}.", plural(tools, "tool", "tools"), plural(files, "file", "files"))
}

/// `--statistics`: how many findings each rule reported, most first.
pub fn statistics(findings: &[Finding]) -> Vec<(&'static str, &'static str, Severity, usize)> {
    let mut rows: Vec<(&'static str, &'static str, Severity, usize)> = Vec::new();
    for f in findings {
        match rows.iter_mut().find(|r| r.0 == f.code) {
            Some(r) => {
                r.3 += 1;
                r.2 = r.2.max(f.severity);
            }
            None => rows.push((f.code, f.name, f.severity, 1)),
        }
    }
    rows.sort_by(|a, b| b.3.cmp(&a.3).then(a.0.cmp(b.0)));
    rows
}
