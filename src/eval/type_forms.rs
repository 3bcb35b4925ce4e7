//! Python type forms as values, for the interpreter: a builtin type name
//! (`str`, `list`) and `X | Y` between types. What they mean to a tool's
//! inputs is `inputs.rs`.

use std::rc::Rc;

use super::sdk::forms::{ANNOTATED, UNION};
use super::value::{sdk, PendingCall, SdkValue, Value};
use crate::model::Lang;
use crate::source::Span;

/// A Python builtin type name no scope binds (`str`, `list`), as the
/// `python.typing` table's value for it.
pub(super) fn builtin(lang: Lang, name: &str, span: Span) -> Option<Value> {
    if lang != Lang::Python {
        return None;
    }
    let ty = super::sdk::builtin(name)?;
    let table = super::sdk::table_index(super::sdk::PYTHON_TYPING.api)?;
    Some(sdk(table, ty, None, span))
}

/// Whether `v` is a type for `|` (`Model | None`): a class or an SDK type.
pub(super) fn is_type_form(v: &Value) -> bool {
    match v {
        Value::Class(_) => true,
        Value::Sdk(s) => {
            s.method.is_none() && s.ty != "@module" && (s.pending.is_none() || [UNION, ANNOTATED].contains(&s.ty))
        }
        _ => false,
    }
}

/// `l | r` of types: a union of both (flattened), `None` included.
pub(super) fn union(l: Value, r: Value, span: Span) -> Value {
    let Some(table) = super::sdk::table_index(super::sdk::PYTHON_TYPING.api) else { return Value::Unknown(span) };
    let mut call = PendingCall::new(span);
    for side in [l, r] {
        match &side {
            Value::Sdk(s) if s.ty == UNION => {
                call.positional.extend(s.pending.iter().flat_map(|p| p.positional.iter().cloned()));
            }
            _ => call.positional.push(side),
        }
    }
    Value::Sdk(Rc::new(SdkValue { pending: Some(call), ..SdkValue::plain(table, UNION, span) }))
}
