//! Python's `copy` module, where a project builds one tool's annotations
//! or definition from another's: `copy.copy(x)` and `copy.deepcopy(x)`
//! (`Lib/copy.py`). (The builtin `dict(...)` is in `python_typing.rs`.)
//!
//! - `copy.copy(x)`: a new dict or list with the same items; any other
//!   value is itself here (an instance copied keeps what we know of it).
//! - `copy.deepcopy(x)`: the same, one level deep: the evaluator never
//!   compares nested values by identity, so sharing them loses nothing
//!   tool discovery reads, unless the copy's nested values are written.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static PYTHON_COPY: SdkTable = SdkTable {
    api: "python.copy",
    langs: &[Lang::Python],
    modules: &["copy"],
    symbols: &[("copy", "Copy"), ("deepcopy", "Copy")],
    rules: &[Rule { on: "Copy", op: Op::Call, effect: Effect::Copy }],
    null_is_absent: false,
};
