//! Standalone fastmcp (`jlowin/fastmcp`, `from fastmcp import FastMCP`),
//! 2.x to 4.x (`src/fastmcp/server/server.py`, `src/fastmcp/tools/`).
//!
//! Unlike the official SDK, only the first parameter of `tool` may be given
//! by position (`name_or_fn`: the name, or the function when used bare);
//! every other one is keyword-only. `add_tool` takes the function (3.x and
//! later) or a tool object as its one positional argument.
//!
//! Tool objects (`src/fastmcp/tools/tool.py`, `function_tool.py`,
//! `tool_transform.py`): `Tool.from_function(fn, name, ...)` (the name may
//! follow `fn` by position, the rest are keywords), the pydantic model
//! `FunctionTool(fn=..., name=..., annotations=...)`, the standalone
//! `@tool(...)` of `fastmcp.tools` (3.x: the function carries the tool's
//! metadata and `add_tool(fn)` registers it), and `Tool.from_tool(parent,
//! name, ...)` / `TransformedTool.from_tool`, whose parts default to the
//! parent's: its own annotations replace the parent's, no merge. In 2.x
//! `@mcp.tool` returns the tool, so a parent may be a decorated function.

use super::{Effect, MountRoles, Op, Param, Path, Roles, Rule, SdkTable, Signature, Test};
use crate::model::Lang;

const TOOL: &[Signature] = &[Signature { positional: &[Param { name: "name_or_fn", test: Test::Any }] }];

const ADD_TOOL: &[Signature] = &[Signature { positional: &[Param { name: "tool", test: Test::Any }] }];

const FROM_FUNCTION: &[Signature] =
    &[Signature { positional: &[Param { name: "fn", test: Test::Any }, Param { name: "name", test: Test::Str }] }];

const FROM_TOOL: &[Signature] =
    &[Signature { positional: &[Param { name: "tool", test: Test::Any }, Param { name: "name", test: Test::Str }] }];

static TOOL_FROM_FUNCTION: Roles = Roles {
    api: "python.fastmcp.from_function",
    name: &[Path::Param(FROM_FUNCTION, "name"), Path::Member(&Path::Param(FROM_FUNCTION, "fn"), "__name__")],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Kw("annotations")],
    params: &[],
};

static TOOL_FROM_TOOL: Roles = Roles {
    api: "python.fastmcp.from_tool",
    name: &[Path::Param(FROM_TOOL, "name"), Path::Of(&Path::Param(FROM_TOOL, "tool"), "name")],
    title: &[Path::Kw("title"), Path::Of(&Path::Param(FROM_TOOL, "tool"), "title")],
    description: &[
        Path::Kw("description"),
        Path::Of(&Path::Param(FROM_TOOL, "tool"), "description"),
        Path::Member(&Path::Handler, "__doc__"),
    ],
    annotations: &[Path::Kw("annotations"), Path::Of(&Path::Param(FROM_TOOL, "tool"), "annotations")],
    params: &[],
};

static STANDALONE_TOOL: Roles = Roles {
    api: "python.fastmcp.tool",
    name: &[Path::Param(TOOL, "name_or_fn"), Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Kw("annotations")],
    params: &[],
};

static TOOL_DECORATOR: Roles = Roles {
    api: "python.fastmcp.decorator",
    name: &[Path::Param(TOOL, "name_or_fn"), Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Kw("annotations")],
    params: &[],
};

