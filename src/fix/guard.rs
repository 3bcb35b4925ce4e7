//! MCP022's stub: a bulk-destructive Python handler gains a `confirm: bool =
//! False` parameter and, first in its body (after the docstring), a guard
//! that refuses to act without it. Mechanical only where the handler's own
//! signature is the tool's input schema (FastMCP, whose `def` parameters
//! are the tool's arguments and whose exceptions become tool errors); for
//! every other SDK the finding's help stays a suggestion.

use std::ops::Range;

use super::imports::line_after;
use super::scan::{self, Kind};
use super::width;
use super::write::{self, indent_of, line_start, Insert, Target, TextEdit};
use super::{Applicability, Edit, Fix};
use crate::lang::Lang;
use crate::model::Tool;
use crate::source::SourceMap;

/// The parameter and the guard, or why the handler cannot be edited
/// mechanically.
pub(super) fn confirm(tool: &Tool, sources: &SourceMap) -> Result<Fix, String> {
    if tool.language != Some(Lang::Python) {
        return Err("only a Python handler whose signature is the tool's input is edited mechanically".into());
    }
    let span = tool.handler.ok_or("the tool's inputs are not the parameters of a handler written here")?;
    let file = sources.get(span.file);
    let name = tool.name.as_deref().unwrap_or("this tool");
    let [param, guard] = stub(&file.text, span.start as usize..span.end as usize, name)
        .ok_or("the handler is not a plain `def` with a body of its own lines and no `**kwargs`")?;
    Ok(Fix {
        applicability: Applicability::Unsafe,
        message: format!("add a `confirm: bool = False` parameter to `{name}` and refuse to act without it"),
        edits: [param, guard]
            .into_iter()
            .map(|e| Edit { file: span.file, range: e.range, content: e.content })
            .collect(),
        tools: vec![name.to_string()],
    })
}

/// The two edits for the function at `func` in `text`: the parameter, and
/// the guard as a line of its own.
fn stub(text: &str, func: Range<usize>, name: &str) -> Option<[TextEdit; 2]> {
    let toks = scan::tokens(text.get(func.clone())?, Lang::Python);
    let at = |i: usize| toks.get(i).map(|t| (t.kind, func.start + t.start..func.start + t.end));
    // `def name(` ... `)`: the first `def` of the span (decorators and
    // `async` come before it).
    let def = (0..toks.len()).find(|&i| at(i).is_some_and(|(k, r)| k == Kind::Ident && &text[r] == "def"))?;
    let (Some((Kind::Ident, _)), Some((Kind::Open(b'('), _))) = (at(def + 1), at(def + 2)) else { return None };
    let m = scan::matching(&toks);
    let close = m[def + 2]?;
    // Nothing may follow `**kwargs`.
    if text[at(def + 2)?.1.end..at(close)?.1.start].contains("**") {
        return None;
    }
    // The header's `:` (after any `-> type`), then the body's first token.
    let mut depth = 0usize;
    let colon = (close + 1..toks.len()).find(|&i| {
        match toks[i].kind {
            Kind::Open(_) => depth += 1,
            Kind::Close(_) => depth = depth.saturating_sub(1),
            Kind::Punct(b':') => return depth == 0,
            _ => {}
        }
        false
    })?;
    let body = (colon + 1..toks.len()).find(|&i| toks[i].kind != Kind::Comment)?;
    let (_, colon_at) = at(colon)?;
    let (body_kind, body_at) = at(body)?;
    // A body on the header's line (`def f(): ...`) has no line to put a guard before.
    if !text[colon_at.end..body_at.start].contains('\n') {
        return None;
    }
    let indent = indent_of(text, body_at.start);
    let header_indent = indent_of(text, colon_at.start);
    if indent.len() <= header_indent.len() || !indent.starts_with(header_indent) {
        return None;
    }
    let unit = &indent[header_indent.len()..];
    // After a docstring: the string that is the body's whole first line.
    let docstring =
        body_kind == Kind::Str && at(body + 1).is_none_or(|(_, r)| text[body_at.end..r.start].contains('\n'));
    // (A docstring ending the file has no line after it to take the guard.)
    let line = if docstring {
        Some(line_after(text, body_at.end)).filter(|&l| l < text.len() || text.ends_with('\n'))?
    } else {
        line_start(text, body_at.start)
    };
    let raise = format!("raise ValueError(\"{name} acts in bulk: pass confirm=True to go ahead\")");
    let inner = format!("{indent}{unit}");
    // The file's style, worked out once for the guard and the parameter.
    let style = write::file_style(text, Lang::Python);
    let raise = match style.0 {
        Some(width) => {
            width::layout(&raise, &inner, "", &width::Style { width, unit: unit.to_string() }, Lang::Python, true)
        }
        None => raise,
    };
    let guard = format!("{indent}if not confirm:\n{inner}{raise}\n");
    let ins = Insert {
        lang: Lang::Python,
        target: Target::List { append_call: false },
        keys: &["confirm"],
        items: vec!["confirm: bool = False".to_string()],
        style: Some(&style),
    };
    let param = write::insert(text, at(def)?.1.start..at(close)?.1.end, &ins).ok()?;
    Some([param, TextEdit { range: line..line, content: guard }])
}

#[cfg(test)]
mod tests {
    use super::stub;

    fn fixed(text: &str) -> Option<String> {
        let edits = stub(text, 0..text.len(), "wipe")?;
        let mut out = text.to_string();
        for e in edits.iter().rev() {
            out.replace_range(e.range.clone(), &e.content);
        }
        Some(out)
    }

    #[test]
    fn after_the_docstring_or_first_in_the_body() {
        let text = "@mcp.tool()\ndef wipe(a: int) -> str:\n    \"\"\"Doc.\"\"\"\n    return a\n";
        assert_eq!(
            fixed(text).unwrap(),
            "@mcp.tool()\ndef wipe(a: int, confirm: bool = False) -> str:\n    \"\"\"Doc.\"\"\"\n    if not confirm:\n        raise ValueError(\"wipe acts in bulk: pass confirm=True to go ahead\")\n    return a\n"
        );
        let text = "async def wipe() -> dict[str, int]:\n\t# c\n\treturn {}\n";
        let out = fixed(text).unwrap();
        assert!(
            out.starts_with(
                "async def wipe(confirm: bool = False) -> dict[str, int]:\n\t# c\n\tif not confirm:\n\t\traise"
            ),
            "{out}"
        );
    }

    #[test]
    fn crlf_files() {
        // `apply_edits` gives the new lines the file's `\r\n`.
        let out = fixed("def wipe():\r\n    return 1\r\n").unwrap();
        assert!(
            out.contains("\r\n    if not confirm:\n        raise") && out.ends_with("\")\n    return 1\r\n"),
            "{out}"
        );
    }

    #[test]
    fn refused_where_it_is_not_mechanical() {
        assert!(fixed("def wipe(**kw):\n    return 1\n").is_none(), "after **kwargs");
        assert!(fixed("def wipe(): return 1\n").is_none(), "one-line body");
        assert!(fixed("wipe = lambda: 1\n").is_none(), "no def");
    }
}
