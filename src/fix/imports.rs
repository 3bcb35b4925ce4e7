//! The names a fix writes that a file must import: Python's
//! `ToolAnnotations`, Go's `jsonschema.Ptr` and go-sdk's package, Kotlin's
//! `ToolAnnotations`. Each answers with how the file can spell the name and
//! the edit that imports it, once, in the file's import block and style.

use super::scan::{self, Kind};
use super::write::TextEdit;
use crate::lang::Lang;

/// Top-level statements starting at column 0 with `word`: (start, end of
/// statement) byte offsets, a parenthesised continuation followed.
fn statements(text: &str, lang: Lang, word: &str) -> Vec<(usize, usize)> {
    let toks = scan::tokens(text, lang);
    let m = scan::matching(&toks);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        let at_line_start = t.start == 0 || text.as_bytes()[t.start - 1] == b'\n';
        if t.kind == Kind::Ident && at_line_start && &text[t.start..t.end] == word {
            // The statement runs to the end of the line its last token is
            // on, a bracketed list followed to its close.
            let mut j = i;
            let mut end = t.end;
            while j + 1 < toks.len() {
                let n = toks[j + 1];
                if text[end..n.start].contains('\n') {
                    break;
                }
                j += 1;
                if let (Kind::Open(_), Some(c)) = (n.kind, m[j]) {
                    j = c;
                }
                end = toks[j].end;
            }
            out.push((t.start, end));
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

pub(super) fn line_after(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |n| at + n + 1)
}

/// How a Python file can spell `ToolAnnotations`, and the import to add.
pub fn python_tool_annotations(text: &str) -> (String, Option<TextEdit>) {
    let froms = statements(text, Lang::Python, "from");
    let imports = statements(text, Lang::Python, "import");
    for &(s, e) in &froms {
        let stmt = &text[s..e];
        let toks = scan::tokens(stmt, Lang::Python);
        let names: Vec<&str> = toks.iter().filter(|t| t.kind == Kind::Ident).map(|t| &stmt[t.start..t.end]).collect();
        if let Some(i) = names.iter().position(|n| *n == "ToolAnnotations") {
            // `ToolAnnotations as TA` is spelt `TA` here.
            let alias = (names.get(i + 1) == Some(&"as")).then(|| names.get(i + 2)).flatten();
            return (alias.unwrap_or(&"ToolAnnotations").to_string(), None);
        }
        if names.len() >= 4 && names[1..4] == ["mcp", "import", "types"] {
            let spelt = if names.get(4) == Some(&"as") { names.get(5).copied().unwrap_or("types") } else { "types" };
            return (format!("{spelt}.ToolAnnotations"), None);
        }
    }
    for &(s, e) in &imports {
        let stmt = &text[s..e];
        if let Some(rest) = stmt.strip_prefix("import mcp.types as ") {
            return (format!("{}.ToolAnnotations", rest.trim()), None);
        }
    }
    // `from mcp.types import A, B`: one more name there.
    for &(s, e) in &froms {
        let stmt = &text[s..e];
        let compact: String = stmt.split_whitespace().collect::<Vec<_>>().join(" ");
        if compact.starts_with("from mcp.types import ") && !stmt.contains('*') {
            let ins = super::write::Insert {
                lang: Lang::Python,
                target: super::write::Target::List { append_call: false },
                keys: &[],
                items: vec!["ToolAnnotations".into()],
                style: None,
            };
            let edit = if stmt.contains('(') {
                super::write::insert(text, s..e, &ins).ok()
            } else {
                let toks = scan::tokens(stmt, Lang::Python);
                let last = toks.iter().rev().find(|t| t.kind != Kind::Comment).map(|t| s + t.end);
                // Joined when the line stays within the file's width; a
                // line of its own after the statement otherwise.
                let width = super::width::of(text, Lang::Python).unwrap_or(usize::MAX);
                last.map(|at| {
                    let line = super::write::line_start(text, at)..super::write::line_end(text, at);
                    let joined = super::width::len(&text[line]) + ", ToolAnnotations".len();
                    if joined <= width {
                        TextEdit { range: at..at, content: ", ToolAnnotations".into() }
                    } else {
                        let next = line_after(text, e);
                        let nl = if next == text.len() && !text.ends_with('\n') { "\n" } else { "" };
                        TextEdit { range: next..next, content: format!("{nl}from mcp.types import ToolAnnotations\n") }
                    }
                })
            };
            if let Some(edit) = edit {
                return ("ToolAnnotations".into(), Some(edit));
            }
        }
    }
    // A new line after the last top-level import before the first
    // definition (a `from __future__` import stays first).
    let first_def = ["def", "class", "async", "@"]
        .iter()
        .filter_map(|w| statements(text, Lang::Python, w).first().map(|(s, _)| *s))
        .chain(text.match_indices("\n@").map(|(i, _)| i + 1))
        .min()
        .unwrap_or(text.len());
    // Among the SDK's own imports when there are any (the third-party
    // block isort and ruff keep apart from the project's), else after all.
    let before: Vec<&(usize, usize)> = froms.iter().chain(&imports).filter(|(s, _)| *s < first_def).collect();
    let sdk = |(s, _): &&(usize, usize)| {
        let words: Vec<&str> = text[*s..].split_whitespace().take(2).collect();
        words.get(1).is_some_and(|m| ["mcp", "fastmcp"].contains(&m.split('.').next().unwrap_or("")))
    };
    let last_import = match before.iter().copied().filter(sdk).map(|(_, e)| *e).max() {
        Some(e) => Some(e),
        None => before.iter().map(|(_, e)| *e).max(),
    };
    let at = match last_import {
        Some(e) => line_after(text, e),
        None => 0,
    };
    let content = if at == text.len() && !text.ends_with('\n') && !text.is_empty() {
        "\nfrom mcp.types import ToolAnnotations\n".to_string()
    } else {
        "from mcp.types import ToolAnnotations\n".to_string()
    };
    ("ToolAnnotations".into(), Some(TextEdit { range: at..at, content }))
}

/// The Go import specs of a file: (local name or `None`, path, byte range of the spec's line).
fn go_imports(text: &str) -> Vec<(Option<String>, String, usize)> {
    let mut out = Vec::new();
    for (s, e) in statements(text, Lang::Go, "import") {
        let stmt = &text[s..e];
        let toks = scan::tokens(stmt, Lang::Go);
        let mut alias: Option<String> = None;
        for t in &toks {
            match t.kind {
                Kind::Ident if &stmt[t.start..t.end] != "import" => alias = Some(stmt[t.start..t.end].to_string()),
                Kind::Punct(b'.' | b'_') => alias = Some(stmt[t.start..t.end].to_string()),
                Kind::Str => {
                    let path = stmt[t.start..t.end].trim_matches(['"', '`']).to_string();
                    out.push((alias.take(), path, s + t.end));
                }
                _ => {}
            }
        }
    }
    out
}

/// How a Go file names the package at `path` (its last element by
/// default), if it imports it.
pub fn go_package(text: &str, path: &str) -> Option<String> {
    go_imports(text)
        .into_iter()
        .find(|(_, p, _)| p == path)
        .map(|(alias, p, _)| alias.unwrap_or_else(|| p.rsplit('/').next().unwrap_or(&p).to_string()))
}

pub const JSONSCHEMA: &str = "github.com/google/jsonschema-go/jsonschema";

/// A generic pointer helper the file declares (`func ptr[T any](v T) *T`).
fn go_own_ptr(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.strip_prefix("func ")?;
        let (name, sig) = rest.split_once('[')?;
        let name = name.trim();
        let generic = sig.split_once(']')?;
        let param = generic.0.split_whitespace().next()?;
        let returns = generic.1.split('{').next()?.trim_end();
        (name.chars().all(|c| c.is_alphanumeric() || c == '_') && returns.ends_with(&format!(" *{param}")))
            .then(|| name.to_string())
    })
}

