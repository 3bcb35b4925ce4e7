//! Python's `functools`, where it decides what a decorated function is.
//!
//! `wraps(f)(g)` and `update_wrapper(g, f)` return `g` with `f`'s
//! `__name__`, `__qualname__`, `__doc__` and `__wrapped__`. FastMCP names a
//! tool after `fn.__name__` and reads its parameters with
//! `inspect.signature`, which follows `__wrapped__` to `f`. Tool discovery
//! reads nothing else of the function, so both are `f` here: a project
//! decorator built on `wraps` (telemetry, logging, auth checks) keeps the
//! tool's name and inputs.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static FUNCTOOLS: SdkTable = SdkTable {
    api: "python.functools",
    langs: &[Lang::Python],
    modules: &["functools"],
    symbols: &[("wraps", "Wraps"), ("update_wrapper", "UpdateWrapper")],
    rules: &[
        Rule { on: "Wraps", op: Op::Call, effect: Effect::Keeps("WrapsDecorator") },
        Rule { on: "WrapsDecorator", op: Op::Call, effect: Effect::KeptArg(0) },
        Rule { on: "UpdateWrapper", op: Op::Call, effect: Effect::Arg(1) },
    ],
    null_is_absent: true,
};
