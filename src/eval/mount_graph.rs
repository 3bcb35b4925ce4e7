//! Which servers serve which others' tools, and under what names
//! (fastmcp's `mount` / `import_server`): the mounts a run recorded
//! ([`super::mounts`] records them), the chains from a server up to one
//! nothing mounts, and the name a tool is listed under along a chain.

use std::collections::HashSet;
use std::rc::Rc;

use super::value::Value;
use crate::source::Span;

/// How deep a chain of mounts is followed, and how many ways one server's
/// tools may be listed, before the rest is left alone.
const MAX_DEPTH: usize = 8;
const MAX_PATHS: usize = 16;

#[derive(Clone, Debug)]
pub(super) struct Mount {
    pub(super) parent: Span,
    pub(super) child: Span,
    /// `None`: mounted without one.
    pub(super) prefix: Option<Value>,
    pub(super) separator: Rc<str>,
    /// A mapping of the child's tool names to the names it is listed under
    /// (before the prefix).
    pub(super) renames: Option<Value>,
}

/// The chains of mounts from `server` up to a server nothing mounts,
/// innermost first.
pub(super) fn paths(mounts: &[Mount], server: Span) -> Vec<Vec<&Mount>> {
    let mut done: Vec<Vec<&Mount>> = vec![];
    let mut todo: Vec<(Span, Vec<&Mount>)> = vec![(server, vec![])];
    while let Some((at, path)) = todo.pop() {
        let up: Vec<&Mount> = mounts.iter().filter(|m| m.child == at).collect();
        let seen: HashSet<Span> = path.iter().map(|m| m.child).collect();
        let up: Vec<&Mount> = up.into_iter().filter(|m| !seen.contains(&m.parent) && m.parent != server).collect();
        if up.is_empty() || path.len() >= MAX_DEPTH {
            if !path.is_empty() {
                done.push(path);
            }
            continue;
        }
        for m in up {
            if done.len() + todo.len() >= MAX_PATHS {
                break;
            }
            let mut next = path.clone();
            next.push(m);
            todo.push((m.parent, next));
        }
    }
    done.sort_by_key(|p| p.iter().map(|m| (m.parent.file, m.parent.start)).collect::<Vec<_>>());
    done
}

pub(super) fn unknown_mount(parent: Span, child: Span, at: Span) -> Mount {
    Mount { parent, child, prefix: Some(Value::Unknown(at)), separator: "_".into(), renames: None }
}

pub(super) fn same(a: &Mount, b: &Mount) -> bool {
    let eq = |x: &Option<Value>, y: &Option<Value>| match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => x.literal_eq(y) == Some(true) || x.same(y),
        _ => false,
    };
    a.parent == b.parent
        && a.child == b.child
        && a.separator == b.separator
        && eq(&a.prefix, &b.prefix)
        && eq(&a.renames, &b.renames)
}

/// The name a tool named `name` on the child is listed under by the parent:
/// renamed first, then prefixed (an empty or absent prefix adds nothing).
pub(super) fn listed_as(name: &Value, m: &Mount) -> Value {
    let alts: Vec<Value> = name.alternatives().into_iter().map(|n| one_name(n, m)).collect();
    let span = name.span().unwrap_or(m.parent);
    Value::join(alts, usize::MAX, span)
}

fn one_name(name: Value, m: &Mount) -> Value {
    let Value::Str(n, at) = &name else { return name };
    let renamed = match &m.renames {
        Some(Value::Object(o)) => match o.borrow().get(n) {
            Some(Value::Str(to, _)) => to.clone(),
            Some(_) => return Value::Unknown(*at),
            None if o.borrow().complete => n.clone(),
            None => return Value::Unknown(*at),
        },
        None | Some(Value::Null(_) | Value::Undefined(_)) => n.clone(),
        Some(_) => return Value::Unknown(*at),
    };
    match &m.prefix {
        None | Some(Value::Null(_) | Value::Undefined(_)) => Value::Str(renamed, *at),
        Some(Value::Str(p, _)) if p.is_empty() => Value::Str(renamed, *at),
        Some(Value::Str(p, _)) => Value::Str(format!("{p}{}{renamed}", m.separator).into(), *at),
        Some(_) => Value::Unknown(*at),
    }
}
