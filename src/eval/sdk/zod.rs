//! zod, so that its values are known to be schema values, and an object
//! schema's fields are known to be its parameters.
//!
//! From `packages/zod/src/v4/classic/schemas.ts` (zod 4) and
//! `packages/zod/src/v3/types.ts` (zod 3): `z` and the default export are
//! the module's namespace (`src/index.ts`: `export { z, z as default }`); `z.object(shape)`, `z.strictObject(shape)` and
//! `z.looseObject(shape)` make a `ZodObject` whose `.shape` is the object
//! given. Of its methods, these return a `ZodObject` of the same fields:
//! `strict`, `strip`, `passthrough`, `loose`, `nonstrict`, `catchall`,
//! `partial`, `required`, `exactPartial`, `deepPartial` (every field, made
//! optional or not), and every schema's `describe`, `meta`, `check`, `with`,
//! `register`, `overwrite`, `clone` (zod 4 returns `this`). `refine`,
//! `superRefine` and `brand` return `this` in zod 4 and wrap it in zod 3,
//! where a JSON-schema conversion reads through the wrapper
//! (zod-to-json-schema's `effectStrategy: "input"`, its default).
//! `extend(shape)` / `safeExtend` / zod 3's `augment` add or replace
//! fields; `merge(other)` adds `other.shape`; `pick(mask)` keeps the fields
//! a truthy mask key names and `omit(mask)` drops them (`util.pick`,
//! `util.omit`: a falsy mask value is skipped). zod 4's `z.toJSONSchema(x)`
//! and `x.toJSONSchema()` give `{ type: "object", properties, ... }` with
//! one property per field. Anything else a schema's method returns is some
//! schema value, shapeless here (`.optional()`, `.array()`, `.transform()`).
//! `parse(data)` and `parseAsync(data)` return the data once it validates
//! (`ZodType.parse` in both versions): the value is followed through, so a
//! definitions table read with `Schema.parse(json)` is still that table.
//! An object schema strips keys it does not name, which are kept here: the
//! parsed value's type has no such keys, so TypeScript stops a project
//! from reading them.
//!
//! The typescript-sdk accepts a `ZodObject` as a tool's `inputSchema` (v1
//! since its zod-compat layer, `normalizeObjectSchema`; v2's
//! `registerTool(name, { inputSchema: z.object({...}) })`) and sends its
//! JSON schema (`toJsonSchemaCompat` / `standardSchemaToJsonSchema`): the
//! [`Op::ToJsonSchema`] row.

use super::{Effect, Op, Path, Rule, SdkTable, ShapeOp};
use crate::model::Lang;

const SAME: Effect = Effect::Shape(ShapeOp::Same);
const TO_JSON: Effect = Effect::Shape(ShapeOp::JsonSchema { of: None, nests: None });

const fn same(method: &'static str) -> Rule {
    Rule { on: "ZodType", op: Op::Method(method), effect: SAME }
}

pub static ZOD: SdkTable = SdkTable {
    api: "zod",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["zod"],
    symbols: &[
        ("z", "@module"),
        ("default", "@module"),
        ("object", "ObjectFn"),
        ("strictObject", "ObjectFn"),
        ("looseObject", "ObjectFn"),
        ("toJSONSchema", "ToJsonSchemaFn"),
        ("*", "ZodType"),
    ],
    rules: &[
        Rule { on: "ObjectFn", op: Op::Call, effect: Effect::Shape(ShapeOp::New("ZodType")) },
        Rule {
            on: "ToJsonSchemaFn",
            op: Op::Call,
            effect: Effect::Shape(ShapeOp::JsonSchema { of: Some(&Path::Arg(0)), nests: None }),
        },
        Rule { on: "ZodType", op: Op::Member("shape"), effect: Effect::KeptArg(0) },
        Rule { on: "ZodType", op: Op::ToJsonSchema, effect: TO_JSON },
        Rule { on: "ZodType", op: Op::Method("toJSONSchema"), effect: TO_JSON },
        Rule { on: "ZodType", op: Op::Method("extend"), effect: Effect::Shape(ShapeOp::Extend(&Path::Arg(0))) },
        Rule { on: "ZodType", op: Op::Method("safeExtend"), effect: Effect::Shape(ShapeOp::Extend(&Path::Arg(0))) },
        Rule { on: "ZodType", op: Op::Method("augment"), effect: Effect::Shape(ShapeOp::Extend(&Path::Arg(0))) },
        Rule {
            on: "ZodType",
            op: Op::Method("merge"),
            effect: Effect::Shape(ShapeOp::Extend(&Path::Member(&Path::Arg(0), "shape"))),
        },
        Rule { on: "ZodType", op: Op::Method("pick"), effect: Effect::Shape(ShapeOp::Pick(true)) },
        Rule { on: "ZodType", op: Op::Method("omit"), effect: Effect::Shape(ShapeOp::Pick(false)) },
        same("strict"),
        same("strip"),
        same("passthrough"),
        same("loose"),
        same("nonstrict"),
        same("catchall"),
        same("partial"),
        same("required"),
        same("exactPartial"),
        same("deepPartial"),
        same("describe"),
        same("meta"),
        same("check"),
        same("with"),
        same("register"),
        same("overwrite"),
        same("clone"),
        same("refine"),
        same("superRefine"),
        same("brand"),
        Rule { on: "ZodType", op: Op::Method("parse"), effect: Effect::Arg(0) },
        Rule { on: "ZodType", op: Op::Method("parseAsync"), effect: Effect::Arg(0) },
        Rule { on: "ZodType", op: Op::Call, effect: Effect::Returns("ZodType") },
        Rule { on: "ZodType", op: Op::AnyMethod, effect: Effect::Returns("ZodType") },
    ],
    null_is_absent: false,
};
