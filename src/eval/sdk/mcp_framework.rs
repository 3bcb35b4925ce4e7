//! `mcp-framework`: every class under the tools directory that extends
//! `MCPTool` is a tool; its instance fields `name`, `description`, `schema`
//! and `annotations?` are what `tools/list` shows (`src/tools/BaseTool.ts`,
//! the `toolDefinition` getter). An abstract base with no `name` value is
//! no tool.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static TOOL_CLASS: Roles = Roles {
    api: "ts.mcp-framework.class",
    name: &[Path::Member(&Path::Arg(0), "name")],
    title: &[],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
};

pub static MCP_FRAMEWORK: SdkTable = SdkTable {
    api: "ts.mcp-framework",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["mcp-framework"],
    symbols: &[("MCPTool", "ToolClass")],
    rules: &[Rule { on: "ToolClass", op: Op::Extend, effect: Effect::Register(&TOOL_CLASS) }],
    null_is_absent: false,
};
