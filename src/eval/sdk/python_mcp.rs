//! The Python SDK (`mcp`: FastMCP in v1, MCPServer in v2): the
//! `tool(...)` decorator, `add_tool(fn, ...)`, `ToolAnnotations(...)`.
//!
//! Every parameter of `tool` and `add_tool` may be given by position, and
//! the order changed (python-sdk `src/mcp/server/fastmcp/server.py` by tag):
//! 1.7–1.9 `tool(name, description, annotations)`, 1.10 and later (and v2's
//! `MCPServer`) `tool(name, title, description, annotations, icons, meta,
//! structured_output)`; `add_tool` is the same after `fn`. (1.3–1.6's
//! `tool(name, description)` reads as 1.7–1.9 does.) Both versions are
//! listed: a third argument that is a record is 1.9's annotations, a second
//! string alone is the title or the description, so the title is unknown.
//! Standalone fastmcp is its own table (`fastmcp.rs`).
//!
//! Tool objects (`server/fastmcp/tools/base.py`, v2 `server/mcpserver/`):
//! `Tool.from_function(fn, name, title, description, context_kwarg,
//! annotations, ...)` (1.10 and later; 1.9 has no `title`), the name
//! defaulting to `fn.__name__`; `FastMCP(..., tools=[Tool, ...])`
//! (keyword-only, since 1.9) hands them to its `ToolManager`, which keys
//! each by its name. This `Tool` shares its name with `mcp.types.Tool`, and
//! imports are told apart by name only, so its rule is written on the
//! low-level table's `ToolRecord`: `types.Tool` has no `from_function`.
//!
//! `FastMCP._tool_manager` is the `ToolManager` (`tools/tool_manager.py`):
//! its `add_tool(fn, name, title, description, annotations, ...)` is what
//! `FastMCP.add_tool` calls, and its `_tools` dict (name → `Tool`) is what
//! `list_tools` reads, so a server writing a `Tool` into it registers it.

use super::{Effect, Op, Param, Path, Roles, Rule, SdkTable, Signature, Test};
use crate::model::Lang;

const fn p(name: &'static str, test: Test) -> Param {
    Param { name, test }
}

const TOOL: &[Signature] = &[
    Signature {
        positional: &[
            p("name", Test::Str),
            p("title", Test::Str),
            p("description", Test::Str),
            p("annotations", Test::Record),
            p("icons", Test::Any),
            p("meta", Test::Any),
            p("structured_output", Test::Any),
        ],
    },
    Signature { positional: &[p("name", Test::Str), p("description", Test::Str), p("annotations", Test::Record)] },
];

const ADD_TOOL: &[Signature] = &[
    Signature {
        positional: &[
            p("fn", Test::Any),
            p("name", Test::Str),
            p("title", Test::Str),
            p("description", Test::Str),
            p("annotations", Test::Record),
            p("icons", Test::Any),
            p("meta", Test::Any),
            p("structured_output", Test::Any),
        ],
    },
    Signature {
        positional: &[
            p("fn", Test::Any),
            p("name", Test::Str),
            p("description", Test::Str),
            p("annotations", Test::Record),
        ],
    },
];

const FROM_FUNCTION: &[Signature] = &[
    Signature {
        positional: &[
            p("fn", Test::Any),
            p("name", Test::Str),
            p("title", Test::Str),
            p("description", Test::Str),
            p("context_kwarg", Test::Any),
            p("annotations", Test::Record),
        ],
    },
    Signature {
        positional: &[
            p("fn", Test::Any),
            p("name", Test::Str),
            p("description", Test::Str),
            p("context_kwarg", Test::Any),
            p("annotations", Test::Record),
        ],
    },
];

