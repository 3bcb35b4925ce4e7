//! JavaScript's `Map` and `Array.from`: a registry kept in a map
//! (`this.tools.set(name, tool)`, listed by `Array.from(this.tools.values())`)
//! is followed like a record. A map is an [`Obj`] marked `keyed`: its
//! entries are the map's, in insertion order, and reading a property of it
//! is not reading an entry. Python's `dict` is a plain object already
//! (`calls::dict_view`).

use std::cell::RefCell;
use std::rc::Rc;

use super::interp::Interp;
use super::value::{Obj, ObjRef, PendingCall, Value, UNKNOWN_KEY};
use crate::source::Span;

fn list(items: Vec<Value>, span: Span) -> Value {
    Value::List(Rc::new(RefCell::new(items)), span)
}

impl Interp<'_> {
    /// `new Map()` or `new Map(entries)`: a list of `[key, value]` pairs
    /// gives its entries; anything else gives a map of unknown content.
    pub(super) fn new_map(&mut self, call: &PendingCall, span: Span) -> Value {
        let mut obj = Obj { keyed: true, ..Obj::new(span) };
        match call.arg(0) {
            None | Some(Value::Undefined(_) | Value::Null(_)) => {}
            Some(Value::List(pairs, _)) => {
                for pair in pairs.borrow().iter() {
                    let (k, v) = match pair {
                        Value::List(kv, _) => {
                            let kv = kv.borrow();
                            (kv.first().cloned(), kv.get(1).cloned().unwrap_or(Value::Undefined(span)))
                        }
                        other => (None, Value::Unknown(other.span().unwrap_or(span))),
                    };
                    set_entry(&mut obj, k.as_ref(), v);
                }
            }
            Some(_) => obj.complete = false,
        }
        Value::Object(Rc::new(RefCell::new(obj)))
    }

    /// A method of a map; `None` for a name a map does not have.
    pub(super) fn map_method(&mut self, map: &ObjRef, name: &str, call: &PendingCall, span: Span) -> Option<Value> {
        let key = call.arg(0).cloned();
        Some(match name {
            "set" => {
                let v = call.arg(1).cloned().unwrap_or(Value::Undefined(span));
                set_entry(&mut map.borrow_mut(), key.as_ref(), v);
                Value::Object(map.clone())
            }
            "get" => self.map_get(map, key.as_ref(), span),
            "has" => {
                let m = map.borrow();
                match key.as_ref().and_then(Value::as_str) {
                    Some(k) if m.get(k).is_some() => Value::Bool(true, span),
                    Some(_) if m.complete => Value::Bool(false, span),
                    _ => Value::Unknown(span),
                }
            }
            "delete" => {
                let mut m = map.borrow_mut();
                match key.as_ref().and_then(Value::as_str) {
                    Some(k) => {
                        let before = m.entries.len();
                        m.entries.retain(|(e, _, _)| &**e != k);
                        Value::Bool(m.entries.len() < before, span)
                    }
                    // Some entry may be gone: what is left is not known whole.
                    None => {
                        m.complete = false;
                        Value::Unknown(span)
                    }
                }
            }
            "clear" => {
                let mut m = map.borrow_mut();
                m.entries.clear();
                m.complete = true;
                Value::Undefined(span)
            }
            "values" | "keys" | "entries" => list(self.map_view(map, name, span), span),
            "forEach" => {
                let f = call.arg(0).cloned().unwrap_or(Value::Unknown(span));
                let entries: Vec<(Value, Value)> =
                    map.borrow().entries.iter().map(|(k, v, at)| (map_key(k, *at, span), v.clone())).collect();
                for (k, v) in entries {
                    let args =
                        PendingCall { positional: vec![v, k, Value::Object(map.clone())], ..PendingCall::new(span) };
                    self.call_value(&f, None, args, span);
                }
                Value::Undefined(span)
            }
            _ => return None,
        })
    }

    /// `map.get(key)`: the entry, missing (undefined) when the map is known
    /// whole, unknown otherwise; a key nobody knows is any entry or missing.
    fn map_get(&mut self, map: &ObjRef, key: Option<&Value>, span: Span) -> Value {
        let m = map.borrow();
        match key {
            Some(Value::Str(k, _)) => match m.get(k) {
                Some(v) => v.clone(),
                None if m.complete => Value::Undefined(span),
                None => Value::Unknown(span),
            },
            _ => {
                let mut out = vec![Value::Undefined(span)];
                out.extend(m.entries.iter().map(|(_, v, _)| v.clone()));
                if !m.complete {
                    out.push(Value::Unknown(span));
                }
                self.join(out, span)
            }
        }
    }

    /// `values()`, `keys()` or `entries()` (also what iterating or spreading
    /// the map gives): listed as arrays. A map not known whole has, beside
    /// its known entries, one element nobody knows.
    pub(super) fn map_view(&mut self, map: &ObjRef, view: &str, span: Span) -> Vec<Value> {
        let m = map.borrow();
        let mut out: Vec<Value> = m
            .entries
            .iter()
            .map(|(k, v, at)| match view {
                "values" => v.clone(),
                "keys" => map_key(k, *at, span),
                _ => list(vec![map_key(k, *at, span), v.clone()], span),
            })
            .collect();
        if !m.complete && !m.entries.iter().any(|(k, _, _)| k.starts_with(UNKNOWN_KEY)) {
            out.push(Value::Unknown(span));
        }
        out
    }

    /// `Array.from(iterable[, mapFn])`: a list (a map's entries, a string's
    /// characters aside) copied, each element mapped when a function is given.
    pub(super) fn array_from(&mut self, call: &PendingCall, span: Span) -> Option<Value> {
        let items = match call.arg(0)? {
            Value::List(l, _) => l.borrow().clone(),
            Value::Object(o) if o.borrow().keyed => self.map_view(&o.clone(), "entries", span),
            _ => return None,
        };
        let Some(f) = call.arg(1).cloned() else { return Some(list(items, span)) };
        let mut out = vec![];
        for (i, item) in items.into_iter().enumerate() {
            let idx = Value::Num(i.to_string().into(), span);
            let args = PendingCall { positional: vec![item, idx], ..PendingCall::new(span) };
            out.push(self.call_value(&f, None, args, span));
        }
        Some(list(out, span))
    }
}

