//! Python's `inspect.iscoroutinefunction(f)` (and `asyncio`'s, which
//! CPython 3.12+ keeps as a deprecated alias of it): a server that
//! registers every coroutine function of a module, or wraps sync and async
//! handlers differently, tells them apart with it.
//!
//! True for an `async def` function and for a method bound from one;
//! false for a plain `def` or a class. Anything else (a `functools.partial`,
//! an object with `__call__`, an unknown) is unknown here: CPython unwraps
//! partials and reads a marker `inspect.markcoroutinefunction` leaves, which
//! the run does not follow.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static PYTHON_INSPECT: SdkTable = SdkTable {
    api: "python.inspect",
    langs: &[Lang::Python],
    modules: &["inspect", "asyncio"],
    symbols: &[("iscoroutinefunction", "IsCoroutineFunction")],
    rules: &[Rule { on: "IsCoroutineFunction", op: Op::Call, effect: Effect::IsCoroutineFunction }],
    null_is_absent: false,
};
