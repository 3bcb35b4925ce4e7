//! `mcp-framework` (QuantGeekDev): the server loads every class under its
//! tools directory that extends `MCPTool`. In `src/tools/BaseTool.ts`
//! `MCPTool` is abstract with `abstract name` / `description` / `schema`
//! fields that the subclass sets, and the `toolDefinition` getter is what
//! `tools/list` shows (name, description, inputSchema; later versions add
//! the subclass's `annotations` field). An abstract base with no `name`
//! value is no tool. Compiled JavaScript sets the same fields in the
//! constructor after `super(...)`.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static TOOL_CLASS: Roles = Roles {
    api: "ts.mcp-framework.class",
    name: &[Path::Member(&Path::Arg(0), "name")],
    title: &[],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    // The `schema` field: a zod object, or the older per-field record
    // (`{ id: { type: z.string(), description } }`), which the evaluator does
    // not convert (its parameters stay unknown).
    params: &[Path::Member(&Path::Arg(0), "schema")],
};

pub static MCP_FRAMEWORK: SdkTable = SdkTable {
    api: "ts.mcp-framework",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["mcp-framework"],
    symbols: &[("MCPTool", "ToolClass")],
    rules: &[Rule { on: "ToolClass", op: Op::Extend, effect: Effect::Register(&TOOL_CLASS) }],
    null_is_absent: false,
};