/// A key as the program sees it: a value set under a key nobody knew is
/// under an unknown key.
fn map_key(k: &Rc<str>, at: Option<Span>, span: Span) -> Value {
    if k.starts_with(UNKNOWN_KEY) {
        Value::Unknown(at.unwrap_or(span))
    } else {
        Value::Str(k.clone(), at.unwrap_or(span))
    }
}

/// Sets an entry: a string key by name (numbers and booleans by their text
/// would merge `1` and `"1"`, so they are unknown keys), any other under a
/// key of its own that makes the map incomplete.
fn set_entry(obj: &mut Obj, key: Option<&Value>, v: Value) {
    match key {
        Some(Value::Str(k, at)) => obj.set(k, v, Some(*at)),
        _ => obj.set_unknown_key(v),
    }
}

impl Interp<'_> {
    /// `new Set(iterable)`: held as the list of its distinct elements, so that
    /// iterating, spreading and `has` work as on a list; an unknown iterable
    /// makes an unknown set.
    /// Python's `list(it)` / `tuple(it)` (`set(it)`, `frozenset(it)`:
    /// `unique`): the items of a known list, the keys of a known dict.
    pub(super) fn collect(&self, call: &PendingCall, unique: bool, span: Span) -> Value {
        let items = match call.arg(0) {
            None => return Value::List(Rc::new(RefCell::new(vec![])), span),
            Some(Value::Object(o)) if o.borrow().complete && !o.borrow().keyed => {
                let keys =
                    o.borrow().entries.iter().map(|(k, _, at)| Value::Str(k.clone(), at.unwrap_or(span))).collect();
                Value::List(Rc::new(RefCell::new(keys)), span)
            }
            Some(v @ Value::List(..)) => v.clone(),
            Some(_) => return Value::Unknown(span),
        };
        if unique {
            let mut set = PendingCall::new(span);
            set.positional.push(items);
            return self.new_set(&set, span);
        }
        let Value::List(l, _) = items else { return Value::Unknown(span) };
        let copy = l.borrow().clone();
        Value::List(Rc::new(RefCell::new(copy)), span)
    }

    /// Python's `sorted(it, key=None, reverse=False)` ([`crate::eval::sdk::Effect::Sorted`]):
    /// strings without a `key` in code-point order (UTF-8 byte order is the
    /// same); other items as `list(it)` gives them.
    pub(super) fn sorted(&self, call: &PendingCall, span: Span) -> Value {
        let out = self.collect(call, false, span);
        let Value::List(l, _) = &out else { return out };
        let text = |v: &Value| if let Value::Str(t, _) = v { Some(t.clone()) } else { None };
        if call.kw("key").is_none() && l.borrow().iter().all(|v| text(v).is_some()) {
            l.borrow_mut().sort_by_key(text);
            if matches!(call.kw("reverse"), Some(Value::Bool(true, _))) {
                l.borrow_mut().reverse();
            }
        }
        out
    }

    /// Python's `dict(source, **kwargs)` ([`crate::eval::sdk::Effect::NewMapping`]):
    /// a new dict of the source's keys (a dict, or a list of known pairs),
    /// then the keywords in order; a source of unknown keys leaves it
    /// incomplete, so a key it lacks is not taken to be absent.
    pub(super) fn new_mapping(&mut self, call: &PendingCall, span: Span) -> Value {
        if call.positional.len() > 1 {
            return Value::Unknown(span);
        }
        // What `{**source, **kwargs}` would make, which it is.
        let mut out = Obj::new(span);
        out.branches = self.branches;
        match call.arg(0) {
            None => {}
            Some(Value::List(pairs, _)) => {
                for pair in pairs.borrow().iter() {
                    let known = match pair {
                        Value::List(kv, _) => match &kv.borrow()[..] {
                            [Value::Str(k, at), v] => Some((k.clone(), v.clone(), *at)),
                            _ => None,
                        },
                        _ => None,
                    };
                    match known {
                        Some((k, v, at)) => out.set(&k, v, Some(at)),
                        None => out.complete = false,
                    }
                }
            }
            Some(source) => {
                let source = self.as_namespace(source.clone());
                self.spread_into(&mut out, source, span);
            }
        }
        for (k, v) in &call.keywords {
            if &**k == "**" {
                self.spread_into(&mut out, v.clone(), span);
            } else {
                out.set(k, v.clone(), call.kw_span(k));
            }
        }
        Value::Object(Rc::new(RefCell::new(out)))
    }

    pub(super) fn new_set(&self, call: &PendingCall, span: Span) -> Value {
        let mut out: Vec<Value> = vec![];
        match call.arg(0) {
            None | Some(Value::Undefined(_) | Value::Null(_)) => {}
            Some(Value::List(items, _)) => {
                for v in items.borrow().iter() {
                    if !out.iter().any(|o| o.literal_eq(v) == Some(true) || o.same(v)) {
                        out.push(v.clone());
                    }
                }
            }
            Some(_) => return Value::Unknown(span),
        }
        Value::List(Rc::new(RefCell::new(out)), span)
    }
}

