//! Text edits that add items to a list in source (the arguments of a call,
//! the entries of an object or struct literal), in the file's own layout:
//! one line or one item per line, its indentation, its trailing commas.
//! Untouched lines stay as they are.

use std::ops::Range;

use super::scan::{self, Kind, Tok};
use super::width;
use crate::lang::Lang;

/// The width a file shows (if any) and its indentation unit ([`width`]).
pub type FileStyle = (Option<usize>, String);

/// `text`'s [`FileStyle`]: linear in the file, so a caller inserting into
/// one file many times works it out once and hands it in ([`Insert::style`]).
pub fn file_style(text: &str, lang: Lang) -> FileStyle {
    (width::of(text, lang), width::unit(text, lang))
}

fn style(text: &str, ins: &Insert) -> FileStyle {
    ins.style.cloned().unwrap_or_else(|| file_style(text, ins.lang))
}

/// Whether `content` put at `at..end` keeps its line within `width`.
fn fits(text: &str, at: usize, end: usize, content: &str, width: Option<usize>) -> bool {
    let Some(width) = width else { return true };
    let line =
        width::len(&text[line_start(text, at)..at]) + width::len(content) + width::len(&text[end..line_end(text, end)]);
    line <= width
}

/// Whether a list broken at `at` ends with a comma: where the language's
/// formatter writes one, but not inside a Rust attribute (rustfmt writes
/// none there).
fn comma_at(text: &str, at: usize, lang: Lang) -> bool {
    width::trailing_comma(lang) && !(lang == Lang::Rust && text[line_start(text, at)..].trim_start().starts_with("#["))
}

/// An item laid out at `indent` to fit the file's width, if it shows one.
fn laid(item: &str, indent: &str, after: &str, style: &FileStyle, lang: Lang, comma: bool) -> String {
    match style.0 {
        Some(width) => width::layout(item, indent, after, &width::Style { width, unit: style.1.clone() }, lang, comma),
        None => item.to_string(),
    }
}

/// The items of a list (between `open_end` and `close_start`) one per line:
/// one level deeper than the line the list opens on, each laid out to fit.
fn broken(text: &str, open_end: usize, items: &[String], lang: Lang, style: &FileStyle) -> String {
    let outer = indent_of(text, open_end);
    let inner = format!("{outer}{}", style.1);
    let comma = comma_at(text, open_end, lang);
    let last = if comma { "," } else { "" };
    let mut out = String::new();
    for (n, item) in items.iter().enumerate() {
        let sep = if n + 1 < items.len() { "," } else { last };
        let laid = laid(item, &inner, sep, style, lang, comma);
        out.push_str(&format!("\n{inner}{laid}{sep}"));
    }
    out.push('\n');
    out.push_str(outer);
    out
}

/// One replacement of a byte range of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    pub range: Range<usize>,
    pub content: String,
}

/// Where in a container the items go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The arguments of the call the container is (the last call at the
    /// shallowest depth: `mcp.tool()` in `mcp.tool()(f)`, `tool(...)` in
    /// `#[tool(...)]`), or the container itself when it is one bracketed
    /// literal (`{ ... }`). A bare name (`@mcp.tool`, `McpServerTool`)
    /// gains an argument list when `append_call` allows it.
    List { append_call: bool },
    /// The braces after this type name (`new Options { ... }`).
    After(&'static str),
}

pub struct Insert<'a> {
    pub lang: Lang,
    pub target: Target,
    /// Refuse when the list already has an item with one of these keys.
    pub keys: &'a [&'a str],
    pub items: Vec<String>,
    /// The file's style, if the caller has it ([`file_style`]).
    pub style: Option<&'a FileStyle>,
}

