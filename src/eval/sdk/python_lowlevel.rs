//! The Python SDK's low-level `Server` (`mcp.server.lowlevel`), whose tools
//! are the `types.Tool` records a list-tools handler returns.
//!
//! Facts (python-sdk `src/mcp/server/lowlevel/server.py`, `src/mcp/types.py`,
//! v2 `docs/migration.md`; see sdk-patterns.md 1.1/1.2):
//! - v1: `@server.list_tools()` takes a handler returning `list[types.Tool]`
//!   or a `ListToolsResult`; the SDK awaits it and lists `result.tools` (new
//!   style) or the list itself (old style). A plain dict in the list has no
//!   `.name` and fails there, so only `Tool` records count.
//! - v2 drops the decorators: `Server("x", on_list_tools=handler)`, where
//!   `handler(ctx, params)` returns `ListToolsResult(tools=[Tool(...)])`;
//!   the types also come from the separate `mcp_types` package.
//! - `Tool` is a pydantic model built with keywords (`name`, `title`,
//!   `description`, `inputSchema`/`input_schema`, `annotations`, ...), also
//!   from a splatted dict (`Tool(**definition)`).
//! - FastMCP keeps its low-level server as `_mcp_server` (python-sdk
//!   `server/fastmcp/server.py`, standalone fastmcp `server/server.py`);
//!   a server may put its own list-tools handler on it
//!   (`@mcp._mcp_server.list_tools()`), whose `Tool` records are listed.
//! - The handler runs when a client asks, after the module has loaded: it
//!   sees every module-level name, also those bound below it.

use super::{Effect, Listing, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static TOOL_RECORD: Roles = Roles {
    api: "python.lowlevel",
    name: &[Path::Kw("name")],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description")],
    annotations: &[Path::Kw("annotations")],
    params: &[],
};

static LIST_TOOLS: Listing =
    Listing { record: "ToolRecord", result: Some(("ListResult", "tools")), roles: &TOOL_RECORD };

pub static PYTHON_LOWLEVEL: SdkTable = SdkTable {
    api: "python.lowlevel",
    langs: &[Lang::Python],
    modules: &["mcp", "mcp_types"],
    symbols: &[
        ("server.lowlevel.Server", "LowServerClass"),
        ("types", "@module"),
        ("types.Tool", "ToolRecord"),
        ("types.ListToolsResult", "ListResult"),
        ("types.ToolAnnotations", "AnnotationsClass"),
    ],
    rules: &[
        Rule { on: "LowServerClass", op: Op::Call, effect: Effect::Returns("LowServer") },
        Rule { on: "LowServerClass", op: Op::Kw("on_list_tools"), effect: Effect::ListingHandler(&LIST_TOOLS) },
        Rule { on: "LowServer", op: Op::Method("list_tools"), effect: Effect::ListingDecorator(&LIST_TOOLS) },
        Rule { on: "python.fastmcp:Server", op: Op::Member("_mcp_server"), effect: Effect::Returns("LowServer") },
        Rule { on: "ToolRecord", op: Op::Call, effect: Effect::Definition },
        Rule { on: "ListResult", op: Op::Call, effect: Effect::Definition },
        Rule { on: "AnnotationsClass", op: Op::Call, effect: Effect::Record },
    ],
    null_is_absent: true,
};
