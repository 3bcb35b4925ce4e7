//! [`Effect::Path`]: file-system paths computed from a module's own
//! `__file__`, as text (`os.path`) or as `pathlib` path objects, so that
//! the directory a server imports its tool modules from is known
//! (`sdk/python_paths.rs` says what each function does in CPython). Only
//! text is computed here; nothing is read.

use std::rc::Rc;

use crate::source::Span;

use super::interp::Interp;
use super::sdk::forms::PATH_OBJECT;
use super::sdk::PathOp;
use super::value::{PendingCall, SdkValue, Value};

impl Interp<'_> {
    /// `op` on the path object `s` (a member read or a method call), or a
    /// path function `s` called with `call`.
    pub(super) fn path_effect(&mut self, s: &SdkValue, op: PathOp, call: &PendingCall, span: Span) -> Value {
        let on_object = s.ty == PATH_OBJECT;
        let own = if on_object { s.pending.as_ref().and_then(|p| p.arg(0)).and_then(text_of) } else { None };
        let first = || call.arg(0).and_then(text_of);
        let out = match op {
            PathOp::Make => joined(call).map(|t| object(s.table, t, span)),
            PathOp::Text if on_object && call.positional.is_empty() => own.map(|t| Value::str(&t, span)),
            PathOp::Text => first().filter(|_| call.positional.len() == 1).map(|t| Value::str(&t, span)),
            PathOp::Normal => first().filter(|_| call.positional.len() == 1).map(|t| Value::str(&normpath(&t), span)),
            PathOp::Same => own.map(|t| object(s.table, normpath(&t), span)),
            PathOp::Parent if on_object => own.map(|t| object(s.table, pathlib_parent(&t), span)),
            PathOp::Parent => first().map(|t| Value::str(dirname(&t), span)),
            PathOp::Name => own.or_else(first).map(|t| Value::str(basename(&t), span)),
            PathOp::Stem => own.map(|t| Value::str(stem(basename(&t)), span)),
            PathOp::Join if on_object => {
                own.zip(joined(call)).map(|(base, rest)| object(s.table, join(&base, &rest), span))
            }
            PathOp::Join => joined(call).map(|t| Value::str(&t, span)),
            PathOp::JoinNormal => node_joined(call, false).map(|t| Value::str(&t, span)),
            PathOp::Resolve => node_joined(call, true).map(|t| Value::str(&t, span)),
            PathOp::FromUrl => first().filter(|_| call.positional.len() == 1).map(|t| Value::str(from_url(&t), span)),
            PathOp::ListNames => first().and_then(|dir| {
                let names = self.linker.directory_entries(&dir)?;
                Some(list(names.into_iter().map(|(n, _)| Value::str(&n, span)).collect(), span))
            }),
            PathOp::Children { glob } => own.and_then(|dir| {
                let pattern = if glob { Some(first()?) } else { None };
                if pattern.as_deref().is_some_and(|p| p.contains('/') || p.contains("**")) {
                    return None;
                }
                let names = self.linker.directory_entries(&dir)?;
                let kept = names
                    .into_iter()
                    .filter(|(n, _)| pattern.as_deref().is_none_or(|p| matches_glob(p, n)))
                    .map(|(n, _)| object(s.table, join(&dir, &n), span))
                    .collect();
                Some(list(kept, span))
            }),
        };
        out.unwrap_or(Value::Unknown(span))
    }

    /// `new URL(relative, base)` with a `file:` base: the URL `relative`
    /// names from the base's directory (`..` folded), as its text; unknown
    /// for any other URL. The text stands for the URL object:
    /// `fileURLToPath` and `fs` read it as the path it names.
    pub(super) fn new_url(&self, call: &PendingCall, span: Span) -> Value {
        let (Some(Value::Str(rel, _)), Some(Value::Str(base, _))) = (call.arg(0), call.arg(1)) else {
            return Value::Unknown(span);
        };
        let Some(base) = base.strip_prefix("file://") else { return Value::Unknown(span) };
        if rel.contains("://") || rel.starts_with('?') || rel.starts_with('#') {
            return Value::Unknown(span);
        }
        let dir = &base[..base.rfind('/').map_or(0, |i| i + 1)];
        let path = if rel.starts_with('/') { rel.to_string() } else { format!("{dir}{rel}") };
        Value::str(&format!("file://{}", normpath(&path)), span)
    }

    /// `p / part` with `p` a path object: the joined path; otherwise `None`.
    pub(super) fn path_divided(&self, l: &Value, r: &Value, span: Span) -> Option<Value> {
        let Value::Sdk(s) = l else { return None };
        if s.ty != PATH_OBJECT || s.method.is_some() {
            return None;
        }
        let base = s.pending.as_ref().and_then(|p| p.arg(0)).and_then(text_of)?;
        Some(object(s.table, join(&base, &text_of(r)?), span))
    }
}

/// The text of a string or a path object.
pub(super) fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::Str(t, _) => Some(t.to_string()),
        Value::Sdk(s) if s.ty == PATH_OBJECT && s.method.is_none() => {
            s.pending.as_ref().and_then(|p| p.arg(0)).and_then(text_of)
        }
        _ => None,
    }
}

fn list(items: Vec<Value>, span: Span) -> Value {
    Value::List(Rc::new(std::cell::RefCell::new(items)), span)
}

