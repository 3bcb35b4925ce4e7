//! Evaluating model expressions across files: names through bindings and
//! imports, mappings through spreads and constructor keywords.

use std::sync::Arc;

use super::Resolver;
use crate::model::{Element, Entry, Expr, FileFacts, Forwarder};
use crate::source::Span;

/// Chains of names longer than this are cut (cycles, pathological input).
const MAX_DEPTH: usize = 40;

#[derive(Clone, Debug)]
pub enum Value {
    Bool(bool, Span),
    Str(String, Span),
    Number(String, Span),
    Null(Span),
    Other(Span),
    Obj(Obj),
    /// A module of the tree.
    Module(Arc<FileFacts>),
    /// A symbol from a module that is not in the tree (an SDK, a framework).
    External {
        module: String,
        name: String,
    },
    /// A list whose every element is known.
    List(Vec<Value>, Span),
    /// A missing field read where the language gives `undefined`: a pair
    /// holding it is left out of its object (JSON drops it).
    Undefined(Span),
    Forwarder(Arc<Forwarder>, Arc<FileFacts>),
    Unresolved(Span),
}

impl Value {
    pub fn span(&self) -> Option<Span> {
        match self {
            Value::Bool(_, s)
            | Value::Str(_, s)
            | Value::Number(_, s)
            | Value::Null(s)
            | Value::Undefined(s)
            | Value::Other(s)
            | Value::Unresolved(s) => Some(*s),
            Value::Obj(o) => Some(o.span),
            _ => None,
        }
    }
}

/// An evaluated mapping: its entries in source order, spreads flattened.
#[derive(Clone, Debug)]
pub struct Obj {
    pub items: Vec<Item>,
    pub span: Span,
    /// The binding that defines it, when it was reached through a name.
    pub defined_at: Option<Span>,
}

#[derive(Clone, Debug)]
pub enum Item {
    Pair {
        key: String,
        key_span: Span,
        value: Value,
        value_expr: Option<Expr>,
        facts: Arc<FileFacts>,
    },
    /// A spread or computed key that cannot be followed: may set any key.
    Unknown(Span),
}

impl Obj {
    fn get(&self, key: &str) -> Option<&Value> {
        let mut found = None;
        for item in &self.items {
            match item {
                Item::Pair { key: k, value, .. } if k == key => found = Some(value),
                Item::Unknown(_) => found = None,
                _ => {}
            }
        }
        found
    }
}

impl Resolver<'_, '_> {
    pub(super) fn eval(&self, expr: &Expr, facts: &Arc<FileFacts>) -> Value {
        self.eval_d(expr, facts, 0)
    }

    fn eval_d(&self, expr: &Expr, facts: &Arc<FileFacts>, depth: usize) -> Value {
        if depth > MAX_DEPTH {
            return Value::Unresolved(expr.span());
        }
        let d = depth + 1;
        match expr {
            Expr::Bool(b, s) => Value::Bool(*b, *s),
            Expr::Str(v, s) => Value::Str(v.clone(), *s),
            Expr::Number(v, s) => Value::Number(v.clone(), *s),
            Expr::Null(s) => Value::Null(*s),
            Expr::Other(s) => Value::Other(*s),
            Expr::Unresolved(s) => Value::Unresolved(*s),
            Expr::Object { entries, span } => {
                let mut items = Vec::new();
                for e in entries {
                    match e {
                        Entry::Pair { key, key_span, value } => match self.eval_d(value, facts, d) {
                            Value::Undefined(_) => {}
                            v => items.push(Item::Pair {
                                key: key.clone(),
                                key_span: *key_span,
                                value: v,
                                value_expr: Some(value.clone()),
                                facts: facts.clone(),
                            }),
                        },
                        Entry::Spread(inner) => self.spread(&mut items, inner, facts, d),
                    }
                }
                Value::Obj(Obj { items, span: *span, defined_at: None })
            }
            Expr::Ref { path, span } => self.lookup(facts, path, *span, d),
            Expr::List { items, span } => {
                let mut out = Vec::new();
                for Element::Item(e) in items {
                    out.push(self.eval_d(e, facts, d));
                }
                Value::List(out, *span)
            }
            Expr::Forwarder(f) => Value::Forwarder(Arc::new((**f).clone()), facts.clone()),
        }
    }

    fn spread(&self, items: &mut Vec<Item>, inner: &Expr, facts: &Arc<FileFacts>, d: usize) {
        match self.eval_d(inner, facts, d) {
            Value::Obj(o) => items.extend(o.items),
            Value::Null(_) | Value::Undefined(_) => {}
            _ => items.push(Item::Unknown(inner.span())),
        }
    }

