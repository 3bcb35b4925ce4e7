//! zod, so that its values are known to be schema values.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

/// zod, for telling a raw shape from annotations: whatever it exports, and
/// whatever its values' methods return, is a schema value.
pub static ZOD: SdkTable = SdkTable {
    api: "zod",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["zod"],
    symbols: &[("*", "ZodType")],
    rules: &[
        Rule { on: "ZodType", op: Op::Call, effect: Effect::Returns("ZodType") },
        Rule { on: "ZodType", op: Op::AnyMethod, effect: Effect::Returns("ZodType") },
    ],
    null_is_absent: false,
};
