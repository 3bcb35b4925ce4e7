//! Evaluating model expressions across files: names through bindings and
//! imports, mappings through spreads and constructor keywords.

use std::sync::Arc;

use super::Resolver;
use crate::model::{Element, Entry, Expr, FileFacts, Forwarder, Returns, Spread};
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
    /// A value of a class (a call of the class, an annotated parameter).
    Instance(Box<Value>),
    /// A list whose every element is known.
    List(Vec<Value>, Span),
    /// A missing field read where the language gives `undefined`: a pair
    /// holding it is left out of its object (JSON drops it).
    Undefined(Span),
    Forwarder(Arc<Forwarder>, Arc<FileFacts>),
    /// A function whose call has a known value, with its file.
    Function(Arc<Returns>, Arc<FileFacts>),
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
            Expr::Call { callee, args, span } => self.call(callee, args, *span, facts, d),
            Expr::Ref { path, span } => self.lookup(facts, path, *span, d),
            Expr::List { items, span } => {
                let mut out = Vec::new();
                for Element::Item(e) in items {
                    out.push(self.eval_d(e, facts, d));
                }
                Value::List(out, *span)
            }
            Expr::Index { base, key, span } if key.parse::<usize>().is_ok() => match self.eval_d(base, facts, d) {
                Value::List(items, _) => {
                    key.parse::<usize>().ok().and_then(|i| items.into_iter().nth(i)).unwrap_or(Value::Unresolved(*span))
                }
                Value::Obj(o) => o.get(key).cloned().unwrap_or(Value::Unresolved(*span)),
                _ => Value::Unresolved(*span),
            },
            Expr::Index { base, key, span } => match self.eval_d(base, facts, d) {
                Value::Obj(o) => match o.get(key) {
                    Some(Value::Obj(inner)) => {
                        let mut inner = inner.clone();
                        inner.defined_at = inner.defined_at.or(Some(inner.span));
                        Value::Obj(inner)
                    }
                    Some(v) => v.clone(),
                    None => Value::Unresolved(*span),
                },
                _ => Value::Unresolved(*span),
            },
            Expr::Instance { class, .. } => Value::Instance(Box::new(self.eval_d(class, facts, d))),
            Expr::Forwarder(f) => Value::Forwarder(Arc::new((**f).clone()), facts.clone()),
            Expr::Function { returns, .. } => Value::Function(Arc::new((**returns).clone()), facts.clone()),
        }
    }

    fn spread(&self, items: &mut Vec<Item>, inner: &Expr, facts: &Arc<FileFacts>, d: usize) {
        match self.eval_d(inner, facts, d) {
            Value::Obj(o) => items.extend(o.items),
            Value::Null(_) | Value::Undefined(_) => {}
            _ => items.push(Item::Unknown(inner.span())),
        }
    }

    fn call(&self, callee: &Expr, args: &[crate::model::Arg], span: Span, facts: &Arc<FileFacts>, d: usize) -> Value {
        let path = match callee {
            Expr::Ref { path, .. } => path.as_slice(),
            _ => &[],
        };
        let last = path.last().map(String::as_str).unwrap_or("");
        // `BASE.model_copy(update={...})`: the base merged with the update.
        if last == "model_copy" && path.len() > 1 {
            let base = self.lookup(facts, &path[..path.len() - 1], callee.span(), d);
            let Value::Obj(mut obj) = base else { return Value::Unresolved(span) };
            for a in args {
                if a.keyword.as_deref() == Some("update") {
                    self.spread(&mut obj.items, &a.value, facts, d);
                }
            }
            obj.span = span;
            return Value::Obj(obj);
        }
        let cv = self.eval_d(callee, facts, d);
        if let Value::Function(returns, ffacts) = &cv {
            return match &**returns {
                Returns::Argument(i) => match args.get(*i) {
                    Some(a) if a.spread == Spread::No => self.eval_d(&a.value, facts, d),
                    _ => Value::Unresolved(span),
                },
                Returns::Value(e) => self.eval_d(e, ffacts, d),
                Returns::Template { value, params, rest } => {
                    // Arguments are evaluated where the call is; their values
                    // replace the parameters in the function's expression.
                    let mut with = Vec::new();
                    for (at, i) in params {
                        let arg = match args.get(*i) {
                            Some(a) if a.spread == Spread::No => {
                                value_expr(self.eval_d(&a.value, facts, d), a.value.span())
                            }
                            _ => Expr::Unresolved(*at),
                        };
                        with.push((*at, arg));
                    }
                    for (at, i) in rest {
                        let entries = args
                            .iter()
                            .skip(*i)
                            .map(|a| match a.spread {
                                Spread::No => {
                                    Entry::Spread(value_expr(self.eval_d(&a.value, facts, d), a.value.span()))
                                }
                                _ => Entry::Spread(Expr::Unresolved(a.value.span())),
                            })
                            .collect();
                        with.push((*at, Expr::Object { entries, span: *at }));
                    }
                    self.eval_d(&substitute(value, &with), ffacts, d)
                }
            };
        }
        let constructor = match &cv {
            Value::External { name, .. } => {
                let n = name.rsplit('.').next().unwrap_or(name);
                n == "ToolAnnotations" || name == "dict"
            }
            _ => last == "ToolAnnotations",
        };
        if constructor {
            let mut items = Vec::new();
            for a in args {
                match (&a.keyword, a.spread) {
                    (Some(k), _) => items.push(Item::Pair {
                        key: k.clone(),
                        key_span: a.keyword_span.unwrap_or(a.value.span()),
                        value: self.eval_d(&a.value, facts, d),
                        value_expr: Some(a.value.clone()),
                        facts: facts.clone(),
                    }),
                    (None, Spread::Map) | (None, Spread::No) => self.spread(&mut items, &a.value, facts, d),
                    (None, Spread::List) => items.push(Item::Unknown(a.value.span())),
                }
            }
            return Value::Obj(Obj { items, span, defined_at: None });
        }
        match cv {
            Value::Unresolved(_) => Value::Unresolved(span),
            v => Value::Instance(Box::new(v)),
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
            for sibling in super::support(facts.lang).scope_files(&from) {
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

/// `e` with each sub-expression whose span is in `with` replaced.
fn substitute(e: &Expr, with: &[(Span, Expr)]) -> Expr {
    if let Some((_, r)) = with.iter().find(|(s, _)| *s == e.span()) {
        return r.clone();
    }
    let sub = |x: &Expr| Box::new(substitute(x, with));
    match e {
        Expr::Object { entries, span } => Expr::Object {
            entries: entries
                .iter()
                .map(|en| match en {
                    Entry::Pair { key, key_span, value } => {
                        Entry::Pair { key: key.clone(), key_span: *key_span, value: substitute(value, with) }
                    }
                    Entry::Spread(x) => Entry::Spread(substitute(x, with)),
                })
                .collect(),
            span: *span,
        },
        Expr::Call { callee, args, span } => Expr::Call {
            callee: sub(callee),
            args: args.iter().map(|a| crate::model::Arg { value: substitute(&a.value, with), ..a.clone() }).collect(),
            span: *span,
        },
        Expr::Index { base, key, span } => Expr::Index { base: sub(base), key: key.clone(), span: *span },
        other => other.clone(),
    }
}

/// A value as an expression that evaluates to it anywhere: literals and
/// objects of them; anything else is unresolved.
fn value_expr(v: Value, span: Span) -> Expr {
    match v {
        Value::Bool(b, s) => Expr::Bool(b, s),
        Value::Str(v, s) => Expr::Str(v, s),
        Value::Number(v, s) => Expr::Number(v, s),
        Value::Null(s) => Expr::Null(s),
        Value::Obj(o) => Expr::Object {
            entries: o
                .items
                .into_iter()
                .map(|item| match item {
                    Item::Pair { key, key_span, value, .. } => {
                        let value = value_expr(value, key_span);
                        Entry::Pair { key, key_span, value }
                    }
                    Item::Unknown(s) => Entry::Spread(Expr::Unresolved(s)),
                })
                .collect(),
            span: o.span,
        },
        _ => Expr::Unresolved(span),
    }
}