/// How a Go file spells `jsonschema.Ptr` (or a pointer helper of its own),
/// and the import to add.
pub fn go_ptr(text: &str) -> Option<(String, Option<TextEdit>)> {
    if let Some(own) = go_own_ptr(text) {
        return Some((own, None));
    }
    if let Some(name) = go_package(text, JSONSCHEMA) {
        return (name != "_" && name != ".").then(|| (format!("{name}.Ptr"), None));
    }
    let imports = go_imports(text);
    let content = format!("\"{JSONSCHEMA}\"");
    // In the block, among the imports of other modules, in order.
    let block = statements(text, Lang::Go, "import").into_iter().find(|(s, e)| text[*s..*e].contains('('));
    if let Some((s, e)) = block {
        let inside: Vec<&(Option<String>, String, usize)> =
            imports.iter().filter(|(_, _, at)| *at > s && *at <= e).collect();
        let after = inside.iter().rfind(|(_, p, _)| p.contains('.') && p.as_str() < JSONSCHEMA);
        let before = inside.iter().find(|(_, p, _)| p.contains('.') && p.as_str() > JSONSCHEMA);
        let (at, indent) = match (after, before) {
            (Some((_, _, at)), _) => (line_after(text, *at), indent(text, *at)),
            (None, Some((_, _, at))) => (line_start(text, *at), indent(text, *at)),
            (None, None) => {
                let close = text[..e].rfind(')')?;
                (line_start(text, close), "\t".to_string())
            }
        };
        return Some((
            "jsonschema.Ptr".into(),
            Some(TextEdit { range: at..at, content: format!("{indent}{content}\n") }),
        ));
    }
    let (_, _, last) = imports.last()?;
    let at = line_after(text, *last);
    Some(("jsonschema.Ptr".into(), Some(TextEdit { range: at..at, content: format!("import {content}\n") })))
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |n| n + 1)
}

