//! Arithmetic and ordering on known values: what a tool's name is often
//! guarded or numbered by (`name.length <= 64 ? name : name.slice(0, 64)`,
//! `tool_${i + 1}`, `for (let i = 0; i < defs.length; i++)`). Integers are
//! computed exactly (overflow is unknown); a fraction is only compared,
//! never computed, since each language writes the result differently.

use std::cmp::Ordering;

use crate::ir::BinaryOp;
use crate::model::Lang;
use crate::source::Span;

use super::value::Value;

/// A numeric literal's value: an integer, else a finite float. Digit
/// separators (`1_000`) are dropped; a type suffix (`64u32`) or another
/// radix is not read.
fn number(text: &str) -> Option<Number> {
    let t = text.replace('_', "");
    if let Ok(i) = t.parse::<i64>() {
        return Some(Number::Int(i));
    }
    t.parse::<f64>().ok().filter(|f| f.is_finite()).map(Number::Float)
}

#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    fn as_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

/// `l op r` for `+` (of two numbers, or in JavaScript a string and a
/// number), `-` and `*` on one pair of alternatives; `None` when it is not
/// known.
pub(super) fn arithmetic(lang: Lang, op: BinaryOp, l: &Value, r: &Value, span: Span) -> Option<Value> {
    let js = lang.is_javascript();
    match (l, r) {
        (Value::Num(a, _), Value::Num(b, _)) => {
            let (Number::Int(a), Number::Int(b)) = (number(a)?, number(b)?) else { return None };
            let out = match op {
                BinaryOp::Add => a.checked_add(b),
                BinaryOp::Sub => a.checked_sub(b),
                BinaryOp::Mul => a.checked_mul(b),
                _ => None,
            }?;
            Some(Value::Num(out.to_string().into(), span))
        }
        // JavaScript writes an integer in a string as its digits.
        (Value::Str(s, _), Value::Num(n, _)) if js && op == BinaryOp::Add => {
            let Number::Int(n) = number(n)? else { return None };
            Some(Value::str(&format!("{s}{n}"), span))
        }
        (Value::Num(n, _), Value::Str(s, _)) if js && op == BinaryOp::Add => {
            let Number::Int(n) = number(n)? else { return None };
            Some(Value::str(&format!("{n}{s}"), span))
        }
        _ => None,
    }
}

/// `l op r` for `<`, `<=`, `>`, `>=` on two numbers or two strings (by
/// code point, as Python and, for the names compared here, JavaScript do).
pub(super) fn ordering(op: BinaryOp, l: &Value, r: &Value) -> Option<bool> {
    let order = match (l, r) {
        (Value::Num(a, _), Value::Num(b, _)) => number(a)?.as_f64().partial_cmp(&number(b)?.as_f64())?,
        (Value::Str(a, _), Value::Str(b, _)) => a.cmp(b),
        _ => return None,
    };
    Some(match op {
        BinaryOp::Lt => order == Ordering::Less,
        BinaryOp::LtE => order != Ordering::Greater,
        BinaryOp::Gt => order == Ordering::Greater,
        BinaryOp::GtE => order != Ordering::Less,
        _ => return None,
    })
}

/// The length of a known string (JavaScript counts UTF-16 units, Python
/// code points), list or complete mapping; `None` otherwise. A list with an
/// element nobody knows (a spread of an unknown) has no known length, and
/// neither has an empty list or mapping: that is where state kept at run time starts
/// (`if (state.history.length)` in a handler that runs after pushes the
/// evaluator never sees), while a list of definitions is written full.
pub(super) fn length(lang: Lang, v: &Value, span: Span) -> Option<Value> {
    let n = match v {
        Value::Str(s, _) if lang.is_javascript() => s.encode_utf16().count(),
        Value::Str(s, _) => s.chars().count(),
        Value::List(l, _) => {
            let l = l.borrow();
            if l.is_empty() || l.iter().any(|v| matches!(v, Value::Unknown(_))) {
                return None;
            }
            l.len()
        }
        Value::Object(o) if o.borrow().complete && (o.borrow().keyed || lang == Lang::Python) => {
            match o.borrow().entries.len() {
                0 => return None,
                n => n,
            }
        }
        _ => return None,
    };
    Some(Value::Num(n.to_string().into(), span))
}