/// A tool object's parts, or a plain function's name.
/// `fastmcp.contrib.mcp_mixin.mcp_tool(name=None, description=None, tags=None,
/// annotations=None, ...)` on a method of an `MCPMixin` subclass: it records
/// the call's keywords on the method (`_mcp_tool_registration`, the name
/// defaulting to the function's), and `register_tools(server)` /
/// `register_all(server)` hands each marked method, bound, to
/// `server.tool(...)` (`src/fastmcp/contrib/mcp_mixin/mcp_mixin.py`). The
/// method is the tool, wherever its component is registered; it has no
/// `title` keyword.
static MIXIN_TOOL: Roles = Roles {
    api: "python.fastmcp.mcp_tool",
    name: &[Path::Kw("name"), Path::HandlerName],
    title: &[],
    description: &[Path::Kw("description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::Kw("annotations")],
    params: &[],
};

static ADD_TOOL_FN: Roles = Roles {
    api: "python.fastmcp.add_tool",
    name: &[
        Path::Kw("name"),
        Path::Of(&Path::Param(ADD_TOOL, "tool"), "name"),
        Path::Member(&Path::Param(ADD_TOOL, "tool"), "__name__"),
    ],
    title: &[Path::Kw("title"), Path::Of(&Path::Param(ADD_TOOL, "tool"), "title")],
    description: &[
        Path::Kw("description"),
        Path::Of(&Path::Param(ADD_TOOL, "tool"), "description"),
        Path::Member(&Path::Handler, "__doc__"),
    ],
    annotations: &[Path::Kw("annotations"), Path::Of(&Path::Param(ADD_TOOL, "tool"), "annotations")],
    params: &[],
};

/// Tools the server makes from an OpenAPI description when it is built
/// (`server/openapi.py`, 3.x `server/providers/openapi/provider.py`): one
/// per route the route maps keep, named after its `operationId`, with no
/// annotations unless `mcp_component_fn` writes some. The description is
/// data the source does not hold (a fetched JSON, a FastAPI app's routes),
/// so how many there are, their names and hints are unknown.
static OPENAPI_TOOLS: Roles =
    Roles { api: "python.fastmcp.openapi", name: &[], title: &[], description: &[], annotations: &[], params: &[] };

/// `parent.mount(...)` and `import_server(...)` (`server/server.py`): the
/// child's tools are listed by the parent as `{prefix}{separator}{name}`.
/// - 2.2–2.8: `mount(prefix, server, tool_separator=None, ...)`, the
///   separator `"_"` by default; `import_server(prefix, server, ...)` alike.
/// - 2.9–2.14: `mount(server, prefix=None, as_proxy=None, *,
///   tool_separator=None, ...)`, a string first argument taken for the
///   old order (swapped, with a warning); no prefix keeps the names.
/// - 3: `mount(server, namespace=None, as_proxy=None, tool_names=None,
///   prefix=None)` (`prefix` deprecated for `namespace`): `tool_names`
///   renames the child's tools, then the namespace is added;
///   `import_server(server, prefix=None)` copies them, prefixed.
static MOUNT: MountRoles =
    MountRoles { prefix: &["namespace", "prefix"], separator: Some("tool_separator"), renames: Some("tool_names") };

pub static FASTMCP: SdkTable = SdkTable {
    api: "python.fastmcp",
    langs: &[Lang::Python],
    modules: &["fastmcp"],
    symbols: &[
        ("FastMCP", "ServerClass"),
        // fastmcp 3's `LocalProvider()`: the `tool` decorator and `add_tool`
        // of FastMCP itself (`ToolDecoratorMixin`, which FastMCP delegates to),
        // its tools served by `FastMCP(providers=[...])`.
        ("server.providers.LocalProvider", "ProviderClass"),
        ("ToolAnnotations", "AnnotationsClass"),
        // The OpenAPI server class (2.x; matched by its last segment, so
        // also 2.11's `experimental.server.openapi`) and 3.x's provider.
        ("server.openapi.FastMCPOpenAPI", "OpenApiClass"),
        ("server.providers.openapi.OpenAPIProvider", "OpenApiClass"),
        ("tools.Tool", "ToolClass"),
        ("tools.tool_transform.TransformedTool", "ToolClass"),
        ("tools.FunctionTool", "FunctionToolClass"),
        ("tools.tool", "ToolFunction"),
        ("contrib.mcp_mixin.mcp_tool", "MixinTool"),
        // `ctx: Context`: injected, not an input.
        ("Context", super::forms::CONTEXT),
        // Dependency injection (`fastmcp.dependencies`, 2.14 and later): a
        // parameter whose default is a `Dependency` is resolved by the
        // server and left out of the input schema
        // (`server/dependencies.py`, `without_injected_parameters`).
        ("Depends", "DependencyMaker"),
        ("CurrentContext", "DependencyMaker"),
        ("CurrentFastMCP", "DependencyMaker"),
        ("CurrentDocket", "DependencyMaker"),
        ("CurrentWorker", "DependencyMaker"),
        ("CurrentRequest", "DependencyMaker"),
        ("CurrentHeaders", "DependencyMaker"),
        ("CurrentAccessToken", "DependencyMaker"),
        ("TokenClaim", "DependencyMaker"),
        ("Progress", "DependencyMaker"),
    ],
    rules: &[
        // `FastMCP(..., tools=[tool or function, ...])` (keyword-only).
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::ReturnsRegistering("Server", "tools", &ADD_TOOL_FN) },
        Rule { on: "ProviderClass", op: Op::Call, effect: Effect::Returns("Server") },
        // `FastMCP.from_openapi(openapi_spec, client, ...)`,
        // `FastMCP.from_fastapi(app, ...)` (the app's own description).
        Rule {
            on: "ServerClass",
            op: Op::Method("from_openapi"),
            effect: Effect::ReturnsGenerating("Server", &OPENAPI_TOOLS),
        },
        Rule {
            on: "ServerClass",
            op: Op::Method("from_fastapi"),
            effect: Effect::ReturnsGenerating("Server", &OPENAPI_TOOLS),
        },
        Rule { on: "OpenApiClass", op: Op::Call, effect: Effect::ReturnsGenerating("Server", &OPENAPI_TOOLS) },
        Rule { on: "AnnotationsClass", op: Op::Call, effect: Effect::Record },
        Rule { on: super::forms::CONTEXT, op: Op::Index, effect: Effect::Returns(super::forms::CONTEXT) },
        Rule { on: "DependencyMaker", op: Op::Call, effect: Effect::Returns(super::forms::DEPENDENCY) },
        Rule { on: "Server", op: Op::Method("tool"), effect: Effect::Decorator(&TOOL_DECORATOR) },
        Rule { on: "Server", op: Op::Method("add_tool"), effect: Effect::Register(&ADD_TOOL_FN) },
        Rule { on: "Server", op: Op::Method("mount"), effect: Effect::Mount(&MOUNT) },
        Rule { on: "Server", op: Op::Method("import_server"), effect: Effect::Mount(&MOUNT) },
        Rule { on: "ToolClass", op: Op::Method("from_function"), effect: Effect::MakeTool(&TOOL_FROM_FUNCTION) },
        Rule {
            on: "FunctionToolClass",
            op: Op::Method("from_function"),
            effect: Effect::MakeTool(&TOOL_FROM_FUNCTION),
        },
        Rule { on: "FunctionToolClass", op: Op::Call, effect: Effect::MakeTool(&TOOL_FROM_FUNCTION) },
        Rule { on: "ToolClass", op: Op::Method("from_tool"), effect: Effect::MakeTool(&TOOL_FROM_TOOL) },
        Rule { on: "ToolFunction", op: Op::Call, effect: Effect::ToolDecorator(&STANDALONE_TOOL) },
        Rule { on: "MixinTool", op: Op::Call, effect: Effect::Decorator(&MIXIN_TOOL) },
    ],
    null_is_absent: true,
};