fn indent(text: &str, at: usize) -> String {
    let s = line_start(text, at);
    text[s..].chars().take_while(|c| *c == ' ' || *c == '\t').collect()
}

/// How a Kotlin file can spell `ToolAnnotations`: imported already, or by
/// a wildcard, or from the package another SDK type is imported from.
pub fn kotlin_tool_annotations(text: &str) -> Option<(String, Option<TextEdit>)> {
    let imports = statements(text, Lang::Kotlin, "import");
    let mut sibling: Option<(usize, String)> = None;
    for &(s, e) in &imports {
        let stmt = text[s..e].trim_start_matches("import").trim();
        let path = stmt.split_whitespace().next().unwrap_or("");
        if !path.starts_with("io.modelcontextprotocol.kotlin.sdk") {
            continue;
        }
        if path.ends_with(".ToolAnnotations") {
            let alias = stmt.split(" as ").nth(1).map(|a| a.trim().to_string());
            return Some((alias.unwrap_or_else(|| "ToolAnnotations".into()), None));
        }
        let (pkg, name) = path.rsplit_once('.')?;
        if name == "*" && (pkg.ends_with(".sdk") || pkg.ends_with(".types")) {
            return Some(("ToolAnnotations".into(), None));
        }
        if matches!(name, "CallToolResult" | "TextContent" | "Tool" | "ToolSchema") {
            sibling.get_or_insert((e, pkg.to_string()));
        }
    }
    let (_, pkg) = sibling?;
    // In order among the imports, as IDEs keep them: after the last one
    // that sorts before it, else before the first.
    let new = format!("{pkg}.ToolAnnotations");
    let path_of = |(s, e): &(usize, usize)| text[*s..*e].trim_start_matches("import").trim().to_string();
    let at = match imports.iter().rfind(|i| path_of(i) < new) {
        Some((_, e)) => line_after(text, *e),
        None => imports.first().map_or(0, |(s, _)| *s),
    };
    Some(("ToolAnnotations".into(), Some(TextEdit { range: at..at, content: format!("import {new}\n") })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(text: &str, e: Option<TextEdit>) -> String {
        let mut out = text.to_string();
        if let Some(e) = e {
            out.replace_range(e.range, &e.content);
        }
        out
    }

    #[test]
    fn python() {
        let t = "from mcp.types import ToolAnnotations as TA\n";
        assert_eq!(python_tool_annotations(t).0, "TA");
        let t = "from mcp import types\n";
        assert_eq!(python_tool_annotations(t).0, "types.ToolAnnotations");
        let t =
            "\"\"\"Doc.\"\"\"\nfrom mcp.types import TextContent  # text\nimport os\n\n@mcp.tool()\ndef f(): pass\n";
        let (n, e) = python_tool_annotations(t);
        assert_eq!(n, "ToolAnnotations");
        assert!(with(t, e).contains("from mcp.types import TextContent, ToolAnnotations  # text\n"));
        // Joining would pass the file's width: a line of its own after it.
        let long = format!("from mcp.types import {}\n\n@mcp.tool()\ndef f(): pass\n", ["TextContent"; 6].join(", "));
        let (_, e) = python_tool_annotations(&long);
        assert!(with(&long, e).contains("TextContent\nfrom mcp.types import ToolAnnotations\n\n@mcp"), "{long}");
        let t = "import os\nfrom fastmcp import FastMCP\n\nmcp = FastMCP()\n";
        let (_, e) = python_tool_annotations(t);
        assert_eq!(
            with(t, e),
            "import os\nfrom fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations\n\nmcp = FastMCP()\n"
        );
        let t = "import os\n\nfrom fastmcp import FastMCP\n\nfrom .notes import store\n";
        let (_, e) = python_tool_annotations(t);
        assert_eq!(with(t, e), "import os\n\nfrom fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations\n\nfrom .notes import store\n");
        let t = "from mcp.types import (\n    TextContent,\n)\n";
        let (_, e) = python_tool_annotations(t);
        assert_eq!(with(t, e), "from mcp.types import (\n    TextContent,\n    ToolAnnotations,\n)\n");
    }

    #[test]
    fn go() {
        let t = "package p\n\nimport (\n\t\"context\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n";
        assert_eq!(go_package(t, "github.com/modelcontextprotocol/go-sdk/mcp").as_deref(), Some("mcp"));
        let (n, e) = go_ptr(t).unwrap();
        assert_eq!(n, "jsonschema.Ptr");
        assert_eq!(
            with(t, e),
            "package p\n\nimport (\n\t\"context\"\n\n\t\"github.com/google/jsonschema-go/jsonschema\"\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n"
        );
        let t = "package p\nimport js \"github.com/google/jsonschema-go/jsonschema\"\n";
        assert_eq!(go_ptr(t).unwrap().0, "js.Ptr");
        let t = "package p\nimport \"x\"\nfunc ptr[T any](v T) *T { return &v }\n";
        assert_eq!(go_ptr(t).unwrap(), ("ptr".to_string(), None));
    }

    #[test]
    fn kotlin() {
        let t = "import io.modelcontextprotocol.kotlin.sdk.CallToolResult\nimport kotlin.io\n";
        let (n, e) = kotlin_tool_annotations(t).unwrap();
        assert_eq!(n, "ToolAnnotations");
        assert_eq!(
            with(t, e),
            "import io.modelcontextprotocol.kotlin.sdk.CallToolResult\nimport io.modelcontextprotocol.kotlin.sdk.ToolAnnotations\nimport kotlin.io\n"
        );
        assert!(kotlin_tool_annotations("import foo.Bar\n").is_none());
    }
}
