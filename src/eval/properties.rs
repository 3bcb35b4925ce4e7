//! Properties of SDK objects: writing one (`options.Handlers = h`,
//! `tools[name] = tool`) does what the type's [`Op::Assign`] /
//! [`Op::SetIndex`] row says. C#'s object initializer (`new T { P = v }`)
//! and target-typed `new() { ... }` written to a property of a declared SDK
//! type are the same writes ([`Effect::Properties`], [`Effect::OfType`]).

use std::rc::Rc;

use super::interp::Interp;
use super::sdk::{Effect, Op, TABLES};
use super::value::{Obj, PendingCall, SdkValue, Value};
use crate::source::Span;

impl Interp<'_> {
    /// Writing property `name` of an SDK value: its table's [`Op::Assign`]
    /// row, with the value as argument 0; nothing without one.
    pub(crate) fn sdk_assign(&mut self, s: &Rc<SdkValue>, name: &str, value: Value, span: Span) {
        let table = TABLES[s.table];
        let Some(rule) = table.rules.iter().find(|r| r.on == s.ty && matches!(r.op, Op::Assign(n) if n == name)) else {
            return;
        };
        match &rule.effect {
            // A record literal with no type of its own is of the property's.
            Effect::OfType(ty) => {
                if let Value::Object(o) = &value {
                    if super::records::untyped_record(&o.borrow()) {
                        let fields = o.borrow().copy();
                        let t = super::sdk::rule_table(s.table, rule);
                        self.record_of(super::value::sdk(t, ty, None, span), fields, span, span);
                    }
                }
            }
            // A handler property (`Handlers.ListToolsHandler = f`).
            Effect::ListingHandler(listing) => self.queue_listing(listing, s.table, value, span),
            effect => {
                let at = value.span().unwrap_or(span);
                let call = PendingCall { positional: vec![value], spans: vec![(None, at)], ..PendingCall::new(span) };
                self.sdk_effect(s, rule, effect, call, span);
            }
        }
    }

    /// [`Effect::Properties`]: an object of type `ty` of table `table`,
    /// each of `fields` then written to it.
    pub(super) fn with_properties(&mut self, table: usize, ty: &'static str, fields: &Obj, span: Span) -> Value {
        let obj = Rc::new(SdkValue::plain(table, ty, span));
        for (k, v, at) in &fields.entries {
            self.sdk_assign(&obj, k, v.clone(), at.unwrap_or(span));
        }
        Value::Sdk(obj)
    }

    /// Writing an item of an SDK value (`tools[name] = tool`): its table's
    /// [`Op::SetIndex`] row, with the key and the value as arguments 0 and
    /// 1; nothing without one.
    pub(crate) fn sdk_set_index(&mut self, s: &Rc<SdkValue>, key: Value, value: Value, span: Span) {
        let Some(rule) = TABLES[s.table].rule(s.ty, &Op::SetIndex) else { return };
        let spans = vec![(None, key.span().unwrap_or(span)), (None, value.span().unwrap_or(span))];
        let call = PendingCall { positional: vec![key, value], spans, ..PendingCall::new(span) };
        self.sdk_effect(s, rule, &rule.effect, call, span);
    }
}
