//! Line width: the width a file shows, and items laid out to stay in it.
//!
//! A file shows a width when all its lines fit one of the widths formatters
//! use (79 and 88 for Python's PEP 8 and ruff/black, 80 for prettier, 100
//! for rustfmt, 120 for many style guides): the smallest one its longest
//! line fits. A file with a longer line shows none, and neither does Go
//! (gofmt has no width). An insertion that would make its line wider than
//! that breaks the list it goes into one item per line, and an item that is
//! still too wide is broken at its own brackets, the way the formatters do.

use super::scan::{self, Kind};
use crate::lang::Lang;

const WIDTHS: [usize; 5] = [79, 80, 88, 100, 120];
/// Items inside items broken at most this deep.
const MAX_DEPTH: usize = 4;

/// The width `text` shows, if any.
pub fn of(text: &str, lang: Lang) -> Option<usize> {
    if lang == Lang::Go {
        return None;
    }
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    WIDTHS.into_iter().find(|w| longest <= *w)
}

/// The indentation one level adds in `text`: a tab if lines start with
/// tabs, else the smallest indentation any line has (2 to 8 spaces), else 4.
pub fn unit(text: &str) -> String {
    let mut smallest = usize::MAX;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if line.starts_with('\t') {
            return "\t".into();
        }
        let n = line.len() - line.trim_start_matches(' ').len();
        if n >= 2 {
            smallest = smallest.min(n);
        }
    }
    " ".repeat(if (2..=8).contains(&smallest) { smallest } else { 4 })
}

/// Whether a list broken one item per line ends with a comma: where the
/// language allows one and its formatter writes it.
pub fn trailing_comma(lang: Lang) -> bool {
    matches!(lang, Lang::Python | Lang::TypeScript | Lang::JavaScript | Lang::Go | Lang::Rust)
}

/// Display width of a line.
pub fn len(s: &str) -> usize {
    s.chars().count()
}

/// `item` written at `indent`, followed by `after` on its last line: on one
/// line when that fits `width`, else broken at its outermost bracket (its
/// entries one per line, one level deeper, each laid out the same way).
/// `comma`: whether a broken list ends with a comma ([`trailing_comma`],
/// unless the list is inside a Rust attribute, where rustfmt writes none).
pub fn layout(item: &str, indent: &str, after: &str, style: &Style, lang: Lang, comma: bool) -> String {
    layout_at(item, indent, after, style, lang, comma, 0)
}

/// A file's width (if it shows one) and indentation unit.
pub struct Style {
    pub width: usize,
    pub unit: String,
}

fn layout_at(item: &str, indent: &str, after: &str, style: &Style, lang: Lang, comma: bool, depth: usize) -> String {
    let Style { width, unit } = style;
    let width = *width;
    if depth >= MAX_DEPTH || len(indent) + len(item) + len(after) <= width || item.contains('\n') {
        return item.to_string();
    }
    let toks = scan::tokens(item, lang);
    let m = scan::matching(&toks);
    // The first bracket that closes at the item's end: `f(`…`)`, `{`…`}`.
    let Some((open, close)) = (0..toks.len()).find_map(|i| {
        let c = m[i]?;
        (matches!(toks[i].kind, Kind::Open(_)) && c + 1 == toks.len()).then_some((i, c))
    }) else {
        return item.to_string();
    };
    let (entries, _) = scan::entries(&toks, open, close);
    if entries.is_empty() {
        return item.to_string();
    }
    let inner = format!("{indent}{unit}");
    let last_comma = if comma { "," } else { "" };
    let mut out = item[..toks[open].end].to_string();
    for (n, e) in entries.iter().enumerate() {
        let text = &item[toks[e.start].start..toks[e.end - 1].end];
        let sep = if n + 1 < entries.len() { "," } else { last_comma };
        out.push('\n');
        out.push_str(&inner);
        out.push_str(&layout_at(text, &inner, sep, style, lang, comma, depth + 1));
        out.push_str(sep);
    }
    out.push('\n');
    out.push_str(indent);
    out.push_str(&item[toks[close].start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_width_a_file_shows() {
        assert_eq!(of("a\nbb\n", Lang::Python), Some(79));
        assert_eq!(of(&"x".repeat(85), Lang::Python), Some(88));
        assert_eq!(of(&"x".repeat(121), Lang::Python), None);
        assert_eq!(of("a", Lang::Go), None);
        assert_eq!(unit("def f():\n  return 1\n"), "  ");
        assert_eq!(unit("func f() {\n\treturn\n}\n"), "\t");
        assert_eq!(unit("x = 1\n"), "    ");
    }

    #[test]
    fn broken_at_brackets_while_too_wide() {
        let item = "annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True)";
        let style = |width: usize, unit: &str| Style { width, unit: unit.to_string() };
        assert_eq!(layout(item, "    ", ",", &style(100, "    "), Lang::Python, true), item);
        assert_eq!(
            layout(item, "    ", ",", &style(60, "    "), Lang::Python, true),
            "annotations=ToolAnnotations(\n        readOnlyHint=False,\n        destructiveHint=True,\n    )"
        );
        let item = "annotations = @McpTool.McpAnnotations(readOnlyHint = true, openWorldHint = false)";
        assert_eq!(
            layout(item, "", "", &style(40, "  "), Lang::Java, false),
            "annotations = @McpTool.McpAnnotations(\n  readOnlyHint = true,\n  openWorldHint = false\n)"
        );
    }
}
