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
        let Some(rule) = assign_rule(s, name) else { return };
        match &rule.effect {
            Effect::OfType(_) => {
                self.of_property_type(s, name, &value, span);
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

    /// A record literal that names no type (C#'s target-typed `new() {
    /// ... }`) written to property `name` of `s`: a record of the type the
    /// property is declared with ([`Effect::OfType`]), as the compiler types
    /// it; `None` for any other value or property.
    pub(super) fn of_property_type(&mut self, s: &SdkValue, name: &str, value: &Value, at: Span) -> Option<Value> {
        let Value::Object(o) = value else { return None };
        if !super::records::untyped_record(&o.borrow()) {
            return None;
        }
        let rule = assign_rule(s, name)?;
        let Effect::OfType(ty) = rule.effect else { return None };
        let t = super::sdk::rule_table(s.table, rule);
        let fields = o.borrow().copy();
        Some(self.record_of(super::value::sdk(t, ty, None, at), fields, at, at))
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

/// The [`Op::Assign`] row of property `name` of `s`'s type.
fn assign_rule(s: &SdkValue, name: &str) -> Option<&'static super::sdk::Rule> {
    TABLES[s.table].rules.iter().find(|r| r.on == s.ty && matches!(r.op, Op::Assign(n) if n == name))
}
