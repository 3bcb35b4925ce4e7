//! Standalone fastmcp (`jlowin/fastmcp`, `from fastmcp import FastMCP`),
//! 2.x to 4.x (`src/fastmcp/server/server.py`, `src/fastmcp/tools/`).
//!
//! Unlike the official SDK, only the first parameter of `tool` may be given
//! by position (`name_or_fn`: the name, or the function when used bare);
//! every other one is keyword-only. `add_tool` takes the function (3.x and
//! later) or a tool object as its one positional argument.

use super::{Effect, Op, Param, Path, Roles, Rule, SdkTable, Signature, Test};
use crate::model::Lang;

const TOOL: &[Signature] = &[Signature { positional: &[Param { name: "name_or_fn", test: Test::Any }] }];

const ADD_TOOL: &[Signature] = &[Signature { positional: &[Param { name: "tool", test: Test::Any }] }];

static TOOL_DECORATOR: Roles = Roles {
    api: "python.fastmcp.decorator",
    name: &[Path::Param(TOOL, "name_or_fn"), Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description")],
    annotations: &[Path::Kw("annotations")],
};

static ADD_TOOL_FN: Roles = Roles {
    api: "python.fastmcp.add_tool",
    name: &[Path::Kw("name"), Path::Member(&Path::Param(ADD_TOOL, "tool"), "__name__")],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description")],
    annotations: &[Path::Kw("annotations")],
};

pub static FASTMCP: SdkTable = SdkTable {
    api: "python.fastmcp",
    langs: &[Lang::Python],
    modules: &["fastmcp"],
    symbols: &[("FastMCP", "ServerClass"), ("ToolAnnotations", "AnnotationsClass")],
    rules: &[
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "AnnotationsClass", op: Op::Call, effect: Effect::Record },
        Rule { on: "Server", op: Op::Method("tool"), effect: Effect::Decorator(&TOOL_DECORATOR) },
        Rule { on: "Server", op: Op::Method("add_tool"), effect: Effect::Register(&ADD_TOOL_FN) },
    ],
    null_is_absent: true,
};
