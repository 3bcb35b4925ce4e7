//! `--format sarif`: SARIF 2.1.0 for code scanning (e.g.
//! `github/codeql-action/upload-sarif`). The driver lists every rule of the
//! catalogue from its documentation; results carry 1-based regions,
//! related locations for the labels (a preset's definition) and a
//! line-independent fingerprint.

use std::path::Path;

use serde_json::{json, Value};

use crate::finding::{Finding, Severity};
use crate::fingerprint;
use crate::rules::RuleInfo;
use crate::source::{SourceMap, Span};

pub const SCHEMA: &str = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
/// The key of our `partialFingerprints`; the suffix versions the recipe.
pub const FINGERPRINT_KEY: &str = "mcpLint/v1";

fn level(s: Option<Severity>) -> &'static str {
    match s {
        Some(Severity::Error) => "error",
        Some(Severity::Warning) => "warning",
        Some(Severity::Info) | None => "note",
    }
}

/// The text of one `## Heading` section of a rule document.
fn section<'a>(body: &'a str, heading: &str) -> Option<&'a str> {
    let start = body.find(&format!("## {heading}\n"))? + heading.len() + 4;
    let rest = &body[start..];
    let end = rest.find("\n## ").map_or(rest.len(), |i| i + 1);
    Some(rest[..end].trim())
}

