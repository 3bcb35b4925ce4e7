//! `--format json`: the version-1 contract of design.md. Fields are only
//! ever added within a version.

use serde_json::{json, Value};

use crate::finding::{Finding, Severity};
use crate::source::{SourceMap, Span};

fn location(sources: &SourceMap, span: Option<Span>) -> (u32, u32, u32, u32) {
    match span {
        Some(s) => {
            let l = sources.location(s);
            (l.line, l.column, l.end_line, l.end_column)
        }
        None => (1, 1, 1, 1),
    }
}

pub fn findings(findings: &[Finding], sources: &SourceMap, tools: usize, files: usize) -> Value {
    let list: Vec<Value> = findings
        .iter()
        .map(|f| {
            let (line, column, end_line, end_column) = location(sources, f.span);
            let related: Vec<Value> = f
                .labels
                .iter()
                .map(|l| {
                    let (line, column, end_line, end_column) = location(sources, Some(l.span));
                    json!({"file": sources.get(l.span.file).display, "line": line, "column": column,
                           "end_line": end_line, "end_column": end_column, "message": l.message})
                })
                .collect();
            json!({
                "code": f.code,
                "name": f.name,
                "severity": f.severity.as_str(),
                "message": f.message,
                "file": sources.get(f.file).display,
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
                "tool": f.tool,
                "help": f.help,
                "related": related,
            })
        })
        .collect();
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    json!({
        "version": 1,
        "findings": list,
        "summary": {
            "files_scanned": files,
            "tools": tools,
            "findings": findings.len(),
            "errors": count(Severity::Error),
            "warnings": count(Severity::Warning),
            "info": count(Severity::Info),
        }
    })
}