/// The bracket group the items go into: token indexes of `(` and `)`.
fn group(text: &str, toks: &[Tok], m: &[Option<usize>], target: Target) -> Option<(usize, usize)> {
    let sig: Vec<usize> = (0..toks.len()).filter(|i| toks[*i].kind != Kind::Comment).collect();
    if let Target::After(name) = target {
        return (1..toks.len()).find_map(|i| {
            let prev = toks[i - 1];
            let named = prev.kind == Kind::Ident && &text[prev.start..prev.end] == name;
            (named && toks[i].kind == Kind::Open(b'{')).then_some(())?;
            Some((i, m[i]?))
        });
    }
    // One bracketed literal: `{ ... }` (a leading `&` apart).
    let first = sig.iter().copied().find(|i| !matches!(toks[*i].kind, Kind::Punct(b'&')))?;
    if let (Kind::Open(b'{'), Some(close)) = (toks[first].kind, m[first]) {
        if Some(&close) == sig.last() {
            return Some((first, close));
        }
    }
    // The last call at the shallowest depth.
    let mut depth = 0usize;
    let mut best: Option<(usize, usize, usize)> = None;
    for (n, &i) in sig.iter().enumerate() {
        match toks[i].kind {
            Kind::Open(c) => {
                let called = n > 0 && toks[sig[n - 1]].kind == Kind::Ident && matches!(c, b'(' | b'{');
                if let (true, Some(close)) = (called, m[i]) {
                    if best.is_none_or(|(d, _, _)| depth <= d) {
                        best = Some((depth, i, close));
                    }
                }
                depth += 1;
            }
            Kind::Close(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    best.map(|(_, o, c)| (o, c))
}

pub(super) fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |n| n + 1)
}

pub(super) fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |n| at + n)
}

pub(super) fn indent_of(text: &str, at: usize) -> &str {
    let s = line_start(text, at);
    let line = &text[s..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// Whether only whitespace precedes `at` on its line.
fn first_on_line(text: &str, at: usize) -> bool {
    text[line_start(text, at)..at].trim().is_empty()
}

/// The key an item starts with (`key=`, `key:`, `"key":`, `Key =`).
fn item_key<'t>(text: &'t str, toks: &[Tok], item: &Range<usize>) -> Option<&'t str> {
    let first = toks.get(item.start)?;
    let next = toks.get(item.start + 1)?;
    let sep = matches!(next.kind, Kind::Punct(b'=' | b':'))
        && toks.get(item.start + 2).is_none_or(|t| t.kind != Kind::Punct(b'='));
    match first.kind {
        Kind::Ident if sep => Some(&text[first.start..first.end]),
        Kind::Str if sep => Some(text[first.start..first.end].trim_matches(['"', '\''])),
        _ => None,
    }
}

/// The tokens of `container` (a byte range of `text`), at file offsets,
/// and each opening bracket's match.
fn tokens_at(text: &str, container: Range<usize>, lang: Lang) -> (Vec<Tok>, Vec<Option<usize>>) {
    let base = container.start;
    let mut toks = scan::tokens(&text[container], lang);
    for t in &mut toks {
        t.start += base;
        t.end += base;
    }
    let m = scan::matching(&toks);
    (toks, m)
}

