//! Object schemas that keep their shape ([`Effect::Shape`] rows): zod's
//! `z.object({...})` and what its methods derive from it, and their JSON
//! schema, whose `properties` are a tool's parameters.
//!
//! A shaped value is an SDK value keeping a call whose argument 0 is the
//! shape (the object of field schemas), so `.shape` is an
//! [`Effect::KeptArg`] row and a method read from it still sees it.

use std::cell::RefCell;
use std::rc::Rc;

use crate::source::Span;

use super::interp::Interp;
use super::sdk::{Effect, Op, ShapeOp, TABLES};
use super::value::{Obj, PendingCall, SdkValue, Value};

impl Interp<'_> {
    /// Carries out a [`ShapeOp`] called on `s` (the callee: a function, or
    /// a method read from a shaped value).
    pub(super) fn shape_effect(&mut self, s: &SdkValue, op: &ShapeOp, call: PendingCall, span: Span) -> Value {
        let own = || s.pending.as_ref().and_then(|p| p.arg(0)).cloned();
        let shape = match op {
            ShapeOp::New(ty) => {
                let shape = match call.arg(0) {
                    None | Some(Value::Undefined(_)) => Value::Object(Rc::new(RefCell::new(Obj::new(span)))),
                    Some(v) => v.clone(),
                };
                return shaped(s.table, ty, shape, span);
            }
            ShapeOp::JsonSchema { of, nests } => return self.json_schema(s, *of, *nests, &call, span),
            // A schema without a shape (`z.string().describe(...)`) stays one.
            _ if own().is_none() => return shapeless(s.table, s.ty, span),
            ShapeOp::Same => own(),
            ShapeOp::Extend(with) => {
                let with = self.path(with, &call, None, span).map(|(v, _)| v);
                own().map(|base| extend(&base, with.as_ref(), span))
            }
            ShapeOp::Pick(keep) => own().map(|base| pick(&base, call.arg(0), *keep, span)),
        };
        shaped(s.table, s.ty, shape.unwrap_or(Value::Unknown(span)), span)
    }

    /// What an SDK that sends JSON schema makes of `v` (a tool's input
    /// schema): a value whose type has an [`Op::ToJsonSchema`] row is
    /// converted; anything else is sent as it is.
    pub(super) fn sent_schema(&mut self, v: Value, span: Span) -> Value {
        let Value::Sdk(s) = &v else { return v };
        if s.method.is_some() {
            return v;
        }
        match TABLES[s.table].rule_anywhere(s.ty, &Op::ToJsonSchema).map(|r| &r.effect) {
            Some(Effect::Shape(op)) => self.shape_effect(&s.clone(), op, PendingCall::new(span), span),
            _ => v,
        }
    }

    fn json_schema(
        &mut self,
        s: &SdkValue,
        of: Option<&super::sdk::Path>,
        nests: Option<&super::sdk::Path>,
        call: &PendingCall,
        span: Span,
    ) -> Value {
        let target = match of {
            Some(p) => match self.path(p, call, None, span) {
                Some((Value::Sdk(t), _)) => t,
                Some((other, _)) => return self.unknown_from(&[&other], span),
                None => return Value::Unknown(span),
            },
            None => Rc::new(SdkValue { method: None, ..clone_sdk(s) }),
        };
        // Only a schema value whose table says how it converts.
        let converts = TABLES[target.table].rule_anywhere(target.ty, &Op::ToJsonSchema).is_some();
        let Some(shape) = target.pending.as_ref().and_then(|p| p.arg(0)).filter(|_| converts).cloned() else {
            return Value::Unknown(span);
        };
        if let Some(option) = nests.and_then(|p| self.path(p, call, None, span)).map(|(v, _)| v) {
            let named = match &option {
                Value::Str(..) => true,
                Value::Object(_) => !matches!(self.get_member(&option, "name", span), Value::Undefined(_)),
                Value::Undefined(_) | Value::Null(_) => false,
                _ => true,
            };
            if named {
                return Value::Unknown(span);
            }
        }
        let properties = match &shape {
            Value::Object(o) => {
                let o = o.borrow();
                let mut props = Obj::new(o.span.unwrap_or(span));
                props.complete = o.complete;
                for (k, v, ks) in &o.entries {
                    props.set(k, v.clone(), *ks);
                }
                Value::Object(Rc::new(RefCell::new(props)))
            }
            _ => Value::Unknown(shape.span().unwrap_or(span)),
        };
        let mut schema = Obj::new(span);
        schema.set("type", Value::str("object", span), None);
        schema.set("properties", properties, None);
        Value::Object(Rc::new(RefCell::new(schema)))
    }
}

/// A value of SDK type `ty` keeping `shape`.
fn shaped(table: usize, ty: &'static str, shape: Value, span: Span) -> Value {
    let kept = PendingCall { positional: vec![shape], ..PendingCall::new(span) };
    Value::Sdk(Rc::new(SdkValue { pending: Some(kept), ..clone_sdk(&SdkValue::plain(table, ty, span)) }))
}

fn shapeless(table: usize, ty: &'static str, span: Span) -> Value {
    Value::Sdk(Rc::new(SdkValue::plain(table, ty, span)))
}

fn clone_sdk(s: &SdkValue) -> SdkValue {
    SdkValue {
        table: s.table,
        ty: s.ty,
        method: s.method.clone(),
        pending: s.pending.clone(),
        decorator: s.decorator,
        listing: s.listing,
        span: s.span,
        registration: s.registration,
        instance: s.instance,
    }
}

/// `base` with the fields of `with` added or replacing its own; fields of
/// something not known whole make the result incomplete.
fn extend(base: &Value, with: Option<&Value>, span: Span) -> Value {
    let Value::Object(base) = base else { return Value::Unknown(span) };
    let base = base.borrow();
    let mut out = Obj::new(span);
    out.complete = base.complete;
    for (k, v, ks) in &base.entries {
        out.set(k, v.clone(), *ks);
    }
    match with {
        Some(Value::Object(w)) => {
            let w = w.borrow();
            out.complete &= w.complete;
            for (k, v, ks) in &w.entries {
                out.set(k, v.clone(), *ks);
            }
        }
        _ => out.complete = false,
    }
    Value::Object(Rc::new(RefCell::new(out)))
}

/// The fields of `base` a truthy key of `mask` names (`keep`), or the
/// others. A mask value of unknown truth leaves that field out and the
/// result incomplete; so does a mask not known whole, for what it may hold.
fn pick(base: &Value, mask: Option<&Value>, keep: bool, span: Span) -> Value {
    let (Value::Object(base), Some(Value::Object(mask))) = (base, mask) else {
        return incomplete(span);
    };
    let (base, mask) = (base.borrow(), mask.borrow());
    if !keep && !mask.complete {
        return incomplete(span);
    }
    let mut out = Obj::new(span);
    out.complete = base.complete && mask.complete;
    for (k, v, ks) in &base.entries {
        let named = match mask.get(k) {
            Some(m) => m.truthy(),
            None if mask.complete => Some(false),
            None => None,
        };
        match named {
            Some(n) if n == keep => out.set(k, v.clone(), *ks),
            Some(_) => {}
            None => out.complete = false,
        }
    }
    Value::Object(Rc::new(RefCell::new(out)))
}

fn incomplete(span: Span) -> Value {
    let mut o = Obj::new(span);
    o.complete = false;
    Value::Object(Rc::new(RefCell::new(o)))
}
