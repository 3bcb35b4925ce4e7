//! Servers served by other servers: fastmcp's `parent.mount(child, ...)`
//! and `import_server(child, ...)` ([`sdk::Effect::Mount`]). The child's
//! tools are listed by the parent under `prefix + separator + name`, so
//! that is what each of its registrations is named once the program has
//! run; a child mounted under two prefixes lists each tool twice (under
//! the same one, once), and a parent that is mounted in turn adds its own
//! prefix outside.

use std::collections::HashSet;
use std::rc::Rc;

use super::interp::Interp;
use super::sdk;
use super::value::{PendingCall, Value};
use super::Registration;
use crate::source::Span;

/// How deep a chain of mounts is followed, and how many ways one server's
/// tools may be listed, before the rest is left alone.
const MAX_DEPTH: usize = 8;
const MAX_PATHS: usize = 16;

#[derive(Clone, Debug)]
pub(super) struct Mount {
    parent: Span,
    child: Span,
    /// `None`: mounted without one.
    prefix: Option<Value>,
    separator: Rc<str>,
    /// A mapping of the child's tool names to the names it is listed under
    /// (before the prefix).
    renames: Option<Value>,
}

impl Interp<'_> {
    /// `parent.mount(...)` with `parent` a server made at `parent`: the
    /// child is the positional server; the prefix the other of the first
    /// two positionals (either order: fastmcp 2.2–2.8 take `(prefix,
    /// server)`, later ones `(server, prefix)` and swap a string first) or
    /// one of the `prefix` keywords.
    pub(super) fn mount(&mut self, parent: Option<Span>, how: &sdk::MountRoles, call: &PendingCall) {
        let Some(parent) = parent else { return };
        let first_two = &call.positional[..call.positional.len().min(2)];
        let Some((at, child)) = first_two.iter().enumerate().find_map(|(i, v)| Some((i, self.server_made_at(v)?)))
        else {
            return;
        };
        let keyword = |name: &str| call.keywords.iter().find(|(k, _)| &**k == name).map(|(_, v)| v.clone());
        let spread = keyword("**");
        let prefix = first_two
            .iter()
            .enumerate()
            .find(|(i, _)| *i != at)
            .map(|(_, v)| v.clone())
            .or_else(|| how.prefix.iter().find_map(|k| keyword(k)))
            .or(spread.clone());
        let separator = match how.separator.and_then(keyword).or(spread) {
            Some(Value::Str(s, _)) => s,
            Some(Value::Null(_) | Value::Undefined(_)) | None => "_".into(),
            Some(_) => return self.mounts.push(unknown_mount(parent, child, call.span)),
        };
        let renames = how.renames.and_then(keyword);
        let mount = Mount { parent, child, prefix, separator, renames };
        if !self.mounts.iter().any(|m| same(m, &mount)) {
            self.mounts.push(mount);
        }
    }

    /// Where a server was made: an SDK server, or an instance of a
    /// project class that extends one (`class Gateway(FastMCP)`).
    fn server_made_at(&self, v: &Value) -> Option<Span> {
        match v {
            Value::Sdk(s) if s.method.is_none() => s.instance,
            Value::Instance(i) => self.sdk_base_member(&i.class, "mount", v, i.span).map(|_| i.span),
            _ => None,
        }
    }

    /// Each registration on a mounted server, named as each parent lists it.
    pub(super) fn apply_mounts(&mut self) {
        if self.mounts.is_empty() {
            return;
        }
        let registrations = std::mem::take(&mut self.registrations);
        let mut out = Vec::with_capacity(registrations.len());
        for r in registrations {
            let paths = r.server.map(|s| self.mount_paths(s)).unwrap_or_default();
            if paths.is_empty() {
                out.push(r);
                continue;
            }
            // Listed under the same name by two parents (one server per
            // transport, each mounting the child alike): one tool.
            let mut names: Vec<Option<Value>> = vec![];
            for path in paths {
                let name = path.iter().fold(r.name.clone(), |name, m| name.map(|n| listed_as(&n, m)));
                let seen = names.iter().any(|n| match (n, &name) {
                    (Some(a), Some(b)) => a.literal_eq(b) == Some(true),
                    (None, None) => true,
                    _ => false,
                });
                if !seen {
                    names.push(name.clone());
                    out.push(Registration { name, ..r.clone() });
                }
            }
        }
        self.registrations = out;
    }

    /// The chains of mounts from `server` up to a server nothing mounts,
    /// innermost first.
    fn mount_paths(&self, server: Span) -> Vec<Vec<&Mount>> {
        let mut done: Vec<Vec<&Mount>> = vec![];
        let mut todo: Vec<(Span, Vec<&Mount>)> = vec![(server, vec![])];
        while let Some((at, path)) = todo.pop() {
            let up: Vec<&Mount> = self.mounts.iter().filter(|m| m.child == at).collect();
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
}

fn unknown_mount(parent: Span, child: Span, at: Span) -> Mount {
    Mount { parent, child, prefix: Some(Value::Unknown(at)), separator: "_".into(), renames: None }
}

fn same(a: &Mount, b: &Mount) -> bool {
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
fn listed_as(name: &Value, m: &Mount) -> Value {
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