/// The edit that adds `ins.items` to the list `container` (a byte range of
/// `text`) holds, or why it cannot.
pub fn insert(text: &str, container: Range<usize>, ins: &Insert) -> Result<TextEdit, String> {
    let (toks, m) = tokens_at(text, container, ins.lang);
    let items = &ins.items;
    let Some((open, close)) = group(text, &toks, &m, ins.target) else {
        // A bare decorator or attribute name: give it the arguments.
        let last = toks.iter().rev().find(|t| t.kind != Kind::Comment);
        return match (ins.target, last) {
            (Target::List { append_call: true }, Some(t)) if t.kind == Kind::Ident => {
                let one = format!("({})", items.join(", "));
                let style = style(text, ins);
                let content = if fits(text, t.end, t.end, &one, style.0) {
                    one
                } else {
                    format!("({})", broken(text, t.end, items, ins.lang, &style))
                };
                Ok(TextEdit { range: t.end..t.end, content })
            }
            _ => Err("no argument list or literal to add them to".into()),
        };
    };
    let (list, trailing) = scan::entries(&toks, open, close);
    for key in ins.keys {
        if list.iter().any(|e| item_key(text, &toks, e) == Some(*key)) {
            return Err(format!("`{key}` is already given there, as something mcp-lint cannot follow"));
        }
    }
    let brace = toks[open].kind == Kind::Open(b'{');
    if let Some(last) = list.last() {
        let end_tok = toks[last.end - 1];
        // Go: nothing may follow `opts...`.
        if ins.lang == Lang::Go && text[..end_tok.end].ends_with("...") {
            return Err("the list ends with a spread (`opts...`), after which nothing may be added".into());
        }
    }
    let (open_t, close_t) = (toks[open], toks[close]);
    // Rust's `..base` must stay last: the items go before it.
    let dots = |i: usize| toks.get(i).is_some_and(|t| t.kind == Kind::Punct(b'.'));
    if let Some(rest) = list.last().filter(|e| ins.lang == Lang::Rust && dots(e.start) && dots(e.start + 1)) {
        let at = toks[rest.start].start;
        let sep = if first_on_line(text, at) { format!(",\n{}", indent_of(text, at)) } else { ", ".to_string() };
        let content: String = items.iter().map(|i| format!("{i}{sep}")).collect();
        return Ok(TextEdit { range: at..at, content });
    }
    let Some(last) = list.last() else {
        // An empty list: `()` → `(items)`, `{}` → `{ items }` (Go: `{items}`).
        let inner = &text[open_t.end..close_t.start];
        let pad = if brace && ins.lang != Lang::Go { " " } else { "" };
        let content = format!("{pad}{}{pad}", items.join(", "));
        let style = style(text, ins);
        if inner.trim().is_empty() && !fits(text, open_t.end, close_t.start, &content, style.0) {
            let content = broken(text, open_t.end, items, ins.lang, &style);
            return Ok(TextEdit { range: open_t.end..close_t.start, content });
        }
        return Ok(if inner.trim().is_empty() {
            TextEdit { range: open_t.end..close_t.start, content }
        } else {
            TextEdit { range: open_t.end..open_t.end, content }
        });
    };
    let last_end = toks[last.end - 1].end;
    let comma_after =
        trailing.then(|| toks[last.end..close].iter().find(|t| t.kind == Kind::Comma).map_or(last_end, |t| t.end));
    if first_on_line(text, close_t.start) && text[open_t.end..close_t.start].contains('\n') {
        // One item per line: each new item on a line of its own, indented
        // like the last one, after its line (and any comment on it).
        let last_start = toks[last.start].start;
        let indent = if line_start(text, last_start) > open_t.start {
            indent_of(text, last_start).to_string()
        } else {
            let unit = if indent_of(text, close_t.start).contains('\t') { "\t" } else { "    " };
            format!("{}{unit}", indent_of(text, close_t.start))
        };
        let after = comma_after.unwrap_or(last_end);
        let eol = line_end(text, after);
        let comma = if trailing || ins.lang == Lang::Go { "," } else { "" };
        let style = style(text, ins);
        let nested = comma_at(text, open_t.start, ins.lang);
        let added: String = items
            .iter()
            .map(|i| format!("\n{indent}{}{comma}", laid(i, &indent, comma, &style, ins.lang, nested)))
            .collect();
        return Ok(if trailing {
            TextEdit { range: eol..eol, content: added }
        } else {
            let rest = &text[last_end..eol];
            TextEdit { range: last_end..eol, content: format!(",{rest}{added}") }
        });
    }
    let edit = match comma_after {
        Some(after) => TextEdit { range: after..after, content: format!(" {},", items.join(", ")) },
        None => TextEdit { range: last_end..last_end, content: format!(", {}", items.join(", ")) },
    };
    let style = style(text, ins);
    let commented = toks[open..close].iter().any(|t| t.kind == Kind::Comment);
    if fits(text, edit.range.start, edit.range.end, &edit.content, style.0) || commented {
        return Ok(edit);
    }
    // Too wide on one line: the list one item per line, its items as written.
    let mut all: Vec<String> =
        list.iter().map(|e| text[toks[e.start].start..toks[e.end - 1].end].to_string()).collect();
    all.extend(items.iter().cloned());
    Ok(TextEdit { range: open_t.end..close_t.start, content: broken(text, open_t.end, &all, ins.lang, &style) })
}