/// A one-level glob: `*` any run of characters, `?` any one; the rest
/// literally. Iterative, with the usual backtrack to the last `*`.
fn matches_glob(pattern: &str, name: &str) -> bool {
    let (p, n): (Vec<char>, Vec<char>) = (pattern.chars().collect(), name.chars().collect());
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        if i < p.len() && (p[i] == '?' || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|c| *c == '*')
}

fn object(table: usize, text: String, span: Span) -> Value {
    let kept = PendingCall { positional: vec![Value::str(&text, span)], ..PendingCall::new(span) };
    Value::Sdk(Rc::new(SdkValue { pending: Some(kept), ..SdkValue::plain(table, PATH_OBJECT, span) }))
}

/// Every positional argument's text joined (`Path(a, b)`, `join(a, b)`);
/// `None` when one is not known or there are none.
fn joined(call: &PendingCall) -> Option<String> {
    let mut parts = call.positional.iter().map(text_of);
    let first = parts.next()??;
    parts.try_fold(first, |acc, p| Some(join(&acc, &p?)))
}

/// Node's `path.join` (`resolve: false`: every part appended) or
/// `path.resolve` (each absolute part starts over; `None` when none is
/// absolute), normalized. `None` when a part is not known.
fn node_joined(call: &PendingCall, resolve: bool) -> Option<String> {
    // `resolve` reads from the right up to the first absolute part: what
    // precedes it (`process.cwd()`) need not be known.
    let mut parts: Vec<String> = vec![];
    for part in call.positional.iter().rev() {
        let part = text_of(part)?;
        let absolute = part.starts_with('/');
        parts.push(part);
        if resolve && absolute {
            break;
        }
    }
    if resolve && !parts.last().is_some_and(|p| p.starts_with('/')) {
        return None;
    }
    let kept: Vec<&str> = parts.iter().rev().map(String::as_str).filter(|p| !p.is_empty()).collect();
    Some(normpath(&kept.join("/")))
}

/// The path a `file:` URL names (`fileURLToPath`); other text as it is.
pub(super) fn from_url(t: &str) -> &str {
    t.strip_prefix("file://").unwrap_or(t)
}

/// `posixpath.join(a, b)`: an absolute `b` starts over.
fn join(a: &str, b: &str) -> String {
    if b.starts_with('/') || a.is_empty() {
        b.to_string()
    } else if a.ends_with('/') {
        format!("{a}{b}")
    } else {
        format!("{a}/{b}")
    }
}

/// `posixpath.dirname`: what precedes the last `/`, trailing slashes
/// dropped unless it is the root.
fn dirname(p: &str) -> &str {
    let head = &p[..p.rfind('/').map_or(0, |i| i + 1)];
    let trimmed = head.trim_end_matches('/');
    if trimmed.is_empty() {
        &head[..head.len().min(1)]
    } else {
        trimmed
    }
}

/// `posixpath.normpath`, lexically: `.` and empty parts dropped, `..` taking
/// the part before it (kept at the start of a relative path, dropped at
/// the root). What `abspath`, `realpath` and `resolve()` give here, and the
/// directory a listing names (`os.path.join(here, "..", "plugins")`).
pub fn normpath(p: &str) -> String {
    let absolute = p.starts_with('/');
    let mut parts: Vec<&str> = vec![];
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            ".." if absolute => {}
            part => parts.push(part),
        }
    }
    let joined = parts.join("/");
    match (absolute, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_string(),
        (false, false) => joined,
    }
}

/// `PurePath.parent`: as `dirname`, with `.` for a bare name.
fn pathlib_parent(p: &str) -> String {
    let p = p.trim_end_matches('/');
    match dirname(p) {
        "" => ".".to_string(),
        d => d.to_string(),
    }
}

fn basename(p: &str) -> &str {
    &p[p.rfind('/').map_or(0, |i| i + 1)..]
}

/// `PurePath.stem`: the name without its last suffix (a leading dot is no suffix).
fn stem(name: &str) -> &str {
    match name.rfind('.') {
        Some(i) if i > 0 => &name[..i],
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_text_follows_posixpath_and_pathlib() {
        assert_eq!(dirname("/srv/app/tools/__init__.py"), "/srv/app/tools");
        assert_eq!(dirname("/srv"), "/");
        assert_eq!(dirname("name.py"), "");
        assert_eq!(pathlib_parent("name.py"), ".");
        assert_eq!(pathlib_parent("/srv/app/"), "/srv");
        assert_eq!(basename("/srv/app/tools.py"), "tools.py");
        assert_eq!(stem("tools.py"), "tools");
        assert_eq!(stem(".env"), ".env");
        assert_eq!(join("/srv/app", "tools"), "/srv/app/tools");
        assert_eq!(join("/srv/app/", "tools"), "/srv/app/tools");
        assert_eq!(join("/srv/app", "/etc"), "/etc");
        assert_eq!(normpath("/srv/app/tools/../plugins/./"), "/srv/app/plugins");
        assert_eq!(normpath("/../srv"), "/srv");
        assert_eq!(normpath("../a/../../b"), "../../b");
        assert_eq!(normpath("a/.."), ".");
    }

    #[test]
    fn one_level_globs_match_names() {
        assert!(matches_glob("*.py", "tools.py"));
        assert!(!matches_glob("*.py", "tools.pyc"));
        assert!(matches_glob("tool_?.py", "tool_a.py"));
        assert!(matches_glob("*", ""));
        assert!(matches_glob("a*b*c", "aXbYbZc"));
        assert!(!matches_glob("a*b", "a"));
    }
}
