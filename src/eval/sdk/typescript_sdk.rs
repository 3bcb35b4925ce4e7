//! typescript-sdk v1 (`@modelcontextprotocol/sdk`) and v2
//! (`@modelcontextprotocol/server`): `registerTool(name, config, cb)` with
//! `config.title` / `config.annotations`, and v1's `tool(name, ...rest)`.

use super::{Effect, Op, Path, Roles, Rule, SdkTable, Slot, Test};
use crate::model::Lang;

static TS_REGISTER_TOOL: Roles = Roles {
    api: "ts.registerTool",
    name: &[Path::Arg(0)],
    title: &[Path::Member(&Path::Arg(1), "title")],
    description: &[Path::Member(&Path::Arg(1), "description")],
    annotations: &[Path::Member(&Path::Arg(1), "annotations")],
};

/// typescript-sdk v1 `McpServer.tool(name, ...rest)`: the callback last; a
/// string first is the description; then, while more than the callback is
/// left, a zod raw shape is the input schema and a non-null object that is
/// no raw shape the annotations (`mcp.ts`, `tool()`).
static TS_TOOL_LAYOUT: &[Slot] = &[
    Slot { test: Test::Any, optional: false },
    Slot { test: Test::Str, optional: true },
    Slot { test: Test::Shape("ZodType"), optional: true },
    Slot { test: Test::PlainObject("ZodType"), optional: true },
    Slot { test: Test::Any, optional: false },
];

static TS_TOOL: Roles = Roles {
    api: "ts.tool",
    name: &[Path::Arg(0)],
    title: &[],
    description: &[Path::Slot(TS_TOOL_LAYOUT, 1)],
    annotations: &[Path::Slot(TS_TOOL_LAYOUT, 3)],
};

pub static TS_SDK: SdkTable = SdkTable {
    api: "ts",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["@modelcontextprotocol/sdk", "@modelcontextprotocol/server"],
    symbols: &[("McpServer", "ServerClass")],
    rules: &[
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::Returns("Server") },
        Rule {
            on: "Server",
            op: Op::Method("registerTool"),
            effect: Effect::RegisterReturns(&TS_REGISTER_TOOL, "RegisteredTool"),
        },
        Rule { on: "Server", op: Op::Method("tool"), effect: Effect::RegisterReturns(&TS_TOOL, "RegisteredTool") },
    ],
    null_is_absent: false,
};