/// The positional arguments of the call `container` holds: the byte range
/// of each (for replacing `null` in Java's positional `ToolAnnotations`).
pub fn positional(text: &str, container: Range<usize>, lang: Lang) -> Option<Vec<Range<usize>>> {
    let (toks, m) = tokens_at(text, container, lang);
    let (open, close) = group(text, &toks, &m, Target::List { append_call: false })?;
    let (list, _) = scan::entries(&toks, open, close);
    Some(list.iter().map(|e| toks[e.start].start..toks[e.end - 1].end).collect())
}

/// The entries of the list `container` holds: each one's key (`key: v`,
/// `key = v`) and the byte range of its value.
pub fn keyed(text: &str, container: Range<usize>, lang: Lang) -> Option<Vec<(Option<String>, Range<usize>)>> {
    let (toks, m) = tokens_at(text, container, lang);
    let (open, close) = group(text, &toks, &m, Target::List { append_call: false })?;
    let (list, _) = scan::entries(&toks, open, close);
    Some(
        list.iter()
            .map(|e| {
                let key = item_key(text, &toks, e).map(str::to_string);
                let from = if key.is_some() { e.start + 2 } else { e.start };
                let from = toks.get(from).filter(|_| from < e.end).map_or(toks[e.start].start, |t| t.start);
                (key, from..toks[e.end - 1].end)
            })
            .collect(),
    )
}