static TOOL_FROM_FUNCTION: Roles = Roles {
    api: "python.fastmcp.from_function",
    name: &[Path::Param(FROM_FUNCTION, "name"), Path::Member(&Path::Param(FROM_FUNCTION, "fn"), "__name__")],
    title: &[Path::Param(FROM_FUNCTION, "title")],
    description: &[Path::Param(FROM_FUNCTION, "description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Param(FROM_FUNCTION, "annotations")],
    params: &[],
};

/// A tool object written straight into the tool manager's registry
/// (`server._tool_manager._tools[key] = Tool(...)`): the SDK lists it by
/// the object's own name; the key is only where it is kept.
static REGISTRY_ITEM: Roles = Roles {
    api: "python.fastmcp.tool_manager",
    name: &[Path::Of(&Path::Arg(1), "name")],
    title: &[Path::Of(&Path::Arg(1), "title")],
    description: &[Path::Of(&Path::Arg(1), "description")],
    annotations: &[Path::Of(&Path::Arg(1), "annotations")],
    params: &[],
};

/// Each element of `FastMCP(tools=[...])`: a tool object.
static CONSTRUCTOR_TOOL: Roles = Roles {
    api: "python.fastmcp.tools",
    name: &[Path::Of(&Path::Arg(0), "name")],
    title: &[Path::Of(&Path::Arg(0), "title")],
    description: &[Path::Of(&Path::Arg(0), "description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Of(&Path::Arg(0), "annotations")],
    params: &[],
};

static FASTMCP_TOOL: Roles = Roles {
    api: "python.fastmcp.decorator",
    name: &[Path::Param(TOOL, "name"), Path::HandlerName],
    title: &[Path::Param(TOOL, "title")],
    description: &[Path::Param(TOOL, "description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Param(TOOL, "annotations")],
    params: &[],
};

static FASTMCP_ADD_TOOL: Roles = Roles {
    api: "python.fastmcp.add_tool",
    name: &[Path::Param(ADD_TOOL, "name"), Path::Member(&Path::Param(ADD_TOOL, "fn"), "__name__")],
    title: &[Path::Param(ADD_TOOL, "title")],
    description: &[Path::Param(ADD_TOOL, "description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Param(ADD_TOOL, "annotations")],
    params: &[],
};

/// python-sdk v2's MCP Apps extension (`mcp/server/apps.py`):
/// `Apps.tool(*, resource_uri, visibility=None, meta=None, **tool_kwargs)`
/// binds the function and forwards `tool_kwargs` (name, title,
/// description, annotations) to `MCPServer.add_tool` when the extension is
/// passed to `MCPServer(extensions=[apps])`. Keyword-only, so no signature.
static APPS_TOOL: Roles = Roles {
    api: "python.apps.tool",
    name: &[Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Kw("annotations")],
    params: &[],
};

pub static PYTHON_MCP: SdkTable = SdkTable {
    api: "python.fastmcp",
    langs: &[Lang::Python],
    modules: &["mcp"],
    symbols: &[
        ("FastMCP", "ServerClass"),
        ("MCPServer", "ServerClass"),
        ("ToolAnnotations", "AnnotationsClass"),
        ("server.apps.Apps", "AppsClass"),
        // `ctx: Context`: injected, not an input (`find_context_parameter`).
        ("Context", super::forms::CONTEXT),
    ],
    rules: &[
        Rule {
            on: "ServerClass",
            op: Op::Call,
            effect: Effect::ReturnsRegistering("Server", "tools", &CONSTRUCTOR_TOOL),
        },
        Rule { on: "AnnotationsClass", op: Op::Call, effect: Effect::Record },
        Rule {
            on: "python.lowlevel:ToolRecord",
            op: Op::Method("from_function"),
            effect: Effect::MakeTool(&TOOL_FROM_FUNCTION),
        },
        // `Context[ServerSession, AppState]` is the context.
        Rule { on: super::forms::CONTEXT, op: Op::Index, effect: Effect::Returns(super::forms::CONTEXT) },
        Rule { on: "Server", op: Op::Method("tool"), effect: Effect::Decorator(&FASTMCP_TOOL) },
        Rule { on: "Server", op: Op::Method("add_tool"), effect: Effect::Register(&FASTMCP_ADD_TOOL) },
        // The server's `ToolManager` (private, but servers reach into it):
        // `add_tool` takes what `FastMCP.add_tool` does, and `_tools` is the
        // dict it lists tools from.
        Rule { on: "Server", op: Op::Member("_tool_manager"), effect: Effect::Returns("ToolManager") },
        Rule { on: "ToolManager", op: Op::Method("add_tool"), effect: Effect::Register(&FASTMCP_ADD_TOOL) },
        Rule { on: "ToolManager", op: Op::Member("_tools"), effect: Effect::Returns("ToolRegistry") },
        Rule { on: "ToolRegistry", op: Op::SetIndex, effect: Effect::Register(&REGISTRY_ITEM) },
        Rule { on: "AppsClass", op: Op::Call, effect: Effect::Returns("Apps") },
        Rule { on: "Apps", op: Op::Method("tool"), effect: Effect::Decorator(&APPS_TOOL) },
    ],
    null_is_absent: true,
};
