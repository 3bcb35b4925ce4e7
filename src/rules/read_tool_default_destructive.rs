//! MCP020: a tool whose name reads like a read leaves `readOnlyHint` unset,
//! so clients treat it as a tool that modifies (and may destroy) data.

use super::Ctx;
use crate::model::{HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let Some(name) = &tool.name else { return };
    if !tool.annotations.read_only.is_absent() {
        return;
    }
    let Some(verb) = cx.words.reads_only(name, tool.description.as_deref()) else { return };
    cx.report(format!(
        "tool `{name}` reads like a read-only tool (`{verb}`) but leaves `{}` unset, so clients assume it modifies its environment{}",
        tool.syntax.key(HintKind::ReadOnly),
        if tool.annotations.destructive.is_absent() { " and may destroy data" } else { "" }
    ))
    .help(format!(
        "declare `{}` if it only reads; if it does write, declare `{}` so the choice is visible",
        tool.syntax.assign(HintKind::ReadOnly, true),
        tool.syntax.assign(HintKind::ReadOnly, false)
    ))
    .hints(&[HintKind::ReadOnly]);
}