/// A copy of `v` ([`crate::eval::sdk::Effect::Copy`]): each dict or list
/// alternative a new one holding the same items, made at `span`; `deep`
/// copies the dicts and lists inside too (to a bounded depth, past which
/// they are shared); anything else is itself.
pub(super) fn copied(v: &Value, deep: bool, max_alternatives: usize, span: Span) -> Value {
    copy_at(v, if deep { MAX_DEEP_COPY } else { 1 }, max_alternatives, span)
}

/// How many levels of nested dicts and lists `copy.deepcopy` copies.
const MAX_DEEP_COPY: usize = 8;

fn copy_at(v: &Value, levels: usize, max_alternatives: usize, span: Span) -> Value {
    if levels == 0 {
        return v.clone();
    }
    let inner = |x: &Value| copy_at(x, levels - 1, max_alternatives, span);
    let alts: Vec<Value> = v
        .alternatives()
        .into_iter()
        .map(|a| match a {
            // Made here: a preset of its own, not the one it copies.
            Value::Object(o) => {
                let mut copy = Obj { span: Some(span), ..o.borrow().copy() };
                for (_, value, _) in copy.entries.iter_mut() {
                    *value = inner(value);
                }
                Value::Object(Rc::new(RefCell::new(copy)))
            }
            Value::List(l, at) => Value::List(Rc::new(RefCell::new(l.borrow().iter().map(inner).collect())), at),
            other => other,
        })
        .collect();
    Value::join(alts, max_alternatives, span)
}
