//! Registrations repeated per element of a list ([`Each`]): `for (const t of
//! TOOLS) server.registerTool(t.name, {...}, t.handler)`. When the list can be
//! followed (through imports, spreads and `Object.values`), the site becomes
//! one tool per element with the loop variables replaced by that element;
//! otherwise the loop variables are unresolved and the site is one computed
//! tool, as before.

use std::sync::Arc;

use super::eval::Value;
use super::Resolver;
use crate::model::{Arg, Each, Element, Entry, Expr, FileFacts, Gate, Tool, ToolSite};
use crate::source::Span;

/// Longer lists are not expanded (generated tables, not tool definitions).
const MAX_ELEMENTS: usize = 1000;

impl Resolver<'_, '_> {
    pub(super) fn each(&self, facts: &Arc<FileFacts>, site: &ToolSite, each: &Each) -> Vec<Tool> {
        let list_span = each.list.span();
        match self.eval(&each.list, facts) {
            Value::List(items, _) if items.len() <= MAX_ELEMENTS => items
                .iter()
                .enumerate()
                .filter_map(|(i, item)| {
                    let element =
                        Expr::Index { base: Box::new(each.list.clone()), key: i.to_string(), span: list_span };
                    let s = substitute_site(site, &each.vars, &|keys: &[String], span: Span| {
                        keys.iter().fold(element.clone(), |base, k| Expr::Field {
                            base: Box::new(base),
                            key: k.clone(),
                            span,
                        })
                    });
                    let mut tool = self.tool(facts, &s)?;
                    // The element, or the value of an `Object.entries` pair.
                    let object = match item {
                        Value::Obj(o) => Some(o),
                        Value::List(pair, _) => pair.iter().find_map(|v| match v {
                            Value::Obj(o) => Some(o),
                            _ => None,
                        }),
                        _ => None,
                    };
                    // The element is the definition, rather than a config inside it.
                    if let Some(o) = object {
                        tool.definition = Some(Span { end: o.span.start + 1, ..o.span });
                    }
                    Some(tool)
                })
                .collect(),
            _ => {
                let s = substitute_site(site, &each.vars, &|_: &[String], span: Span| Expr::Unresolved(span));
                self.tool(facts, &s).into_iter().collect()
            }
        }
    }
}

type Replace<'r> = &'r dyn Fn(&[String], Span) -> Expr;

fn substitute_site(site: &ToolSite, vars: &[(String, Vec<String>)], replace: Replace) -> ToolSite {
    let sub = |e: &Expr| substitute(e, vars, replace, 0);
    let mut s = site.clone();
    s.name = site.name.as_ref().map(sub);
    s.title = site.title.as_ref().map(sub);
    s.annotations = site.annotations.as_ref().map(sub);
    s.args = site.args.iter().map(|a| Arg { value: sub(&a.value), ..a.clone() }).collect();
    s.gate = match &site.gate {
        Gate::Receiver { receiver, method } => Gate::Receiver { receiver: sub(receiver), method: method.clone() },
        g => g.clone(),
    };
    s
}

/// `expr` with every name bound by the loop replaced by what `replace` gives
/// for its key path (followed by the rest of the dotted name).
fn substitute(expr: &Expr, vars: &[(String, Vec<String>)], replace: Replace, depth: usize) -> Expr {
    if depth > 48 {
        return Expr::Unresolved(expr.span());
    }
    let d = depth + 1;
    let sub = |e: &Expr| substitute(e, vars, replace, d);
    match expr {
        Expr::Ref { path, span } => match vars.iter().find(|(v, _)| *v == path[0]) {
            Some((_, keys)) => {
                let mut keys = keys.clone();
                keys.extend(path[1..].iter().cloned());
                replace(&keys, *span)
            }
            None => expr.clone(),
        },
        Expr::Object { entries, span } => Expr::Object {
            entries: entries
                .iter()
                .map(|e| match e {
                    Entry::Pair { key, key_span, value } => {
                        Entry::Pair { key: key.clone(), key_span: *key_span, value: sub(value) }
                    }
                    Entry::Spread(v) => Entry::Spread(sub(v)),
                })
                .collect(),
            span: *span,
        },
        Expr::Field { base, key, span } => Expr::Field { base: Box::new(sub(base)), key: key.clone(), span: *span },
        Expr::Index { base, key, span } => Expr::Index { base: Box::new(sub(base)), key: key.clone(), span: *span },
        Expr::Lookup { base, key, span } => {
            Expr::Lookup { base: Box::new(sub(base)), key: Box::new(sub(key)), span: *span }
        }
        Expr::Equals { left, right, negated, span } => {
            Expr::Equals { left: Box::new(sub(left)), right: Box::new(sub(right)), negated: *negated, span: *span }
        }
        Expr::Concat { parts, span } => Expr::Concat { parts: parts.iter().map(sub).collect(), span: *span },
        Expr::Call { callee, args, span } => Expr::Call {
            callee: Box::new(sub(callee)),
            args: args.iter().map(|a| Arg { value: sub(&a.value), ..a.clone() }).collect(),
            span: *span,
        },
        Expr::List { items, span } => Expr::List {
            items: items
                .iter()
                .map(|i| match i {
                    Element::Item(e) => Element::Item(sub(e)),
                    Element::Spread(e) => Element::Spread(sub(e)),
                })
                .collect(),
            span: *span,
        },
        Expr::Values { base, span } => Expr::Values { base: Box::new(sub(base)), span: *span },
        Expr::Entries { base, span } => Expr::Entries { base: Box::new(sub(base)), span: *span },
        Expr::Instance { class, span } => Expr::Instance { class: Box::new(sub(class)), span: *span },
        e => e.clone(),
    }
}
