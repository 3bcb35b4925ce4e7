//! typescript-sdk v1 (`@modelcontextprotocol/sdk`) and v2
//! (`@modelcontextprotocol/server`): `registerTool(name, config, cb)` with
//! `config.title` / `config.annotations`, and v1's `tool(name, ...rest)`.
//!
//! The low-level `Server` (`server/index.js`) registers nothing itself:
//! `setRequestHandler(ListToolsRequestSchema, handler)` (v1, keyed by the
//! request's zod schema, whose `method` literal is `"tools/list"`) or
//! `setRequestHandler("tools/list", handler)` (v2, keyed by the method
//! string) installs a handler, and each object of the `tools` list that
//! handler answers with is a tool as the client sees it: `name`, `title`,
//! `description`, `inputSchema`, `annotations` (the `Tool` type of
//! `types.ts`; the server passes the objects through unchanged and fills in
//! no annotation values). An object declared or asserted to be the SDK's
//! `Tool` type (`: Tool`, `Tool[]`, `Record<string, Tool>`, `satisfies`,
//! `as`) is such a definition too, wherever it is listed.
//!
//! An `McpServer` wraps a low-level `Server`, its public `server` field
//! (`mcp.ts`: `public readonly server: Server`): a project that answers
//! `tools/list` itself installs its handler there.

use super::{Effect, ListHandler, Op, Path, Roles, Rule, SdkTable, Slot, Test};
use crate::model::Lang;

static TS_REGISTER_TOOL: Roles = Roles {
    api: "ts.registerTool",
    name: &[Path::Arg(0)],
    title: &[Path::Member(&Path::Arg(1), "title")],
    description: &[Path::Member(&Path::Arg(1), "description")],
    annotations: &[Path::Member(&Path::Arg(1), "annotations")],
    params: &[Path::Member(&Path::Arg(1), "inputSchema")],
};

/// typescript-sdk v1 `McpServer.tool(name, ...rest)` (`mcp.ts`, `tool()`):
/// a string first is the description (`rest.shift()`); then, while more
/// than one argument is left, a zod raw shape is the input schema and a
/// non-null object that is no raw shape the annotations; the callback is
/// `rest[0]`, and whatever follows it is ignored: `tool(name, desc, shape,
/// cb, { annotations })` has the shape's parameters and no annotations.
static TS_TOOL_LAYOUT: &[Slot] = &[
    Slot { test: Test::Any, optional: false },
    Slot { test: Test::Str, optional: true },
    Slot { test: Test::Shape("ZodType"), optional: true },
    Slot { test: Test::PlainObject("ZodType"), optional: true },
    Slot { test: Test::Any, optional: false },
    Slot { test: Test::Rest, optional: true },
];

static TS_TOOL: Roles = Roles {
    api: "ts.tool",
    name: &[Path::Arg(0)],
    title: &[],
    description: &[Path::Slot(TS_TOOL_LAYOUT, 1)],
    annotations: &[Path::Slot(TS_TOOL_LAYOUT, 3)],
    params: &[Path::Slot(TS_TOOL_LAYOUT, 2)],
};

/// A `Tool` object of the low-level API (`types.ts`, `ToolSchema`).
static TS_TOOL_DEFINITION: Roles = Roles {
    api: "ts.lowlevel.Tool",
    name: &[Path::Member(&Path::Arg(0), "name")],
    title: &[Path::Member(&Path::Arg(0), "title")],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    params: &[Path::Member(&Path::Arg(0), "inputSchema")],
};

/// `setRequestHandler(request, handler)` (`shared/protocol.ts`): the
/// `tools/list` handler's result is a `ListToolsResult`, `{ tools, nextCursor? }`.
static TS_LIST_TOOLS: ListHandler = ListHandler {
    request: 0,
    requests: &["ListToolsRequest", "tools/list"],
    handler: 1,
    list: "tools",
    roles: &TS_TOOL_DEFINITION,
};

pub static TS_SDK: SdkTable = SdkTable {
    api: "ts",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["@modelcontextprotocol/sdk", "@modelcontextprotocol/server"],
    symbols: &[
        ("McpServer", "ServerClass"),
        ("Server", "LowServerClass"),
        ("ListToolsRequestSchema", "ListToolsRequest"),
        ("Tool", "ToolType"),
    ],
    rules: &[
        Rule { on: "LowServerClass", op: Op::Call, effect: Effect::Returns("LowServer") },
        Rule { on: "LowServer", op: Op::Method("setRequestHandler"), effect: Effect::ListHandler(&TS_LIST_TOOLS) },
        Rule { on: "ToolType", op: Op::Typed, effect: Effect::Define(&TS_TOOL_DEFINITION) },
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "Server", op: Op::Member("server"), effect: Effect::Returns("LowServer") },
        Rule {
            on: "Server",
            op: Op::Method("registerTool"),
            effect: Effect::RegisterReturns(&TS_REGISTER_TOOL, "RegisteredTool"),
        },
        Rule { on: "Server", op: Op::Method("tool"), effect: Effect::RegisterReturns(&TS_TOOL, "RegisteredTool") },
    ],
    null_is_absent: false,
};
