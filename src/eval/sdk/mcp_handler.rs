//! Vercel `mcp-handler`: `createMcpHandler(initializeServer, serverOptions,
//! config)` makes an `McpServer` of the TypeScript SDK and calls
//! `initializeServer(server)` with it (`src/handler/index.ts`; v1 pins the
//! v1 SDK, v2 takes the v2 one), so the callback's parameter is a server.

use super::{Effect, Given, Op, Path, Rule, SdkTable};
use crate::model::Lang;

pub static MCP_HANDLER: SdkTable = SdkTable {
    api: "ts.mcp-handler",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["mcp-handler"],
    symbols: &[("createMcpHandler", "CreateHandler")],
    rules: &[Rule {
        on: "CreateHandler",
        op: Op::Call,
        effect: Effect::CallsBack { func: Path::Arg(0), with: &[Given::Sdk("ts", "Server")], returns: None },
    }],
    null_is_absent: false,
};
