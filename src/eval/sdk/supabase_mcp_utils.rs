//! `@supabase/mcp-utils`: `createMcpServer({ name, version, tools })`
//! where `tools` is a record of tools named by their keys, or a function
//! returning one, possibly async (`tools?: Prop<Record<string, Tool>>`;
//! `getTools()` calls it for every `tools/list`); `tool(definition)` only
//! types its argument and returns it (`packages/mcp-utils/src/server.ts`).
//! A tool's `annotations` are sent as given.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static TOOLS: Roles = Roles {
    api: "ts.supabase.tool",
    name: &[Path::Key],
    title: &[],
    description: &[Path::Member(&Path::Element, "description")],
    annotations: &[Path::Member(&Path::Element, "annotations")],
    // A zod object (`parameters: z.object({...})`), converted to JSON schema.
    params: &[Path::Member(&Path::Element, "parameters")],
};

pub static SUPABASE_MCP_UTILS: SdkTable = SdkTable {
    api: "ts.supabase",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["@supabase/mcp-utils"],
    symbols: &[("createMcpServer", "CreateServer"), ("tool", "ToolHelper")],
    rules: &[
        Rule { on: "ToolHelper", op: Op::Call, effect: Effect::Arg(0) },
        Rule {
            on: "CreateServer",
            op: Op::Call,
            effect: Effect::RegisterEach { items: Path::Member(&Path::Arg(0), "tools"), roles: &TOOLS },
        },
    ],
    null_is_absent: false,
};
