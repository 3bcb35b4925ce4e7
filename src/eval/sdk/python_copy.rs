//! Python's `copy` module, where a project builds one tool's annotations
//! or definition from another's: `copy.copy(x)` and `copy.deepcopy(x)`
//! (`Lib/copy.py`). (The builtin `dict(...)` is in `python_typing.rs`.)
//!
//! - `copy.copy(x)`: a new dict or list with the same items; any other
//!   value is itself here (an instance copied keeps what we know of it).
//! - `copy.deepcopy(x)`: the same, and so for the dicts and lists inside
//!   (8 levels deep; past that they are shared), so writing into the
//!   copy's nested dicts leaves the original's as they were.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static PYTHON_COPY: SdkTable = SdkTable {
    api: "python.copy",
    langs: &[Lang::Python],
    modules: &["copy"],
    symbols: &[("copy", "Copy"), ("deepcopy", "DeepCopy")],
    rules: &[
        Rule { on: "Copy", op: Op::Call, effect: Effect::Copy { deep: false } },
        Rule { on: "DeepCopy", op: Op::Call, effect: Effect::Copy { deep: true } },
    ],
    null_is_absent: false,
};
