//! Receivers as Kotlin resolves them, and the data-class constructors an
//! SDK table names ([`Effect::Construct`], [`Effect::ReturnsApplying`]).
//!
//! - `x.f(args)` where `x` has no member `f` calls the extension function
//!   `f` in scope (a function marked `receiver_first` whose first
//!   parameter is its receiver), with `x` first.
//! - A call through the implicit receiver (`this.f(...)`, or the receiver
//!   parameter `this` a lowering writes for a bare `f(...)`) whose receiver
//!   has no member `f` calls the function `f` in scope: a top-level or
//!   imported function, an inherited one the lowering could not see.
//! - A trailing lambda ([`ir::TRAILING_LAMBDA`]) binds the callee's last
//!   parameter; a list's own methods (`forEach { }`) take it as their
//!   argument; `add`/`addAll` grow a list.

use std::cell::RefCell;
use std::rc::Rc;

use super::interp::{Activation, Interp};
use super::sdk::{Op, Signature, TABLES};
use super::signature::{bind, Bound};
use super::value::{Obj, PendingCall, Value};
use crate::ir::{self, Expr, FuncKind, ParamKind};
use crate::model::{Lang, SDK_DEFAULTS_KEY};
use crate::source::Span;

/// The receiver parameter a Kotlin lowering writes (`crate::frontend::kotlin`).
pub(super) const RECEIVER: &str = "this";

/// Members of Kotlin's `List` / `MutableList` (not extensions): a project
/// extension function of one of these names is shadowed by the member.
const LIST_MEMBERS: &[&str] = &[
    "size",
    "get",
    "contains",
    "containsAll",
    "indexOf",
    "lastIndexOf",
    "isEmpty",
    "iterator",
    "listIterator",
    "subList",
    "add",
    "addAll",
    "remove",
    "removeAll",
    "retainAll",
    "clear",
    "set",
];

/// Members of Kotlin's `String` (the rest of its API is extension functions).
const STRING_MEMBERS: &[&str] =
    &["length", "get", "subSequence", "compareTo", "equals", "hashCode", "toString", "plus"];