/// The byte range of the first call's callee qualifier in `container`
/// (`mcp` in `&mcp.Tool{`, `mcp.NewTool(`): how the file names the SDK package.
pub fn qualifier(text: &str, container: Range<usize>, lang: Lang) -> Option<String> {
    let base = container.start;
    let toks = scan::tokens(&text[container], lang);
    let i = toks.iter().position(|t| t.kind == Kind::Ident)?;
    let dot = toks.get(i + 1)?;
    (dot.kind == Kind::Punct(b'.') && toks.get(i + 2).is_some_and(|t| t.kind == Kind::Ident))
        .then(|| text[base + toks[i].start..base + toks[i].end].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, lang: Lang, target: Target, items: &[&str]) -> Result<String, String> {
        let ins = Insert {
            lang,
            target,
            keys: &["annotations"],
            items: items.iter().map(|s| s.to_string()).collect(),
            style: None,
        };
        let e = insert(text, 0..text.len(), &ins)?;
        let mut out = text.to_string();
        out.replace_range(e.range, &e.content);
        Ok(out)
    }

    const CALL: Target = Target::List { append_call: true };

    #[test]
    fn one_line_lists() {
        assert_eq!(run("@mcp.tool()  # c", Lang::Python, CALL, &["a=1"]).unwrap(), "@mcp.tool(a=1)  # c");
        assert_eq!(run("@mcp.tool", Lang::Python, CALL, &["a=1"]).unwrap(), "@mcp.tool(a=1)");
        assert_eq!(run("mcp.tool(\"x\")(f)", Lang::Python, CALL, &["a=1"]).unwrap(), "mcp.tool(\"x\", a=1)(f)");
        assert_eq!(run("super().tool(fn, **kw)", Lang::Python, CALL, &["a=1"]).unwrap(), "super().tool(fn, **kw, a=1)");
        assert_eq!(
            run("{ description: \"d\" }", Lang::TypeScript, CALL, &["a: 1"]).unwrap(),
            "{ description: \"d\", a: 1 }"
        );
        assert_eq!(run("&mcp.Tool{Name: \"x\"}", Lang::Go, CALL, &["A: 1"]).unwrap(), "&mcp.Tool{Name: \"x\", A: 1}");
        assert_eq!(run("mcp.Tool{}", Lang::Go, CALL, &["A: 1"]).unwrap(), "mcp.Tool{A: 1}");
        assert_eq!(
            run("#[tool(description = \"d\")]", Lang::Rust, CALL, &["a(b)"]).unwrap(),
            "#[tool(description = \"d\", a(b))]"
        );
        assert_eq!(
            run("addTool(\"x\") { _ -> r }", Lang::Kotlin, CALL, &["a = 1"]).unwrap(),
            "addTool(\"x\", a = 1) { _ -> r }"
        );
    }

    #[test]
    fn one_item_per_line() {
        let text = "@mcp.tool(\n    name=\"x\",  # the name\n)";
        assert_eq!(
            run(text, Lang::Python, CALL, &["a=1"]).unwrap(),
            "@mcp.tool(\n    name=\"x\",  # the name\n    a=1,\n)"
        );
        let text = "{\n  name: \"x\" // n\n}";
        assert_eq!(run(text, Lang::TypeScript, CALL, &["a: 1"]).unwrap(), "{\n  name: \"x\", // n\n  a: 1\n}");
        let text = "mcp.Tool{\n\tName: \"x\",\n}";
        assert_eq!(
            run(text, Lang::Go, CALL, &["A: 1", "B: 2"]).unwrap(),
            "mcp.Tool{\n\tName: \"x\",\n\tA: 1,\n\tB: 2,\n}"
        );
    }

    #[test]
    fn rust_struct_rest_stays_last() {
        let text = "ToolAnnotations { a: Some(true), ..Default::default() }";
        assert_eq!(
            run(text, Lang::Rust, CALL, &["b: Some(false)"]).unwrap(),
            "ToolAnnotations { a: Some(true), b: Some(false), ..Default::default() }"
        );
        let text = "Hints {\n    a: Some(true),\n    ..Hints::default()\n}";
        assert_eq!(
            run(text, Lang::Rust, CALL, &["b: x"]).unwrap(),
            "Hints {\n    a: Some(true),\n    b: x,\n    ..Hints::default()\n}"
        );
        let k = keyed("T { a: None, b: Some(x) }", 0..25, Lang::Rust).unwrap();
        assert_eq!(k[0], (Some("a".to_string()), 7..11));
    }

    /// A line the file's width cannot hold is broken one item per line, and
    /// an item still too wide at its own brackets; a file with a line as
    /// long as the new one keeps it on one line.
    #[test]
    fn line_width() {
        let text = "@mcp.tool(name=\"archive\")\ndef archive():\n    pass\n";
        let e = insert(
            text,
            0..25,
            &Insert {
                lang: Lang::Python,
                target: CALL,
                keys: &[],
                items: vec![
                    "annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, openWorldHint=True)".into(),
                ],
                style: None,
            },
        )
        .unwrap();
        let mut out = text.to_string();
        out.replace_range(e.range, &e.content);
        assert_eq!(
            out,
            "@mcp.tool(\n    name=\"archive\",\n    annotations=ToolAnnotations(\n        readOnlyHint=False,\n        destructiveHint=True,\n        openWorldHint=True,\n    ),\n)\ndef archive():\n    pass\n"
        );
        let wide = format!("{text}# {}\n", "x".repeat(200));
        let e = insert(
            &wide,
            0..25,
            &Insert { lang: Lang::Python, target: CALL, keys: &[], items: vec!["a=1".repeat(40)], style: None },
        )
        .unwrap();
        assert!(!e.content.contains('\n'), "{}", e.content);
        // Java: no trailing comma.
        let text = "  @McpTool(name = \"x\")\n  void x() {}\n";
        let item = "annotations = @McpTool.McpAnnotations(readOnlyHint = false, destructiveHint = true)";
        let e = insert(
            text,
            2..22,
            &Insert { lang: Lang::Java, target: CALL, keys: &[], items: vec![item.into()], style: None },
        )
        .unwrap();
        assert!(e.content.ends_with("destructiveHint = true\n    )\n  "), "{}", e.content);
    }

    #[test]
    fn refusals() {
        assert!(run("{ annotations: X[k] }", Lang::TypeScript, CALL, &["annotations: {}"]).is_err());
        assert!(run("mcp.NewTool(name, opts...)", Lang::Go, CALL, &["x"]).is_err());
        assert!(run("tool", Lang::TypeScript, Target::List { append_call: false }, &["x"]).is_err());
    }

    #[test]
    fn options_initializer() {
        let text = "Create(f, new McpServerToolCreateOptions { Name = \"x\" })";
        let out = run(text, Lang::CSharp, Target::After("McpServerToolCreateOptions"), &["ReadOnly = true"]).unwrap();
        assert_eq!(out, "Create(f, new McpServerToolCreateOptions { Name = \"x\", ReadOnly = true })");
    }
}