    /// Resolve a dotted name in a file's scope.
    pub(super) fn lookup(&self, facts: &Arc<FileFacts>, path: &[String], span: Span, depth: usize) -> Value {
        if depth > MAX_DEPTH || path.is_empty() {
            return Value::Unresolved(span);
        }
        let d = depth + 1;
        for k in (1..=path.len()).rev() {
            let name = path[..k].join(".");
            if let Some(b) = facts.binding(&name) {
                let mut v = self.eval_d(&b.value, facts, d);
                if let Value::Obj(o) = &mut v {
                    o.defined_at = o.defined_at.or(Some(b.span));
                }
                return self.member(v, &path[k..], span, d);
            }
            if let Some(imp) = facts.import(&name) {
                return self.import(facts, imp, &path[k..], span, d);
            }
        }
        if path.len() == 1 && path[0] == "dict" {
            return Value::External { module: "builtins".into(), name: "dict".into() };
        }
        for imp in facts.imports.iter().filter(|i| i.local == "*") {
            if let Some(m) = self.module(facts, &imp.module) {
                let v = self.lookup(&m, path, span, d);
                if !matches!(v, Value::Unresolved(_)) {
                    return v;
                }
            }
        }
        // Top-level names shared without an import (a Go package's files).
        if let Some(from) = self.linker.path_of(facts.file) {
            for sibling in super::support(facts.lang).scope_files(&from, &self.linker.fs) {
                let Some(other) = self.linker.load(&sibling) else { continue };
                if other.file == facts.file {
                    continue;
                }
                for k in (1..=path.len()).rev() {
                    if let Some(b) = other.binding(&path[..k].join(".")) {
                        let mut v = self.eval_d(&b.value, &other, d);
                        if let Value::Obj(o) = &mut v {
                            o.defined_at = o.defined_at.or(Some(b.span));
                        }
                        return self.member(v, &path[k..], span, d);
                    }
                }
            }
        }
        Value::Unresolved(span)
    }

    fn import(
        &self,
        facts: &Arc<FileFacts>,
        imp: &crate::model::Import,
        rest: &[String],
        span: Span,
        d: usize,
    ) -> Value {
        let Some(member) = &imp.member else {
            return match self.module(facts, &imp.module) {
                Some(m) if rest.is_empty() => Value::Module(m),
                Some(m) => self.lookup(&m, rest, span, d),
                None => Value::External { module: imp.module.clone(), name: rest.join(".") },
            };
        };
        let package = self.module(facts, &imp.module);
        if let Some(m) = &package {
            let mut p = vec![member.clone()];
            p.extend_from_slice(rest);
            let v = self.lookup(m, &p, span, d);
            if !matches!(v, Value::Unresolved(_)) {
                return v;
            }
        }
        // `from pkg import submodule`
        let sub = if imp.module.ends_with('.') {
            format!("{}{member}", imp.module)
        } else {
            format!("{}.{member}", imp.module)
        };
        if let Some(m) = self.module(facts, &sub) {
            return if rest.is_empty() { Value::Module(m) } else { self.lookup(&m, rest, span, d) };
        }
        if package.is_some() {
            return Value::Unresolved(span);
        }
        let mut name = member.clone();
        for r in rest {
            name.push('.');
            name.push_str(r);
        }
        Value::External { module: imp.module.clone(), name }
    }

    fn member(&self, v: Value, rest: &[String], span: Span, d: usize) -> Value {
        if rest.is_empty() {
            return v;
        }
        match v {
            Value::Module(m) => self.lookup(&m, rest, span, d),
            Value::External { module, name } => {
                let mut name = name;
                for r in rest {
                    if !name.is_empty() {
                        name.push('.');
                    }
                    name.push_str(r);
                }
                Value::External { module, name }
            }
            Value::Obj(o) => match o.get(&rest[0]) {
                // An object read out of a named one (`TABLE.search`) is a preset.
                Some(Value::Obj(inner)) => {
                    let mut inner = inner.clone();
                    inner.defined_at = inner.defined_at.or(Some(inner.span));
                    self.member(Value::Obj(inner), &rest[1..], span, d)
                }
                Some(v) => self.member(v.clone(), &rest[1..], span, d),
                None => Value::Unresolved(span),
            },
            // `ToolName.SEARCH.value` on a string Enum member.
            Value::Str(s, sp) if rest == ["value"] => Value::Str(s, sp),
            _ => Value::Unresolved(span),
        }
    }

    /// The in-tree file a module specifier names, relative to `facts`' file.
    pub(super) fn module(&self, facts: &FileFacts, specifier: &str) -> Option<Arc<FileFacts>> {
        let from = self.linker.path_of(facts.file)?;
        let path = self.linker.module_path(&from, specifier, facts.lang)?;
        self.linker.load(&path)
    }
}