impl Interp<'_> {
    /// `object.name(call)` in a language with implicit receivers and
    /// extension functions: the call, when one of them is what it means.
    pub(super) fn receiver_call(
        &mut self,
        act: &Activation,
        object: &Expr,
        recv: &Value,
        name: &str,
        call: &mut PendingCall,
        span: Span,
    ) -> Option<Value> {
        let lang = self.modules[act.frame.borrow().module].lang;
        if lang != Lang::Kotlin {
            return None;
        }
        if let Value::List(list, _) = recv {
            trailing_first(call);
            match name {
                // `add`/`addAll` are the JVM's `List` methods (calls.rs).
                "plus" if call.positional.len() == 1 => {
                    let mut items = list.borrow().clone();
                    match call.arg(0) {
                        Some(Value::List(other, _)) => items.extend(other.borrow().iter().cloned()),
                        Some(v) => items.push(v.clone()),
                        None => {}
                    }
                    return Some(Value::List(Rc::new(RefCell::new(items)), span));
                }
                "mapNotNull" | "onEach" => {
                    let f = call.arg(0).cloned().unwrap_or(Value::Unknown(span));
                    let items = list.borrow().clone();
                    let mut out = vec![];
                    for item in items {
                        let one = PendingCall { positional: vec![item.clone()], ..PendingCall::new(span) };
                        let r = self.call_value(&f, None, one, span);
                        if name == "onEach" {
                            out.push(item);
                        } else if let Some(r) = r.non_null() {
                            out.push(r);
                        }
                    }
                    return Some(Value::List(Rc::new(RefCell::new(out)), span));
                }
                "forEachIndexed" => return None,
                _ => {}
            }
        }
        let implicit = match object {
            Expr::This(_) => true,
            Expr::Name(n, _) => n == RECEIVER,
            _ => false,
        };
        if self.has_member(recv, name, span) == Some(true) {
            return None;
        }
        // An overloaded extension function: the one taking the receiver and
        // these arguments; else one taking just the arguments.
        let types = call.keywords.iter().filter(|(k, _)| ir::is_type_argument(k)).count();
        let argc = call.positional.len() + call.keywords.len() - types;
        let mut f = match self.overload(act, name, argc + 1).or_else(|| self.overload(act, name, argc)) {
            Some(f) => f,
            None => self.lookup(act, name, span),
        };
        // A member extension (`private fun T.f()` in a class body), called
        // in that class on a `T`: the method bound to the class's `this`.
        if matches!(f, Value::Unknown(_) | Value::Undefined(_)) && !implicit {
            let this = self.this(act, span);
            if matches!(this, Value::Instance(_) | Value::Class(_)) {
                let m = self.get_member(&this, name, span);
                if matches!(&m, Value::Bound(c, _) if self.modules[c.module].func(c.func).receiver_first) {
                    f = m;
                }
            }
        }
        match &f {
            Value::Func(c) | Value::Bound(c, _) => {
                let func = self.modules[c.module].func(c.func);
                let extension = match f {
                    Value::Bound(..) => func.receiver_first,
                    _ => func.receiver_first && func.kind == FuncKind::Plain,
                };
                if extension {
                    let mut with_recv = std::mem::replace(call, PendingCall::new(span));
                    with_recv.positional.insert(0, recv.clone());
                    if let Some(i) = with_recv.spans.iter().position(|(k, _)| k.is_none()) {
                        let at = with_recv.spans[i].1;
                        with_recv.spans.insert(i, (None, at));
                    }
                    with_recv.elements.iter_mut().for_each(|(i, _)| *i += 1);
                    return Some(self.call_value(&f, None, with_recv, span));
                }
                if implicit {
                    let call = std::mem::replace(call, PendingCall::new(span));
                    return Some(self.call_value(&f, None, call, span));
                }
                None
            }
            Value::Class(_) | Value::Sdk(_) if implicit => {
                let call = std::mem::replace(call, PendingCall::new(span));
                Some(self.call_value(&f, None, call, span))
            }
            _ => None,
        }
    }

    /// A bare Kotlin name no scope binds, read in an extension function or
    /// a receiver lambda: the implicit receiver's member of that name, when
    /// a project class gives it one (`name` in `fun McpTool.toTool() =
    /// Tool(name = name)`). The lowering cannot tell a receiver's member
    /// from a top-level name of another file of the package.
    pub(super) fn receiver_member(&mut self, act: &Activation, name: &str, span: Span) -> Option<Value> {
        if self.modules[act.frame.borrow().module].lang != Lang::Kotlin {
            return None;
        }
        let recv = self.scope_var(act, RECEIVER).filter(|r| matches!(r, Value::Instance(_)))?;
        // A project class's members are all seen: one it lacks is unknown.
        Some(self.get_member(&recv, name, span)).filter(|v| !matches!(v, Value::Unknown(_) | Value::Undefined(_)))
    }

    /// Whether `v` has a member `name`: `None` when nobody can say.
    fn has_member(&mut self, v: &Value, name: &str, span: Span) -> Option<bool> {
        match v {
            Value::Sdk(s) => {
                if s.ty == "@module" || s.method.is_some() || s.registration.is_some() {
                    return Some(true);
                }
                let qualified = format!("{}:{}", TABLES[s.table].api, s.ty);
                let matches = |r: &super::sdk::Rule, on: &str| {
                    r.on == on
                        && match r.op {
                            Op::Method(m) | Op::Member(m) => m == name,
                            Op::AnyMethod => true,
                            _ => false,
                        }
                };
                let found = TABLES[s.table].rules.iter().any(|r| matches(r, s.ty))
                    || TABLES.iter().flat_map(|t| t.rules.iter()).any(|r| matches(r, &qualified));
                Some(found)
            }
            Value::Instance(_) | Value::Class(_) => {
                match self.get_member(v, name, span) {
                    Value::Undefined(_) => Some(false),
                    // A project class's members are all seen: one it lacks
                    // (unknown here) is no member.
                    Value::Unknown(_) => Some(false),
                    _ => Some(true),
                }
            }
            // A list has the JVM `List`'s members; what else is called on it
            // is an extension function, the project's before the standard
            // library's (a default import yields to a declaration in scope).
            Value::List(..) => LIST_MEMBERS.contains(&name).then_some(true),
            // So does a string: `lowercase`, `replace` are extensions too.
            Value::Str(..) => STRING_MEMBERS.contains(&name).then_some(true),
            Value::Unknown(_) | Value::OneOf(_) | Value::Undefined(_) | Value::Null(_) => None,
            _ => Some(true),
        }
    }

    /// [`Effect::ReturnsApplying`]: the value, after running the trailing
    /// lambda with it as receiver.
    pub(super) fn returns_applying(&mut self, value: Value, call: &PendingCall, span: Span) -> Value {
        if let Some(block) = call.kw(ir::TRAILING_LAMBDA).cloned() {
            // Called by the SDK: no call site of the project's.
            let at = Span { end: span.start, ..span };
            let mut with = PendingCall::new(at);
            with.keywords.push((RECEIVER.into(), value.clone()));
            self.call_value(&block, None, with, at);
        }
        value
    }

    /// [`Effect::Construct`]: a record of the constructor's parameters.
    pub(super) fn construct_record(
        &mut self,
        sigs: &'static [Signature],
        defaults: Option<&'static str>,
        call: &PendingCall,
        span: Span,
    ) -> Value {
        let mut obj = Obj::new(span);
        // Where it is made, for a tool registered elsewhere (as a Go record literal).
        obj.made_in = Some(self.stack.iter().map(|(_, at)| *at).filter(|at| at.end > at.start).collect());
        if let Some(spec) = defaults {
            obj.set(SDK_DEFAULTS_KEY, Value::str(spec, span), Some(span));
        }
        let mut names: Vec<&'static str> = vec![];
        for sig in sigs {
            for p in sig.positional {
                if !names.contains(&p.name) {
                    names.push(p.name);
                }
            }
        }
        let declared = names.clone();
        for name in names {
            // `null` is a nullable field left unset: kotlinx.serialization
            // (`explicitNulls = false`) leaves it out of the JSON.
            if matches!(bind(sigs, name, call), Bound::Arg(_) | Bound::Kw)
                && matches!(call.kw(name).or(arg_of(sigs, name, call)), Some(Value::Null(_)))
            {
                continue;
            }
            let key_span = call.keyword_names.iter().find(|(n, _)| &**n == name).map(|(_, at)| *at);
            match bind(sigs, name, call) {
                Bound::Arg(i) => {
                    let Some(v) = call.arg(i).cloned() else { continue };
                    let at = call.arg_span(i).or(v.span());
                    obj.set(name, v, at);
                }
                Bound::Kw => {
                    let Some(v) = call.kw(name).cloned() else { continue };
                    obj.set(name, v.clone(), key_span.or(v.span()));
                }
                Bound::Absent => {}
                Bound::Undecided(at) => obj.set(name, Value::Unknown(at), Some(at)),
            }
        }
        // Named arguments no version declares (a misspelt hint) stay, so a
        // rule can point at them.
        for (k, v) in &call.keywords {
            if &**k == "**" {
                obj.complete = false;
            } else if obj.get(k).is_none() && &**k != ir::TRAILING_LAMBDA && !declared.contains(&&**k) {
                let key_span = call.keyword_names.iter().find(|(n, _)| n == k).map(|(_, at)| *at);
                obj.set(k, v.clone(), key_span.or(v.span()));
            }
        }
        Value::Object(Rc::new(RefCell::new(obj)))
    }
}

