//! Binding a call to an SDK function's parameter list, Python's way
//! (positional arguments in order, then keywords by name), for each
//! version of the signature a table lists ([`super::sdk::Signature`]).
//!
//! A version the call cannot be made against (too many positional
//! arguments, an argument its parameter's type rules out, a keyword that
//! repeats a positional one) is dropped; a parameter the remaining versions
//! bind to different arguments is unknown, never guessed.

use super::sdk::Signature;
use super::value::{PendingCall, Value};
use crate::source::Span;

/// Where a parameter's value is in the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Arg(usize),
    Kw,
    Absent,
    /// The SDK versions disagree: the argument at this span may or may not be it.
    Undecided(Span),
}

pub(super) fn bind(sigs: &[Signature], name: &str, call: &PendingCall) -> Bound {
    let fits = |sig: &Signature, typed: bool| {
        let args = &call.positional;
        args.len() <= sig.positional.len()
            && (!typed
                || args.iter().zip(sig.positional).all(|(a, p)| {
                    // `x: T | None = None`: `None` fits every parameter.
                    matches!(a, Value::Null(_)) || passes(p.test, a) != Some(false)
                }))
            && !call.keywords.iter().any(|(k, _)| sig.positional[..args.len()].iter().any(|p| p.name == &**k))
    };
    let mut live: Vec<&Signature> = sigs.iter().filter(|s| fits(s, true)).collect();
    if live.is_empty() {
        // A call no version accepts as typed: read it by position alone.
        live = sigs.iter().filter(|s| fits(s, false)).collect();
    }
    if live.is_empty() {
        live = sigs.iter().collect();
    }
    let one = |sig: &Signature| match sig.positional.iter().position(|p| p.name == name) {
        Some(i) if i < call.positional.len() => Bound::Arg(i),
        _ if call.kw(name).is_some() => Bound::Kw,
        _ => Bound::Absent,
    };
    let mut answers = live.iter().map(|s| one(s));
    let first = answers.next().unwrap_or(Bound::Absent);
    for other in answers {
        if other != first {
            let at = [first, other]
                .iter()
                .find_map(|b| match b {
                    Bound::Arg(i) => call.arg_span(*i),
                    _ => None,
                })
                .unwrap_or(call.span);
            return Bound::Undecided(at);
        }
    }
    first
}

/// Whether `v` passes a slot's test; `None` when its value cannot say.
pub(super) fn passes(test: super::sdk::Test, v: &Value) -> Option<bool> {
    use super::sdk::Test;
    let schema = |ty: &str, v: &Value| match v {
        Value::Sdk(s) => Some(s.ty == ty),
        Value::Unknown(_) | Value::OneOf(_) => None,
        _ => Some(false),
    };
    // zod's `isZodRawShape`: an object every value of which is a schema.
    let shape = |ty: &str| -> Option<bool> {
        let o = match v {
            Value::Object(o) => o,
            // A schema value may be a raw shape (`X.shape`) or not (`z.object(...)`).
            Value::Unknown(_) | Value::OneOf(_) | Value::Sdk(_) => return None,
            _ => return Some(false),
        };
        let o = o.borrow();
        let mut all = Some(true);
        for (_, value, _) in &o.entries {
            match schema(ty, value) {
                Some(false) => return Some(false),
                None => all = None,
                Some(true) => {}
            }
        }
        if !o.complete {
            all = None;
        }
        all
    };
    match test {
        Test::Any | Test::Rest => Some(true),
        Test::Str => match v {
            Value::Str(..) => Some(true),
            Value::Unknown(_) | Value::OneOf(_) => None,
            _ => Some(false),
        },
        Test::Shape(ty) => shape(ty),
        Test::Record => match v {
            Value::Object(_) | Value::Instance(_) => Some(true),
            Value::Unknown(_) | Value::OneOf(_) | Value::Sdk(_) => None,
            _ => Some(false),
        },
        Test::PlainObject(ty) => match v {
            Value::Object(_) => shape(ty).map(|s| !s),
            Value::Unknown(_) | Value::OneOf(_) => None,
            _ => Some(false),
        },
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::*;
    use crate::eval::sdk::{Param, Test};
    use crate::eval::value::Obj;
    use crate::source::FileId;

    fn at(n: u32) -> Span {
        Span { file: FileId(0), start: n, end: n + 1 }
    }
    /// python-sdk's `tool` before and since 1.10.
    const TOOL: &[Signature] = &[
        Signature {
            positional: &[
                Param { name: "name", test: Test::Str },
                Param { name: "title", test: Test::Str },
                Param { name: "description", test: Test::Str },
                Param { name: "annotations", test: Test::Record },
            ],
        },
        Signature {
            positional: &[
                Param { name: "name", test: Test::Str },
                Param { name: "description", test: Test::Str },
                Param { name: "annotations", test: Test::Record },
            ],
        },
    ];
    fn call(args: Vec<Value>, kws: &[&str]) -> PendingCall {
        let mut c = PendingCall::new(at(0));
        for (i, a) in args.into_iter().enumerate() {
            c.spans.push((None, at(10 + i as u32)));
            c.positional.push(a);
        }
        for k in kws {
            c.keywords.push(((*k).into(), Value::str("x", at(30))));
        }
        c
    }
    fn s(v: &str) -> Value {
        Value::str(v, at(1))
    }
    fn record() -> Value {
        Value::Object(Rc::new(RefCell::new(Obj::new(at(2)))))
    }

    #[test]
    fn the_argument_types_pick_the_version() {
        // A record third is 1.9's annotations; three strings are 1.10's title and description.
        let legacy = call(vec![s("n"), s("d"), record()], &[]);
        assert_eq!(bind(TOOL, "annotations", &legacy), Bound::Arg(2));
        assert_eq!(bind(TOOL, "description", &legacy), Bound::Arg(1));
        assert_eq!(bind(TOOL, "title", &legacy), Bound::Absent);
        let current = call(vec![s("n"), s("t"), s("d")], &[]);
        assert_eq!(bind(TOOL, "title", &current), Bound::Arg(1));
        assert_eq!(bind(TOOL, "annotations", &current), Bound::Absent);
        // Four arguments fit only 1.10.
        let four = call(vec![s("n"), s("t"), s("d"), record()], &[]);
        assert_eq!(bind(TOOL, "annotations", &four), Bound::Arg(3));
    }

    #[test]
    fn versions_that_disagree_leave_the_parameter_unknown() {
        let two = call(vec![s("n"), s("t or d")], &[]);
        assert_eq!(bind(TOOL, "name", &two), Bound::Arg(0));
        assert_eq!(bind(TOOL, "title", &two), Bound::Undecided(at(11)));
        // By keyword, every version agrees.
        let kw = call(vec![], &["name", "annotations"]);
        assert_eq!(bind(TOOL, "annotations", &kw), Bound::Kw);
        assert_eq!(bind(TOOL, "title", &kw), Bound::Absent);
    }
}
