//! The `zod-to-json-schema` package: `zodToJsonSchema(schema, options?)`,
//! its named and its default export (`src/index.ts`).
//!
//! From `src/zodToJsonSchema.ts` and `src/parsers/object.ts`: a zod object
//! becomes `{ type: "object", properties, required?, additionalProperties? }`
//! with one property per field of its shape, at the top level unless a
//! name is given (`options` a string, or an object with `name`): then the
//! result is `{ $ref: "#/definitions/<name>", definitions: { <name>: ... } }`
//! (with `nameStrategy: "title"` the name is a title instead; read here as
//! nested too, so unknown, never wrong).

use super::{Effect, Op, Path, Rule, SdkTable, ShapeOp};
use crate::model::Lang;

pub static ZOD_TO_JSON_SCHEMA: SdkTable = SdkTable {
    api: "zod-to-json-schema",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["zod-to-json-schema"],
    symbols: &[("zodToJsonSchema", "Convert"), ("default", "Convert")],
    rules: &[Rule {
        on: "Convert",
        op: Op::Call,
        effect: Effect::Shape(ShapeOp::JsonSchema { of: Some(&Path::Arg(0)), nests: Some(&Path::Arg(1)) }),
    }],
    null_is_absent: false,
};