/// The positional argument `name` is bound to, if any.
fn arg_of<'c>(sigs: &[Signature], name: &str, call: &'c PendingCall) -> Option<&'c Value> {
    match bind(sigs, name, call) {
        Bound::Arg(i) => call.arg(i),
        _ => None,
    }
}

/// A trailing lambda given to a list's own method is its argument.
pub(super) fn trailing_first(call: &mut PendingCall) {
    if !call.positional.is_empty() {
        return;
    }
    if let Some(i) = call.keywords.iter().position(|(k, _)| &**k == ir::TRAILING_LAMBDA) {
        let (_, v) = call.keywords.remove(i);
        call.positional.push(v);
    }
}

/// Renames a trailing lambda's keyword to the name of the last parameter
/// of `func` that is not keyword-only, unless that one is given by name.
pub(super) fn bind_trailing(func: &ir::Function, call: &mut PendingCall) {
    let Some(i) = call.keywords.iter().position(|(k, _)| &**k == ir::TRAILING_LAMBDA) else { return };
    let Some(last) = func.params.iter().rev().find(|p| p.kind != ParamKind::KeywordOnly) else { return };
    if call.keywords.iter().any(|(k, _)| **k == *last.name) {
        return;
    }
    if last.kind == ParamKind::Rest {
        let (_, v) = call.keywords.remove(i);
        call.positional.push(v);
        return;
    }
    call.keywords[i].0 = last.name.as_str().into();
}
