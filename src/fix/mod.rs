//! Fixes: edits against source spans that resolve a finding.
//!
//! Rules say what is wrong; [`plan`] turns the findings of one run into
//! edits, from what the model records about each tool (where its
//! annotations are written, or where the SDK would read them) and the text
//! there. Nothing here knows a rule's logic: it knows which codes are
//! about a misspelt key, a non-boolean value or an absent hint. [`apply`]
//! writes them, and [`driver`] runs lint → fix → lint again until the tree
//! is stable, rolling back any fix that breaks a file or adds a finding.

pub mod apply;
pub mod driver;
mod guard;
mod imports;
pub mod plan;
pub mod scan;
mod width;
pub mod write;

use std::ops::Range;

use serde::Serialize;

use crate::source::FileId;

pub use plan::plan;

/// Whether a fix may be applied without the author's review (ruff's terms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// The intent is certain and nothing a correct client relies on
    /// changes: a misspelt key, a boolean written as a string.
    Safe,
    /// Changes what some client does (writing a hint that was absent):
    /// applied only with `--unsafe-fixes`.
    Unsafe,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

impl Edit {
    /// Source order.
    pub fn key(&self) -> (FileId, usize, usize) {
        (self.file, self.range.start, self.range.end)
    }
}

/// One replacement of a byte range of one file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edit {
    pub file: FileId,
    pub range: Range<usize>,
    pub content: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    pub applicability: Applicability,
    /// What it does, for `--show-fixes` and editors.
    pub message: String,
    pub edits: Vec<Edit>,
    /// The tool it is for (a preset's fix changes several: each is named).
    pub tools: Vec<String>,
}

/// The fixes that can be applied together, without overlaps: the first
/// fix to claim a range keeps it (a fix that loses one is left out whole,
/// for the next pass). Identical edits (a preset's fix, attached to each of
/// its tools' findings) count once.
pub fn merge<'f>(fixes: impl IntoIterator<Item = &'f Fix>) -> Vec<&'f Fix> {
    // Sets, and the ranges taken by file and start: linear in the fixes
    // (10,000 tools in one file made the list searches quadratic).
    let mut seen: std::collections::HashSet<&Fix> = std::collections::HashSet::new();
    let mut taken: std::collections::HashSet<&Edit> = std::collections::HashSet::new();
    let mut ranges: std::collections::BTreeMap<(FileId, usize), usize> = std::collections::BTreeMap::new();
    let mut chosen: Vec<&Fix> = Vec::new();
    for fix in fixes {
        if !seen.insert(fix) {
            continue;
        }
        let new: Vec<&Edit> = fix.edits.iter().filter(|e| !taken.contains(e)).collect();
        if new.iter().any(|e| clashes(&ranges, e)) {
            continue;
        }
        for e in new {
            taken.insert(e);
            ranges.insert((e.file, e.range.start), e.range.end);
        }
        chosen.push(fix);
    }
    chosen
}

/// Whether `e` overlaps a range taken (disjoint, by file and start), or
/// inserts where another edit starts (two insertions at one point, or one
/// at the start of a replacement, have no order).
fn clashes(ranges: &std::collections::BTreeMap<(FileId, usize), usize>, e: &Edit) -> bool {
    let (s, t) = (e.range.start, e.range.end);
    if ranges.get(&(e.file, s)).is_some_and(|&b| b == s || s == t) {
        return true;
    }
    // Taken ranges starting before `e` ends, latest first: disjoint, so
    // once one ends at or before `e` starts, no earlier one reaches it.
    for (&(_, a), &b) in ranges.range((e.file, 0)..(e.file, t)).rev() {
        if a < t && s < b {
            return true;
        }
        if b <= s {
            break;
        }
    }
    false
}

/// `text` with `edits` (of this file, sorted, disjoint) applied.
pub fn apply_edits(text: &str, edits: &[&Edit]) -> String {
    let mut out = String::with_capacity(text.len() + 256);
    let mut at = 0;
    // New lines in the file's own line ending.
    let crlf = text.contains("\r\n");
    for e in edits {
        if e.range.start < at || e.range.end > text.len() {
            continue;
        }
        out.push_str(&text[at..e.range.start]);
        if crlf && e.content.contains('\n') && !e.content.contains("\r\n") {
            out.push_str(&e.content.replace('\n', "\r\n"));
        } else {
            out.push_str(&e.content);
        }
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_keeps_the_first_of_overlapping_fixes() {
        let fix = |edits: &[(usize, usize)]| Fix {
            applicability: Applicability::Safe,
            message: format!("{edits:?}"),
            edits: edits.iter().map(|&(a, b)| Edit { file: FileId(0), range: a..b, content: "x".into() }).collect(),
            tools: vec![],
        };
        let (a, b, c, d, e) =
            (fix(&[(0, 4)]), fix(&[(2, 6)]), fix(&[(4, 4)]), fix(&[(4, 4)]), fix(&[(10, 12), (4, 4)]));
        let same_as_c = Fix { message: "again".into(), ..c.clone() };
        let chosen = merge([&a, &b, &c, &c, &same_as_c, &d, &e]);
        // b overlaps a; d inserts where c does; e shares c's insertion
        // (identical edits count once) and adds a range of its own.
        assert_eq!(chosen, vec![&a, &c, &same_as_c, &e]);
        let inside = fix(&[(1, 1)]);
        assert!(merge([&a, &inside]).len() == 1, "an insertion strictly inside a replacement clashes");
        assert_eq!(merge([&fix(&[(0, 2)]), &fix(&[(2, 4)])]).len(), 2, "touching ranges do not");
    }

    #[test]
    fn new_lines_follow_the_file() {
        let at = |i: usize| Edit { file: FileId(0), range: i..i, content: "\n  b,".into() };
        assert_eq!(apply_edits("a,\r\n)", &[&at(4)]), "a,\r\n\r\n  b,)");
        assert_eq!(apply_edits("a,\n)", &[&at(3)]), "a,\n\n  b,)");
    }
}
