//! Python's dicts and sets changed in place by their own methods: a dict
//! filled with `setdefault`, a set with `add` and `update`. What is not
//! followed leaves the container open (a key it lacks may be there), never
//! surely empty: `"trading" in specs` after `specs.setdefault(k, set())`
//! must not drop the branch it guards.

use super::value::{ListRef, ObjRef, PendingCall, Value};
use crate::source::Span;

/// `d.setdefault(k, default=None)`, `d.pop(k[, default])`, `d.clear()`,
/// `d.popitem()` on a dict; `None` for any other method.
pub(super) fn dict_mutation(o: &ObjRef, name: &str, call: &PendingCall, span: Span) -> Option<Value> {
    if o.borrow().get(name).is_some() || !call.keywords.is_empty() {
        return None;
    }
    let key = call.arg(0).and_then(Value::as_str).map(str::to_string);
    let default = call.arg(1).cloned();
    let mut o = o.borrow_mut();
    Some(match (name, key) {
        ("setdefault", Some(k)) => match o.get(&k) {
            Some(v) => v.clone(),
            None => {
                let v = default.unwrap_or(Value::Null(span));
                o.set(&k, v.clone(), call.arg(0).and_then(Value::span));
                v
            }
        },
        ("pop", Some(k)) => match o.entries.iter().position(|(key, _, _)| **key == *k) {
            Some(i) => o.entries.remove(i).1,
            None => default.unwrap_or(Value::Unknown(span)),
        },
        ("clear", _) if call.positional.is_empty() => {
            o.entries.clear();
            Value::Null(span)
        }
        ("setdefault" | "pop" | "popitem", _) => {
            o.complete = false;
            Value::Unknown(span)
        }
        _ => return None,
    })
}

/// `s.add(x)`, `s.update(*iterables)`, `s.discard(x)`, `s.remove(x)`,
/// `xs.insert(i, x)`, `clear()` on a set or list (both held as lists).
pub(super) fn list_mutation(list: &ListRef, name: &str, call: &PendingCall, span: Span) -> Value {
    let mut items = list.borrow_mut();
    // An unknown element stands for any: a set that holds one already
    // holds whatever another unknown is.
    let add = |items: &mut Vec<Value>, x: &Value| {
        let unknown = |v: &Value| matches!(v, Value::Unknown(_));
        if !items.iter().any(|e| e.literal_eq(x) == Some(true) || (unknown(e) && unknown(x))) {
            items.push(x.clone());
        }
    };
    match name {
        "add" => call.positional.iter().for_each(|x| add(&mut items, x)),
        "update" => {
            for source in &call.positional {
                match source {
                    Value::List(l, _) => l.borrow().clone().iter().for_each(|x| add(&mut items, x)),
                    // Something else iterable: its elements are not known.
                    other => items.push(Value::Unknown(other.span().unwrap_or(span))),
                }
            }
        }
        "insert" => {
            if let (Some(Value::Num(at, _)), Some(x)) = (call.arg(0), call.arg(1)) {
                let at = at.parse::<usize>().map_or(items.len(), |i| i.min(items.len()));
                items.insert(at, x.clone());
            }
        }
        "remove" | "discard" => {
            if let Some(x) = call.arg(0) {
                items.retain(|e| e.literal_eq(x) != Some(true));
            }
        }
        "clear" => items.clear(),
        _ => {}
    }
    Value::Null(span)
}
