//! punkpeye `fastmcp` (npm `fastmcp`, TypeScript): `new FastMCP(options)`,
//! `server.addTool({ name, description?, parameters?, annotations?,
//! execute, ... })` and `server.addTools([...])`.
//!
//! From `src/FastMCP.ts`: the `Tool` type has no top-level `title`; its
//! `annotations` are `ToolAnnotations & { streamingHint?: boolean }` and the
//! tools/list handler copies them verbatim, filling nothing in.
//! `addTools(tools)` adds each element as `addTool` would.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static ADD_TOOL: Roles = Roles {
    api: "ts.fastmcp.addTool",
    name: &[Path::Member(&Path::Arg(0), "name")],
    title: &[],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    params: &[Path::Member(&Path::Arg(0), "parameters")],
};

static ADD_TOOLS: Roles = Roles {
    api: "ts.fastmcp.addTool",
    name: &[Path::Member(&Path::Element, "name")],
    title: &[],
    description: &[Path::Member(&Path::Element, "description")],
    annotations: &[Path::Member(&Path::Element, "annotations")],
    params: &[Path::Member(&Path::Element, "parameters")],
};

pub static PUNKPEYE_FASTMCP: SdkTable = SdkTable {
    api: "ts.fastmcp",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["fastmcp"],
    symbols: &[("FastMCP", "ServerClass")],
    rules: &[
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "Server", op: Op::Method("addTool"), effect: Effect::Register(&ADD_TOOL) },
        Rule {
            on: "Server",
            op: Op::Method("addTools"),
            effect: Effect::RegisterEach { items: Path::Arg(0), roles: &ADD_TOOLS },
        },
    ],
    null_is_absent: false,
};
