//! The Python SDK (`mcp`: FastMCP, MCPServer) and standalone `fastmcp`:
//! `tool(name=None, title=None, description=None, annotations=None, ...)`
//! decorator, `add_tool(fn, name=..., ...)`, `ToolAnnotations(...)`.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static FASTMCP_TOOL: Roles = Roles {
    api: "python.fastmcp.decorator",
    name: &[Path::ArgOrKw(0, "name"), Path::HandlerName],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description")],
    annotations: &[Path::Kw("annotations")],
};

static FASTMCP_ADD_TOOL: Roles = Roles {
    api: "python.fastmcp.add_tool",
    name: &[Path::Kw("name"), Path::Member(&Path::Arg(0), "__name__")],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description")],
    annotations: &[Path::Kw("annotations")],
};

pub static PYTHON_MCP: SdkTable = SdkTable {
    api: "python.fastmcp",
    langs: &[Lang::Python],
    modules: &["mcp", "fastmcp"],
    symbols: &[("FastMCP", "ServerClass"), ("MCPServer", "ServerClass"), ("ToolAnnotations", "AnnotationsClass")],
    rules: &[
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "AnnotationsClass", op: Op::Call, effect: Effect::Record },
        Rule { on: "Server", op: Op::Method("tool"), effect: Effect::Decorator(&FASTMCP_TOOL) },
        Rule { on: "Server", op: Op::Method("add_tool"), effect: Effect::Register(&FASTMCP_ADD_TOOL) },
    ],
    null_is_absent: true,
};
