//! Questions a condition asks of values: membership (Python's `in`, a JS
//! list's `includes`, a `Set`'s `has`, JS's `key in object`) and
//! `instanceof`. Each answers only when every value that could change the
//! answer is known; otherwise the branch it guards stays unknown.

use std::rc::Rc;

use super::value::Value;

/// What a membership test asks of a list: for an element (Python's `in`,
/// `includes`, a `Set`'s `has`), or for an index (JS's `in`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Asks {
    Element,
    Key,
}

/// Whether `container` holds `item`, on every path alike: an element of a
/// list, a key of an object or dict, a substring of a string.
pub(super) fn contains(asks: Asks, container: &Value, item: &Value) -> Option<bool> {
    same_on_every_path(container, |c| contains_one(asks, c, item))
}

fn contains_one(asks: Asks, container: &Value, item: &Value) -> Option<bool> {
    match container {
        Value::List(items, _) if asks == Asks::Element => {
            let mut unsure = false;
            for e in items.borrow().iter() {
                match e.literal_eq(item) {
                    Some(true) => return Some(true),
                    Some(false) => {}
                    None => unsure = true,
                }
            }
            (!unsure).then_some(false)
        }
        Value::Object(o) => {
            let key = item.as_str()?;
            let o = o.borrow();
            match o.get(key) {
                Some(_) => Some(true),
                None => o.complete.then_some(false),
            }
        }
        Value::Str(s, _) if asks == Asks::Element => Some(s.contains(item.as_str()?)),
        _ => None,
    }
}

/// Whether `v instanceof class`, for a class of the project: an instance
/// answers by its class's bases (unknown when one of them is not a project
/// class), and a literal, a primitive, a list or a function is never an
/// instance of a project class.
pub(super) fn instance_of(v: &Value, class: &Value) -> Option<bool> {
    let Value::Class(target) = class else { return None };
    same_on_every_path(v, |v| match v {
        Value::Instance(i) => {
            let mut todo = vec![i.class.clone()];
            let mut unsure = false;
            let mut guard = 0;
            while let Some(c) = todo.pop() {
                guard += 1;
                if guard > 64 {
                    return None;
                }
                if Rc::ptr_eq(&c, target) {
                    return Some(true);
                }
                for b in &c.bases {
                    match b {
                        Value::Class(b) => todo.push(b.clone()),
                        _ => unsure = true,
                    }
                }
            }
            (!unsure).then_some(false)
        }
        Value::Object(_)
        | Value::List(..)
        | Value::Str(..)
        | Value::Num(..)
        | Value::Bool(..)
        | Value::Null(_)
        | Value::Undefined(_)
        | Value::Func(_)
        | Value::Bound(..)
        | Value::Class(_) => Some(false),
        _ => None,
    })
}

/// `ask` of each alternative of `v`: the answer when they all agree.
fn same_on_every_path(v: &Value, mut ask: impl FnMut(&Value) -> Option<bool>) -> Option<bool> {
    let mut answer = None;
    for alt in v.alternatives() {
        let a = ask(&alt)?;
        if answer.is_some_and(|b| b != a) {
            return None;
        }
        answer = Some(a);
    }
    answer
}
