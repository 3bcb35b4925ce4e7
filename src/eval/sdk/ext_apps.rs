//! MCP Apps (`@modelcontextprotocol/ext-apps`, its `server` entry):
//! `registerAppTool(server, name, config, cb)` normalises the UI metadata in
//! `config._meta` and calls `server.registerTool(name, config, cb)`
//! (`src/server/index.ts`), so `config` is the TypeScript SDK's tool config:
//! `title`, `description`, `inputSchema`, `annotations`, sent as given.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static REGISTER_APP_TOOL: Roles = Roles {
    api: "ts.ext-apps.registerAppTool",
    name: &[Path::Arg(1)],
    title: &[Path::Member(&Path::Arg(2), "title")],
    description: &[Path::Member(&Path::Arg(2), "description")],
    annotations: &[Path::Member(&Path::Arg(2), "annotations")],
    params: &[Path::Member(&Path::Arg(2), "inputSchema")],
};

pub static EXT_APPS: SdkTable = SdkTable {
    api: "ts.ext-apps",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["@modelcontextprotocol/ext-apps"],
    symbols: &[("registerAppTool", "RegisterAppTool")],
    rules: &[Rule { on: "RegisterAppTool", op: Op::Call, effect: Effect::Register(&REGISTER_APP_TOOL) }],
    null_is_absent: false,
};
