//! A JSON file an import reaches (`import defs from "./tools.json"`, with
//! TypeScript's `resolveJsonModule`) as a module: its value is the default
//! export, and each top-level key of an object is a named export too (as
//! bundlers allow). JSON has no spans per value here: every value is
//! located at the file's start.

use crate::ir::{Element, Entry, Expr, Lit, Module, Pattern, Stmt};
use crate::model::Lang;
use crate::source::{FileId, Span};

/// The module a parsed JSON document makes.
pub fn module(file: FileId, value: &serde_json::Value) -> Module {
    let span = Span::new(file, 0, 0);
    let mut m = Module::new(file, Lang::JavaScript);
    if let serde_json::Value::Object(map) = value {
        for (key, v) in map {
            if is_identifier(key) && key != "default" {
                m.body.push(Stmt::Let { target: Pattern::Name(key.clone(), span), value: expr(v, span), span });
                m.body.push(Stmt::Export { local: key.clone(), exported: key.clone(), span });
            }
        }
    }
    m.body.push(Stmt::Let { target: Pattern::Name("default".into(), span), value: expr(value, span), span });
    m.body.push(Stmt::Export { local: "default".into(), exported: "default".into(), span });
    m
}

/// serde_json refuses documents nested deeper than 128, so this recursion
/// is bounded.
fn expr(v: &serde_json::Value, span: Span) -> Expr {
    match v {
        serde_json::Value::Null => Expr::Lit(Lit::Null, span),
        serde_json::Value::Bool(b) => Expr::Lit(Lit::Bool(*b), span),
        serde_json::Value::Number(n) => Expr::Lit(Lit::Num(n.to_string()), span),
        serde_json::Value::String(s) => Expr::Lit(Lit::Str(s.clone()), span),
        serde_json::Value::Array(items) => {
            Expr::List { items: items.iter().map(|i| Element::Item(expr(i, span))).collect(), span }
        }
        serde_json::Value::Object(map) => Expr::Object {
            entries: map
                .iter()
                .map(|(k, v)| Entry::Pair { key: k.clone(), key_span: span, value: expr(v, span) })
                .collect(),
            span,
        },
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
        let v: serde_json::Value = serde_json::from_str(r#"{"tools": [{"name": "a"}], "not-an-id": 1}"#).unwrap();
        let m = module(FileId(0), &v);
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
}
