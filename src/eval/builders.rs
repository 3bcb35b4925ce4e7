//! Builder records: an SDK constructor that makes a record of its type
//! (`ToolAnnotations::new()`), and chainable methods that return a copy of
//! it with fields set (`.read_only(true)`, pmcp's `.destructive()`), as
//! Rust SDKs build their protocol types. The record is an object the
//! resolver reads like any other; it remembers its SDK type ([`Made`]) so
//! its methods are looked up in the table that made it.

use std::cell::RefCell;
use std::rc::Rc;

use super::interp::Interp;
use super::sdk::{Effect, Op, SetTo, TABLES};
use super::value::{Made, Obj, PendingCall, SdkValue, Value};
use crate::source::Span;

impl Interp<'_> {
    /// [`Effect::Builder`]: a new record of type `ty` with `fields` set.
    pub(super) fn new_builder(
        &mut self,
        s: &SdkValue,
        ty: &'static str,
        fields: &[(&'static str, SetTo)],
        call: PendingCall,
        span: Span,
    ) -> Value {
        let mut obj = Obj::new(span);
        set_fields(&mut obj, fields, &call, span);
        obj.made =
            Some(Rc::new(Made { table: s.table, ty, call, at: span, head: span, stack: vec![], in_root: false }));
        Value::Object(Rc::new(RefCell::new(obj)))
    }

    /// A method of a builder record its table describes with
    /// [`Effect::Set`]: a copy of the record with the fields set.
    pub(super) fn builder_method(&mut self, recv: &Value, name: &str, call: &PendingCall, span: Span) -> Option<Value> {
        let Value::Object(o) = recv else { return None };
        let made = o.borrow().made.clone()?;
        let rule =
            TABLES[made.table].rules.iter().find(|r| r.on == made.ty && matches!(r.op, Op::Method(m) if m == name))?;
        let (fields, defines) = match &rule.effect {
            Effect::Set(fields) => (*fields, None),
            Effect::Build(roles) => (&[][..], Some(*roles)),
            _ => return None,
        };
        // The copy is written by the whole chain so far: a name bound to
        // it (`const READ = ToolAnnotations::new().read_only(true)`) names it.
        let mut copy = {
            let o = o.borrow();
            Obj { span: Some(span), ..o.copy() }
        };
        set_fields(&mut copy, fields, call, span);
        let v = Value::Object(Rc::new(RefCell::new(copy)));
        if let Some(roles) = defines {
            self.define(&v, made.table, roles, made.head);
        }
        Some(v)
    }
}

impl Interp<'_> {
    /// [`Effect::UpdateHints`]: the fields set in the annotations of the
    /// tool `s` stands for (a record made for it when it has none).
    pub(super) fn update_hints(
        &mut self,
        s: &SdkValue,
        fields: &[(&'static str, SetTo)],
        call: &PendingCall,
        span: Span,
    ) {
        let Some(r) = s.registration.filter(|r| *r < self.registrations.len()) else { return };
        let reg = &mut self.registrations[r];
        let mut obj = match &reg.annotations {
            // Hints the tool's own chain sets are written there: inline,
            // whatever name the chain's value is bound to.
            None | Some(Value::Undefined(_) | Value::Null(_)) => {
                reg.annotations_at = Some(span);
                Obj::new(span)
            }
            Some(Value::Object(o)) => {
                let o = o.borrow();
                o.copy()
            }
            // Unknown or one of several: setting a field keeps it so.
            Some(_) => return,
        };
        set_fields(&mut obj, fields, call, span);
        reg.annotations = Some(Value::Object(Rc::new(RefCell::new(obj))));
    }
}

fn set_fields(obj: &mut Obj, fields: &[(&'static str, SetTo)], call: &PendingCall, span: Span) {
    for (key, to) in fields {
        let (value, at) = match to {
            SetTo::Arg(i) => (call.arg(*i).cloned().unwrap_or(Value::Unknown(span)), call.arg_span(*i)),
            SetTo::Bool(b) => (Value::Bool(*b, span), Some(span)),
        };
        obj.set(key, value, at.or(Some(span)));
    }
}
