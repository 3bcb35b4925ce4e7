//! Line width: the width a file shows, and items laid out to stay in it.
//!
//! A file shows the width of its longest line (at least 79: a short file
//! says nothing about its formatter), so text a fix adds is never wider
//! than what the file already has. Go shows none: gofmt has no width, and
//! breaking a literal there would need gofmt's column alignment. An
//! insertion that would make its line wider breaks the list it goes into
//! one item per line, and an item still too wide at its own brackets, the
//! way the formatters do.

use super::scan::{self, Kind};
use crate::lang::Lang;

/// The least width a file shows.
const MIN_WIDTH: usize = 79;
/// Items inside items broken at most this deep.
const MAX_DEPTH: usize = 4;

/// The width `text` shows, if any.
pub fn of(text: &str, lang: Lang) -> Option<usize> {
    if lang == Lang::Go {
        return None;
    }
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    Some(longest.max(MIN_WIDTH))
}

/// The indentation one level adds in `text`: a tab if code lines start
/// with tabs, else the smallest indentation a code line has (2 to 8
/// spaces), else 4. Lines that start inside a string (an HTML template in
/// a triple-quoted string) are not code.
pub fn unit(text: &str, lang: Lang) -> String {
    let strings: Vec<(usize, usize)> =
        scan::tokens(text, lang).into_iter().filter(|t| t.kind == Kind::Str).map(|t| (t.start, t.end)).collect();
    let mut s = 0;
    let mut smallest = usize::MAX;
    let mut at = 0usize;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        // Strings are in order: skip those that end before this line.
        while s < strings.len() && strings[s].1 <= start {
            s += 1;
        }
        if strings.get(s).is_some_and(|&(a, b)| a < start && start < b) || line.trim().is_empty() {
            continue;
        }
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
        assert_eq!(of(&"x".repeat(85), Lang::Python), Some(85));
        assert_eq!(of(&"x".repeat(139), Lang::Python), Some(139));
        assert_eq!(of("a", Lang::Go), None);
        assert_eq!(unit("def f():\n  return 1\n", Lang::Python), "  ");
        assert_eq!(unit("func f() {\n\treturn\n}\n", Lang::Go), "\t");
        assert_eq!(unit("x = 1\n", Lang::Python), "    ");
        // An HTML template's lines are no indentation of the code's.
        let text = "PAGE = \"\"\"\n<div>\n  <p>x</p>\n</div>\n\"\"\"\n\ndef f():\n    return PAGE\n";
        assert_eq!(unit(text, Lang::Python), "    ");
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