/// Plain text: the docs' hard-wrapped lines joined, paragraphs kept.
fn unwrap(text: &str) -> String {
    text.split("\n\n").map(|p| p.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n\n")
}

fn rule(info: &RuleInfo) -> Value {
    let full = match (section(info.body, "What it does"), section(info.body, "Why it matters")) {
        (Some(what), Some(why)) => format!("{}\n\n{}", unwrap(what), unwrap(why)),
        (Some(what), None) => unwrap(what),
        _ => info.summary.clone(),
    };
    let mut config = json!({"level": level(info.severity)});
    if info.severity.is_none() {
        config["enabled"] = json!(false);
    }
    json!({
        "id": info.code,
        "name": info.name,
        "shortDescription": {"text": info.summary},
        "fullDescription": {"text": full},
        "help": {"text": info.body, "markdown": info.body},
        "defaultConfiguration": config,
        "properties": {"profiles": info.profiles, "tags": ["mcp", "tool-annotations"]},
    })
}

/// A relative URI reference: `/` kept, everything outside the unreserved
/// set percent-encoded (spaces, `#`, `%`, non-ASCII).
pub fn uri(path: &str) -> String {
    uri_of_bytes(path.as_bytes())
}

/// [`uri`] of raw bytes: a name that is not UTF-8 is encoded byte for byte.
fn uri_of_bytes(path: &[u8]) -> String {
    let mut out = String::new();
    for &b in path {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn physical(sources: &SourceMap, file: crate::source::FileId, span: Option<Span>) -> Value {
    let f = sources.get(file);
    let mut loc = json!({"artifactLocation": {"uri": uri_of_bytes(&crate::source::unescape(&f.display)), "uriBaseId": "%SRCROOT%"}});
    if let Some(span) = span {
        let l = f.location(span);
        loc["region"] = json!({
            "startLine": l.line,
            "startColumn": l.column,
            "endLine": l.end_line,
            "endColumn": l.end_column,
        });
    }
    loc
}

/// A fix as SARIF's `fix` object: one artifact change per file, each edit a
/// replacement of a region (empty for an insertion); its safety (not a
/// SARIF notion) in `properties`.
fn sarif_fix(sources: &SourceMap, fix: &crate::fix::Fix) -> Value {
    let mut files: Vec<crate::source::FileId> = fix.edits.iter().map(|e| e.file).collect();
    files.dedup();
    let changes: Vec<Value> = files
        .iter()
        .map(|file| {
            let replacements: Vec<Value> = fix
                .edits
                .iter()
                .filter(|e| e.file == *file)
                .map(|e| {
                    let span = Span::new(e.file, e.range.start, e.range.end);
                    let region = physical(sources, e.file, Some(span))["region"].clone();
                    json!({"deletedRegion": region, "insertedContent": {"text": e.content}})
                })
                .collect();
            let mut change = physical(sources, *file, None);
            change["replacements"] = json!(replacements);
            change
        })
        .collect();
    json!({
        "description": {"text": fix.message},
        "artifactChanges": changes,
        "properties": {"applicability": fix.applicability.as_str()},
    })
}

/// Where a finding is: its file and region, or — for text that is no file
/// on disk (a server's listing) — a logical location named after the tool.
fn location(sources: &SourceMap, file: crate::source::FileId, span: Option<Span>, tool: Option<&str>) -> Value {
    let f = sources.get(file);
    if f.on_disk {
        return json!({"physicalLocation": physical(sources, file, span)});
    }
    let name = tool.unwrap_or(&f.display);
    json!({"logicalLocations": [{"name": name, "fullyQualifiedName": format!("{}/{name}", f.display), "kind": "function"}]})
}

/// `file:///abs/dir/` for the directory relative URIs are resolved against.
fn dir_uri(dir: &Path) -> String {
    let mut path = dir.to_string_lossy().replace('\\', "/");
    if !path.starts_with('/') {
        path.insert(0, '/'); // a Windows drive: file:///C:/…
    }
    if !path.ends_with('/') {
        path.push('/');
    }
    // `:` is fine after the leading `/` of an absolute path.
    format!("file://{}", uri(&path).replace("%3A", ":"))
}

/// `root` is the directory the reported paths are relative to (the working
/// directory); code scanning resolves them against the checkout instead.
pub fn render(findings: &[Finding], sources: &SourceMap, rules: &[RuleInfo], root: &Path) -> Value {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let results: Vec<Value> = findings
        .iter()
        .map(|f| {
            let display = sources.get(f.file).display.clone();
            // Identical findings get :1, :2 … in file order, as GitHub's own
            // line hashes do, so each keeps its alert.
            let base = fingerprint::sarif(f, &display, sources);
            let n = seen.entry(base.clone()).or_insert(0);
            *n += 1;
            let related: Vec<Value> = f
                .labels
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let mut related = json!({"id": i + 1});
                    if let Value::Object(loc) = location(sources, l.span.file, Some(l.span), f.tool.as_deref()) {
                        related.as_object_mut().expect("object").extend(loc);
                    }
                    related["message"] = json!({"text": l.message});
                    related
                })
                .collect();
            let mut r = json!({
                "ruleId": f.code,
                "ruleIndex": rules.iter().position(|r| r.code == f.code),
                "level": level(Some(f.severity)),
                "message": {"text": match &f.help {
                    Some(help) => format!("{}\nhelp: {help}", f.message),
                    None => f.message.clone(),
                }},
                "locations": [location(sources, f.file, f.span, f.tool.as_deref())],
                "partialFingerprints": {FINGERPRINT_KEY: format!("{base}:{n}")},
            });
            if r["ruleIndex"].is_null() {
                r.as_object_mut().expect("object").remove("ruleIndex");
            }
            if !related.is_empty() {
                r["relatedLocations"] = json!(related);
            }
            if let Some(tool) = &f.tool {
                r["properties"] = json!({"tool": tool});
            }
            if let Some(fix) = &f.fix {
                r["fixes"] = json!([sarif_fix(sources, fix)]);
            }
            r
        })
        .collect();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "mcp-lint",
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules.iter().map(rule).collect::<Vec<_>>(),
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": dir_uri(root)}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(uri("src/my tools/a#1%.py"), "src/my%20tools/a%231%25.py");
        assert_eq!(uri("é.py"), "%C3%A9.py");
        // Escaped names are encoded as the bytes they stand for.
        assert_eq!(uri_of_bytes(&crate::source::unescape("a\\xFF\\\\b")), "a%FF%5Cb");
    }

    #[test]
    fn root_uri() {
        assert_eq!(dir_uri(Path::new("/work/my repo")), "file:///work/my%20repo/");
        assert_eq!(dir_uri(Path::new("/")), "file:///");
    }

    #[test]
    fn sections_of_a_rule_doc() {
        let body = "## What it does\nA\nB\n\n## Why it matters\nC\n## Example\nD";
        assert_eq!(section(body, "What it does"), Some("A\nB"));
        assert_eq!(section(body, "Why it matters"), Some("C"));
        assert_eq!(section(body, "Nope"), None);
    }
}
