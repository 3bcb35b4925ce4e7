//! The input a Rust handler takes through a wrapper parameter
//! ([`super::sdk::Path::WrappedInput`]): rmcp's `async fn t(&self,
//! Parameters(args): Parameters<Args>)` takes the fields of `Args` (the
//! frontend names a struct's fields as serde does). The parameter's type is
//! evaluated in the function's defining scope, so imports and aliases
//! resolve as any value does; a type that is no struct of the tree (a map,
//! another crate's type) leaves the inputs unknown.

use std::cell::RefCell;
use std::rc::Rc;

use super::interp::{Activation, Frame, Interp};
use super::value::{ClassVal, Obj, Value};
use crate::ir::{Expr, MemberValue};
use crate::source::Span;

impl Interp<'_> {
    /// `{type: "object", properties: {field: ..}}` of the handler's wrapped
    /// parameters; `None` when no parameter is wrapped in `wrapper`.
    pub(super) fn wrapped_input(&mut self, handler: &Value, wrapper: &str, span: Span) -> Option<Value> {
        let (Value::Func(c) | Value::Bound(c, _)) = handler else { return Some(Value::Unknown(span)) };
        let modules = self.modules;
        let func = modules[c.module].func(c.func);
        let frame = self.frame(Frame { parent: c.env.clone(), module: c.module, ..Frame::default() });
        let mut act = Activation { frame, returns: vec![], class: None };
        let mut props = Obj::new(span);
        let mut wrapped = false;
        for p in &func.params {
            let Some(Expr::Index { object, index, .. }) = &p.annotation else { continue };
            if !matches!(self.eval(&mut act, object), Value::Sdk(s) if s.ty == wrapper && s.method.is_none()) {
                continue;
            }
            wrapped = true;
            match self.eval(&mut act, index) {
                Value::Class(class) => self.field_props(&class, &mut props),
                _ => props.complete = false,
            }
        }
        if !wrapped {
            return None;
        }
        Some(object_schema(props, span))
    }

    /// [`super::sdk::Path::Fields`]: the object schema of a struct's fields.
    pub(super) fn fields_schema(&mut self, v: &Value, span: Span) -> Value {
        let class = match v {
            Value::Class(class) => class,
            // `()`: no input.
            Value::Null(_) => return object_schema(Obj::new(span), span),
            _ => return Value::Unknown(span),
        };
        let mut props = Obj::new(span);
        self.field_props(class, &mut props);
        object_schema(props, span)
    }

    fn field_props(&self, class: &ClassVal, props: &mut Obj) {
        for m in &self.modules[class.module].class(class.class).members {
            if !m.is_static && matches!(m.value, MemberValue::Field(_)) {
                props.set(&m.name, Value::Unknown(m.name_span), Some(m.name_span));
            }
        }
    }
}

fn object_schema(props: Obj, span: Span) -> Value {
    let mut schema = Obj::new(span);
    schema.set("type", Value::str("object", span), None);
    schema.set("properties", Value::Object(Rc::new(RefCell::new(props))), None);
    Value::Object(Rc::new(RefCell::new(schema)))
}
