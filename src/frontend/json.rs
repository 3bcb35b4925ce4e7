//! A JSON file an import reaches (`import defs from "./tools.json"`, with
//! TypeScript's `resolveJsonModule`) or a server reads at run time
//! (`JSON.parse(fs.readFileSync(p))`), as a module: its value is the
//! default export, and each top-level key of an object is a named export
//! too (as bundlers allow). Every value keeps its own span, so a tool named
//! in the file is reported where its name is written.

use crate::ir::{Element, Entry, Expr, Lit, Module, Pattern, Stmt};
use crate::model::Lang;
use crate::source::{FileId, Span};

/// Whether `text` is one JSON document (serde_json also refuses nesting
/// past 128, which bounds [`module`]'s recursion).
pub fn is_valid(text: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// The module a JSON document makes; `None` when it is not valid JSON.
pub fn module(file: FileId, text: &str) -> Option<Module> {
    if !is_valid(text) {
        return None;
    }
    let value = Reader { text, at: 0, file }.value()?;
    let span = Span::new(file, 0, 0);
    let mut m = Module::new(file, Lang::JavaScript);
    if let Expr::Object { entries, .. } = &value {
        for entry in entries {
            if let Entry::Pair { key, value, .. } = entry {
                if is_identifier(key) && key != "default" {
                    m.body.push(Stmt::Let { target: Pattern::Name(key.clone(), span), value: value.clone(), span });
                    m.body.push(Stmt::Export { local: key.clone(), exported: key.clone(), span });
                }
            }
        }
    }
    m.body.push(Stmt::Let { target: Pattern::Name("default".into(), span), value, span });
    m.body.push(Stmt::Export { local: "default".into(), exported: "default".into(), span });
    Some(m)
}

/// Reads a document serde_json has accepted, with spans. Recursion is
/// bounded by serde_json's own nesting limit.
struct Reader<'t> {
    text: &'t str,
    at: usize,
    file: FileId,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start_matches([' ', '\t', '\n', '\r']).len();
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.as_bytes().get(self.at).copied()
    }

    fn span(&self, start: usize) -> Span {
        Span::new(self.file, start, self.at)
    }

    fn value(&mut self) -> Option<Expr> {
        self.skip_space();
        let start = self.at;
        match self.peek()? {
            b'{' => {
                self.at += 1;
                let mut entries = vec![];
                while self.peek()? != b'}' {
                    let key_start = self.at;
                    let key = self.string()?;
                    let key_span = self.span(key_start);
                    self.peek()?;
                    self.at += 1; // `:`
                    let value = self.value()?;
                    entries.push(Entry::Pair { key, key_span, value });
                    if self.peek()? == b',' {
                        self.at += 1;
                    }
                }
                self.at += 1;
                Some(Expr::Object { entries, span: self.span(start) })
            }
            b'[' => {
                self.at += 1;
                let mut items = vec![];
                while self.peek()? != b']' {
                    items.push(Element::Item(self.value()?));
                    if self.peek()? == b',' {
                        self.at += 1;
                    }
                }
                self.at += 1;
                Some(Expr::List { items, span: self.span(start) })
            }
            b'"' => {
                let s = self.string()?;
                Some(Expr::Lit(Lit::Str(s), self.span(start)))
            }
            _ => {
                let rest = &self.text[self.at..];
                let len = rest.find([',', '}', ']', ' ', '\t', '\n', '\r']).unwrap_or(rest.len());
                let word = &rest[..len];
                self.at += len;
                let lit = match word {
                    "true" => Lit::Bool(true),
                    "false" => Lit::Bool(false),
                    "null" => Lit::Null,
                    n => Lit::Num(n.to_string()),
                };
                Some(Expr::Lit(lit, self.span(start)))
            }
        }
    }

    /// A string token, decoded (escapes and all) by serde_json.
    fn string(&mut self) -> Option<String> {
        self.skip_space();
        let start = self.at;
        let bytes = self.text.as_bytes();
        let mut i = start + 1;
        while i < bytes.len() && bytes[i] != b'"' {
            i += if bytes[i] == b'\\' { 2 } else { 1 };
        }
        self.at = (i + 1).min(bytes.len());
        serde_json::from_str(self.text.get(start..self.at)?).ok()
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_and_named_exports() {
        let m = module(FileId(0), r#"{"tools": [{"name": "a"}], "not-an-id": 1}"#).unwrap();
        let exported: Vec<&str> = m
            .body
            .iter()
            .filter_map(|s| match s {
                Stmt::Export { exported, .. } => Some(exported.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(exported, ["tools", "default"]);
    }

    #[test]
    fn values_keep_their_spans() {
        let text = "{ \"tools\": [ {\"name\": \"a\\\"b\"}, 1.5e3, true, null ] }";
        let m = module(FileId(0), text).unwrap();
        let Some(Stmt::Let { value: Expr::List { items, .. }, .. }) = m.body.first() else { panic!("no tools") };
        let Element::Item(Expr::Object { entries, .. }) = &items[0] else { panic!("no record") };
        let Entry::Pair { key, value: Expr::Lit(Lit::Str(name), at), .. } = &entries[0] else { panic!("no name") };
        assert_eq!((key.as_str(), name.as_str()), ("name", "a\"b"));
        assert_eq!(&text[at.start as usize..at.end as usize], "\"a\\\"b\"");
        let Element::Item(Expr::Lit(Lit::Num(n), _)) = &items[1] else { panic!("no number") };
        assert_eq!(n, "1.5e3");
        assert!(module(FileId(0), "{ broken").is_none());
    }
}
