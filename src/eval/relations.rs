//! Questions a condition asks of values: membership (Python's `in`, a JS
//! list's `includes`, a `Set`'s `has`, JS's `key in object`) and
//! `instanceof`. Each answers only when every value that could change the
//! answer is known; otherwise the branch it guards stays unknown.

use std::rc::Rc;

use super::value::{ClassVal, Value};

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
        Value::Instance(i) => derives(&i.class, target),
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

/// Whether `class` is `target` or derives from it: unknown when one of its
/// ancestors is not a project class (it may derive from `target` through
/// one).
fn derives(class: &Rc<ClassVal>, target: &Rc<ClassVal>) -> Option<bool> {
    let mut todo = vec![class.clone()];
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

/// Python's `issubclass(c, class)` for classes of the project.
pub(super) fn python_subclass_of(v: &Value, class: &Value) -> Option<bool> {
    let Value::Class(target) = class else { return None };
    same_on_every_path(v, |v| match v {
        Value::Class(c) => derives(c, target),
        _ => None,
    })
}

/// Python's `isinstance(v, class)`: as [`instance_of`], except that a
/// value the interpreter holds as a literal is only known not to be an
/// instance of a class whose bases are all the project's (an `Enum` member
/// is held as its value, and `class Name(str, Enum)` makes it a `str`).
pub(super) fn python_instance_of(v: &Value, class: &Value) -> Option<bool> {
    let Value::Class(c) = class else { return None };
    // Every ancestor a project class: no builtin or SDK base anywhere.
    let mut plain = true;
    let mut todo = vec![c.clone()];
    let mut guard = 0;
    while let Some(c) = todo.pop() {
        guard += 1;
        if guard > 64 {
            return None;
        }
        for b in &c.bases {
            match b {
                Value::Class(b) => todo.push(b.clone()),
                _ => plain = false,
            }
        }
    }
    same_on_every_path(v, |v| match v {
        Value::Instance(_) => instance_of(v, class),
        _ if plain => instance_of(v, class),
        _ => None,
    })
}

/// Python's `callable(v)`.
pub(super) fn callable(v: &Value) -> Option<bool> {
    same_on_every_path(v, |v| match v {
        Value::Func(_) | Value::Bound(..) | Value::Class(_) => Some(true),
        Value::Str(..) | Value::Num(..) | Value::Bool(..) | Value::Null(_) | Value::List(..) | Value::Object(_) => {
            Some(false)
        }
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

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::source::{FileId, Span};

    fn sp() -> Span {
        Span::new(FileId(0), 0, 0)
    }

    fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(RefCell::new(items)), sp())
    }

    #[test]
    fn membership_is_decided_only_when_every_element_that_could_match_is_known() {
        let known = list(vec![Value::str("a", sp()), Value::str("b", sp())]);
        assert_eq!(contains(Asks::Element, &known, &Value::str("b", sp())), Some(true));
        assert_eq!(contains(Asks::Element, &known, &Value::str("c", sp())), Some(false));
        // An unknown element may be the one asked for; a known match still answers.
        let partly = list(vec![Value::str("a", sp()), Value::Unknown(sp())]);
        assert_eq!(contains(Asks::Element, &partly, &Value::str("c", sp())), None);
        assert_eq!(contains(Asks::Element, &partly, &Value::str("a", sp())), Some(true));
        // JS's `in` asks a list for an index: not followed.
        assert_eq!(contains(Asks::Key, &known, &Value::str("a", sp())), None);
        // Paths that disagree leave it unknown.
        let either = Value::OneOf(Rc::from(vec![known.clone(), list(vec![])]));
        assert_eq!(contains(Asks::Element, &either, &Value::str("a", sp())), None);
        assert_eq!(contains(Asks::Element, &Value::str("read_only", sp()), &Value::str("read", sp())), Some(true));
    }

    fn class(id: u32, bases: Vec<Value>) -> Rc<crate::eval::value::ClassVal> {
        Rc::new(crate::eval::value::ClassVal {
            module: 0,
            class: crate::ir::ClassId(id),
            name: None,
            bases,
            statics: Rc::new(RefCell::new(crate::eval::value::Obj::new(sp()))),
            env: None,
            span: sp(),
        })
    }

    fn instance(of: &Rc<crate::eval::value::ClassVal>) -> Value {
        let fields = Rc::new(RefCell::new(crate::eval::value::Obj::new(sp())));
        Value::Instance(Rc::new(crate::eval::value::Instance { class: of.clone(), fields, span: sp() }))
    }

    #[test]
    fn instanceof_follows_project_bases_and_a_literal_is_never_an_instance() {
        let base = class(0, vec![]);
        let derived = class(1, vec![Value::Class(base.clone())]);
        let other = class(2, vec![]);
        assert_eq!(instance_of(&instance(&derived), &Value::Class(base.clone())), Some(true));
        assert_eq!(instance_of(&instance(&base), &Value::Class(derived.clone())), Some(false));
        let obj = Value::Object(Rc::new(RefCell::new(crate::eval::value::Obj::new(sp()))));
        assert_eq!(instance_of(&obj, &Value::Class(base.clone())), Some(false));
        // A base the interpreter cannot see may be the class asked about.
        let opaque = class(3, vec![Value::Unknown(sp())]);
        assert_eq!(instance_of(&instance(&opaque), &Value::Class(other)), None);
        // Not a project class: nothing is decided.
        assert_eq!(instance_of(&obj, &Value::Unknown(sp())), None);
    }
}
