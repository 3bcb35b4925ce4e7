//! mcp-use (`mcp-use/server`): `new MCPServer(config)` or the older
//! `createMCPServer(name, config)`, then `server.tool(definition, cb?)`
//! where the definition object holds `name`, `title`, `description`, the
//! schema and `annotations`, and the callback may sit inside it as `cb`.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static TOOL: Roles = Roles {
    api: "ts.mcp-use.tool",
    name: &[Path::Member(&Path::Arg(0), "name")],
    title: &[Path::Member(&Path::Arg(0), "title")],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    params: &[],
};

pub static MCP_USE: SdkTable = SdkTable {
    api: "ts.mcp-use",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["mcp-use"],
    symbols: &[("MCPServer", "ServerClass"), ("createMCPServer", "ServerClass")],
    rules: &[
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "Server", op: Op::Method("tool"), effect: Effect::Register(&TOOL) },
    ],
    null_is_absent: false,
};
