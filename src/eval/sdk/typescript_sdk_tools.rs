//! What the TypeScript SDK does with a tool after registering it, and its
//! v2 task tools; rows added to `typescript_sdk.rs`'s types (`"ts:Server"`).
//!
//! From `packages/server/src/server/mcp.ts` (v2) and `src/server/mcp.ts`
//! (v1): `registerTool` and `tool` return a `RegisteredTool` whose
//! `update({ title, description, annotations, ... })` replaces those fields
//! in what `tools/list` returns; the server keeps every tool in its private
//! `_registeredTools` record, keyed by name. v2's
//! `server.experimental.tasks.registerToolTask(name, config, handler)` takes
//! the same config as `registerTool` (its `execution.taskSupport` aside).
//! v2's low-level form keys request handlers by method name:
//! `setRequestHandler("tools/list", handler)`, whose result's `tools` are
//! JSON-schema tool objects (`{ name, title?, description?, inputSchema,
//! annotations? }`) sent as they are.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static REGISTER_TOOL_TASK: Roles = Roles {
    api: "ts.registerToolTask",
    name: &[Path::Arg(0)],
    title: &[Path::Member(&Path::Arg(1), "title")],
    description: &[Path::Member(&Path::Arg(1), "description")],
    annotations: &[Path::Member(&Path::Arg(1), "annotations")],
    params: &[Path::Member(&Path::Arg(1), "inputSchema")],
};

/// `registered.update(updates)`: the keys it gives replace the tool's.
static UPDATE: Roles = Roles {
    api: "ts.update",
    name: &[],
    title: &[Path::Member(&Path::Arg(0), "title")],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    params: &[],
};

/// One element of a `tools/list` result.
static LISTED_TOOL: Roles = Roles {
    api: "ts.tools/list",
    name: &[Path::Member(&Path::Element, "name")],
    title: &[Path::Member(&Path::Element, "title")],
    description: &[Path::Member(&Path::Element, "description")],
    annotations: &[Path::Member(&Path::Element, "annotations")],
    params: &[Path::Member(&Path::Element, "inputSchema")],
};

static LIST_TOOLS: Effect =
    Effect::RegisterEach { items: Path::Member(&Path::Returned(&Path::Arg(1)), "tools"), roles: &LISTED_TOOL };

pub static TS_SDK_TOOLS: SdkTable = SdkTable {
    api: "ts.tools",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    // Imports resolve to `typescript_sdk.rs`; this table only adds rows.
    modules: &[],
    symbols: &[],
    rules: &[
        // `server.experimental.tasks.registerToolTask`: a member chain on a
        // server stays the server, so the last name is the method.
        Rule { on: "ts:Server", op: Op::Method("registerToolTask"), effect: Effect::Register(&REGISTER_TOOL_TASK) },
        Rule {
            on: "ts:Server",
            op: Op::Method("setRequestHandler"),
            effect: Effect::When { arg: 0, equals: "tools/list", then: &LIST_TOOLS },
        },
        Rule { on: "ts:Server", op: Op::Member("_registeredTools"), effect: Effect::Registry("RegisteredTool") },
        Rule { on: "ts:RegisteredTool", op: Op::Method("update"), effect: Effect::Update(&UPDATE) },
    ],
    null_is_absent: false,
};
