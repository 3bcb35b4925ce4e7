//! Python's `functools.partial(f, *args, **keywords)`: calling the partial
//! calls `f` with the stored arguments first and the call's after, the
//! call's keywords replacing stored ones of the same name (CPython
//! `Lib/functools.py`, `partial.__call__`). A partial of a registration
//! (`partial(mcp.tool, annotations=READ)`) is a registration.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static FUNCTOOLS: SdkTable = SdkTable {
    api: "python.functools",
    langs: &[Lang::Python],
    modules: &["functools"],
    symbols: &[("partial", "PartialClass")],
    rules: &[Rule { on: "PartialClass", op: Op::Call, effect: Effect::Partial }],
    null_is_absent: false,
};
