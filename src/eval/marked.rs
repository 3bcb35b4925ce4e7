//! Marker annotations ([`Effect::MethodMarker`]): an SDK annotation that
//! registers nothing by itself (Spring AI's `@Tool`), and the call that
//! registers every marked method of the objects it is handed
//! ([`Effect::RegisterMarked`], `toolObjects(...)`). A marked method no
//! such call reaches is no tool (a chat client's tool).

use std::rc::Rc;

use super::interp::Interp;
use super::sdk::Roles;
use super::state::Mark;
use super::value::{Closure, PendingCall, SdkValue, Value};
use crate::ir::MemberValue;
use crate::source::Span;

/// The SDK type of a marker's call waiting for its method.
pub(super) const MARKER: &str = "@marker";

impl Interp<'_> {
    /// [`Effect::MethodMarker`] called: with the method (a bare marker),
    /// it is marked; else a marker waiting for it.
    pub(super) fn marker(&mut self, s: &SdkValue, roles: &'static Roles, call: PendingCall, span: Span) -> Value {
        let marker = SdkValue {
            table: s.table,
            ty: MARKER,
            method: None,
            pending: Some(call),
            decorator: Some(roles),
            listing: None,
            span,
            registration: None,
            instance: None,
        };
        Value::Sdk(Rc::new(marker))
    }

    /// A marker applied to its method.
    pub(super) fn mark(&mut self, s: &SdkValue, call: PendingCall, span: Span) -> Value {
        let Some(f) = call.positional.first().cloned() else { return Value::Unknown(span) };
        if let (Value::Func(c) | Value::Bound(c, _), Some(pending), Some(roles)) = (&f, &s.pending, s.decorator) {
            self.marked.insert((c.module, c.func), Mark { table: s.table, call: pending.clone(), roles, at: span });
        }
        f
    }

    /// [`Effect::RegisterMarked`]: each marked method of each object's
    /// class (and its bases) is a tool, reported at its marker.
    /// Returns values standing for the tools, so a registration handed
    /// them (`.tools(McpToolUtils.toSyncToolSpecifications(..))`) adds none.
    pub(super) fn register_marked(&mut self, _s: &SdkValue, call: &PendingCall, span: Span) -> Value {
        let mut objects = vec![];
        let mut registered = vec![];
        for v in &call.positional {
            match v {
                Value::List(l, _) => objects.extend(l.borrow().iter().flat_map(Value::alternatives)),
                // Callbacks made of objects (`ToolCallbacks.from(objects...)`).
                Value::Sdk(k) if k.pending.is_some() => {
                    for o in k.pending.iter().flat_map(|p| p.positional.iter()) {
                        match o {
                            Value::List(l, _) => objects.extend(l.borrow().iter().flat_map(Value::alternatives)),
                            o => objects.extend(o.alternatives()),
                        }
                    }
                }
                v => objects.extend(v.alternatives()),
            }
        }
        for obj in objects {
            let Value::Instance(inst) = &obj else { continue };
            let mut todo = vec![inst.class.clone()];
            let mut seen = 0;
            while let Some(c) = todo.pop() {
                seen += 1;
                if seen > 64 {
                    break;
                }
                let modules = self.modules;
                let decl = modules[c.module].class(c.class);
                for m in &decl.members {
                    let MemberValue::Method(id) = m.value else { continue };
                    let Some(mark) = self.marked.get(&(c.module, id)).cloned() else { continue };
                    let closure = Closure::new(c.module, id, c.env.clone(), Some(c.clone()));
                    let handler = Value::Bound(closure, Box::new(obj.clone()));
                    let at = mark.at;
                    let site = SdkValue {
                        table: mark.table,
                        ty: MARKER,
                        method: None,
                        pending: None,
                        decorator: None,
                        listing: None,
                        span: at,
                        registration: None,
                        instance: None,
                    };
                    let r = self.register(&site, mark.roles, &mark.call, Some(handler), at);
                    registered.push(Value::Sdk(Rc::new(SdkValue { registration: Some(r), ..site })));
                }
                for b in &c.bases {
                    if let Value::Class(b) = b {
                        todo.push(b.clone());
                    }
                }
            }
        }
        Value::List(Rc::new(std::cell::RefCell::new(registered)), span)
    }
}
