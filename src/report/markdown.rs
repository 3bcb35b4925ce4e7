//! `--format markdown` / `--summary FILE`: a Markdown report for a CI job
//! summary (`$GITHUB_STEP_SUMMARY`): per linted tree, the tools found and
//! how many declare each hint; then the findings grouped by rule.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::finding::Finding;
use crate::model::{Hint, HintKind, Origin, Tool};
use crate::source::SourceMap;

/// One path given on the command line.
pub struct Tree {
    pub display: String,
    /// Canonical, to decide which tools lie below it.
    pub root: PathBuf,
}

/// Findings listed per rule before the rest are only counted: job
/// summaries are capped at 1 MiB.
const MAX_PER_RULE: usize = 50;

/// Make text safe inside a table cell or a list item.
fn cell(s: &str) -> String {
    crate::source::printable(&s.replace('|', "\\|").replace(['\r', '\n'], " ")).into_owned()
}

fn code(s: &str) -> String {
    format!("`{}`", s.replace('`', "'"))
}

pub fn render(findings: &[Finding], tools: &[Tool], sources: &SourceMap, trees: &[Tree], files: usize) -> String {
    let mut out = String::from("## mcp-lint\n\n");
    out.push_str(&super::summary_line(findings, tools.len(), files));
    out.push_str("\n\n### Tools\n\n");
    out.push_str("| tree | tools | readOnlyHint | destructiveHint | idempotentHint | openWorldHint | unresolved |\n");
    out.push_str("|---|--:|--:|--:|--:|--:|--:|\n");
    for tree in trees {
        let mine: Vec<&Tool> = tools.iter().filter(|t| sources.get(t.site.file).path.starts_with(&tree.root)).collect();
        let declared = |k: HintKind| {
            mine.iter().filter(|t| matches!(t.annotations.hint(k), Hint::Declared { .. })).count().to_string()
        };
        let unresolved = mine
            .iter()
            .filter(|t| {
                matches!(t.annotations.origin, Origin::Unresolved(_))
                    || HintKind::ALL.iter().any(|k| matches!(t.annotations.hint(*k), Hint::Unresolved { .. }))
            })
            .count();
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            code(&tree.display),
            mine.len(),
            declared(HintKind::ReadOnly),
            declared(HintKind::Destructive),
            declared(HintKind::Idempotent),
            declared(HintKind::OpenWorld),
            unresolved
        ));
    }
    out.push_str("\nEach hint column counts the tools that declare it; the others take the spec's default. ");
    out.push_str("*unresolved*: tools with a hint that cannot be followed statically.\n");

    out.push_str("\n### Findings by rule\n\n");
    if findings.is_empty() {
        out.push_str("No findings.\n");
        return out;
    }
    // Rules in code order; each rule's findings keep the report's order.
    let mut by_rule: BTreeMap<&str, Vec<&Finding>> = BTreeMap::new();
    for f in findings {
        by_rule.entry(f.code).or_default().push(f);
    }
    out.push_str("| rule | name | severity | findings |\n|---|---|---|--:|\n");
    for (rule, list) in &by_rule {
        let f = list[0];
        out.push_str(&format!("| {rule} | {} | {} | {} |\n", code(f.name), f.severity.as_str(), list.len()));
    }
    for (rule, list) in &by_rule {
        out.push_str(&format!("\n<details><summary>{rule} {} ({})</summary>\n\n", list[0].name, list.len()));
        for f in list.iter().take(MAX_PER_RULE) {
            let file = sources.get(f.file);
            let at = match f.span {
                Some(s) => {
                    let (line, col) = file.line_col(s.start);
                    format!("{}:{line}:{col}", file.display)
                }
                None => file.display.clone(),
            };
            out.push_str(&format!("- {} {}\n", code(&at), cell(&f.message)));
        }
        if list.len() > MAX_PER_RULE {
            out.push_str(&format!("- … and {} more\n", list.len() - MAX_PER_RULE));
        }
        out.push_str("\n</details>\n");
    }
    out
}
