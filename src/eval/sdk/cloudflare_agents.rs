//! Cloudflare `agents`: `withX402(server, config)` returns the server with
//! a `paidTool(name, description, priceUSD, paramsSchema, annotations, cb)`
//! method that forwards to `registerTool` (`packages/agents/src/mcp/x402.ts`):
//! the annotations are positional argument 4. Every other method is the
//! wrapped TypeScript SDK server's.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static PAID_TOOL: Roles = Roles {
    api: "ts.agents.paidTool",
    name: &[Path::Arg(0)],
    title: &[],
    description: &[Path::Arg(1)],
    annotations: &[Path::Arg(4)],
    params: &[Path::Arg(3)],
};

pub static CLOUDFLARE_AGENTS: SdkTable = SdkTable {
    api: "ts.agents",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["agents"],
    symbols: &[("withX402", "WithX402")],
    rules: &[
        Rule { on: "WithX402", op: Op::Call, effect: Effect::Returns("X402Server") },
        Rule { on: "X402Server", op: Op::Method("paidTool"), effect: Effect::Register(&PAID_TOOL) },
        Rule { on: "X402Server", op: Op::AnyMethod, effect: Effect::As("ts", "Server") },
    ],
    null_is_absent: false,
};
