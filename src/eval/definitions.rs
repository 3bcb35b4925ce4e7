//! Tool definitions: objects an SDK reads as tools without a registering
//! call per tool, such as the objects a low-level `tools/list` handler
//! answers with, or objects declared to be of the SDK's `Tool` type.
//!
//! They are collected as they are met and registered once the whole
//! program has run: a list declared `Tool[]` may be filled by later pushes,
//! and one object listed by several handlers or lists is one tool.

use std::rc::Rc;

use crate::ir::TypeHolds;
use crate::source::Span;

use super::interp::Interp;
use super::queued::Pending;
use super::sdk::{Effect, ListHandler, Op, TABLES};
use super::value::{PendingCall, SdkValue, Value};

impl Interp<'_> {
    /// `v` declared or asserted to be of type `ty` ([`crate::ir::Expr::Typed`]).
    pub(super) fn typed(&mut self, v: &Value, ty: &Value, holds: TypeHolds, site: Span) {
        let Value::Sdk(s) = ty else { return };
        if s.method.is_some() {
            return;
        }
        if let Some(rule) = TABLES[s.table].rule(s.ty, &Op::Typed) {
            if let Effect::Define(roles) = rule.effect {
                let from_root = self.in_root;
                let value = v.clone();
                self.definitions.push(Pending { value, holds, table: s.table, roles, from_root, site, listed: false });
            }
        }
    }

    /// A request handler installed by `call`: when it handles the request
    /// that lists tools, it runs (with unknown request arguments) and the
    /// list in its answer holds definitions.
    pub(super) fn list_handler(&mut self, table: usize, h: &'static ListHandler, call: &PendingCall, span: Span) {
        let Some(request) = call.arg(h.request) else { return };
        let listed = request.alternatives().iter().any(|r| match r {
            Value::Sdk(s) => s.method.is_none() && h.requests.contains(&s.ty),
            Value::Str(m, _) => h.requests.contains(&&**m),
            _ => false,
        });
        let Some(handler) = call.arg(h.handler).cloned().filter(|_| listed) else { return };
        self.list_handlers.push((table, h, call.clone(), span));
        let args =
            PendingCall { positional: vec![Value::Unknown(span), Value::Unknown(span)], ..PendingCall::new(span) };
        let answer = self.call_value(&handler, None, args, span);
        let list = self.get_member(&answer, h.list, span);
        let from_root = self.in_root;
        let holds = TypeHolds::List;
        self.definitions.push(Pending {
            value: list,
            holds,
            table,
            roles: h.roles,
            from_root,
            site: span,
            listed: true,
        });
    }

    /// Registers every definition object met, each once, at the object.
    /// The registration is made through the handler that lists it, or else
    /// the typed expression that declares it (`site`): a handler is the
    /// stronger evidence, so listed definitions go first.
    pub(super) fn register_definitions(&mut self) {
        let mut pending = std::mem::take(&mut self.definitions);
        pending.sort_by_key(|p| !p.listed);
        let mut seen: Vec<*const ()> = vec![];
        // A record declared apart from the registration of the same name
        // (a catalog entry describing a tool a closure registers) is that tool.
        let named: std::collections::HashSet<Rc<str>> = self
            .registrations
            .iter()
            .filter_map(|r| match &r.name {
                Some(Value::Str(n, _)) => Some(n.clone()),
                _ => None,
            })
            .collect();
        let saved = (std::mem::take(&mut self.stack), self.in_root);
        for p in &pending {
            let mut items = vec![];
            for alt in p.value.alternatives() {
                match (p.holds, &alt) {
                    (TypeHolds::One, _) => items.push(alt.clone()),
                    (TypeHolds::List, Value::List(l, _)) => {
                        items.extend(l.borrow().iter().flat_map(Value::alternatives))
                    }
                    (TypeHolds::Map, Value::Object(o)) => {
                        items.extend(o.borrow().entries.iter().flat_map(|(_, v, _)| v.alternatives()))
                    }
                    _ => {}
                }
            }
            for item in items {
                let Value::Object(o) = &item else { continue };
                let key = Rc::as_ptr(o) as *const ();
                if seen.contains(&key) || (!p.listed && self.registered_records.contains_key(&(key as usize))) {
                    continue;
                }
                // Made while a function ran as a root, where a record some
                // registration read was made: the same definition met again
                // with unknown arguments (a handler's `metadata()` run alone,
                // and through the builder that reads it).
                if !p.listed && p.from_root && o.borrow().span.is_some_and(|at| self.read_record_sites.contains(&at)) {
                    continue;
                }
                seen.push(key);
                let Some(at) = o.borrow().span else { continue };
                self.in_root = p.from_root;
                let site = SdkValue {
                    table: p.table,
                    ty: "@definition",
                    method: None,
                    pending: None,
                    decorator: None,
                    listing: None,
                    span: p.site,
                    registration: None,
                    instance: None,
                };
                let call =
                    PendingCall { positional: vec![item.clone()], spans: vec![(None, at)], ..PendingCall::new(at) };
                self.register(&site, p.roles, &call, None, at);
                let registered = self.registrations.last().and_then(|r| match &r.name {
                    Some(Value::Str(n, _)) => Some(named.contains(n)),
                    _ => None,
                });
                // A record nothing registers that never got a name is no
                // tool: Go's zero value (`return mcp.Tool{}, err`) is one.
                // (A path reads an absent key as no value.)
                let nameless = self.registrations.last().is_some_and(|r| r.name.is_none());
                if !p.listed && (registered == Some(true) || nameless) {
                    self.registrations.pop();
                    continue;
                }
                // A definition named from a root's parameters is a copy of
                // what a caller passes (a client mirroring listed tools):
                // plumbing, as for a registration (no server to check here).
                let derived =
                    self.registrations.last().and_then(|r| r.name.as_ref()).is_some_and(|n| self.param_derived(n));
                if let Some(r) = self.registrations.last_mut().filter(|_| derived) {
                    r.name_from_params = true;
                }
            }
        }
        (self.stack, self.in_root) = saved;
    }
}
