//! MCP020: a tool whose name reads like a read leaves `readOnlyHint` unset,
//! so clients treat it as a tool that modifies (and may destroy) data.

use super::Ctx;
use crate::model::{HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let Some(name) = &tool.name else { return };
    if !tool.annotations.read_only.is_absent() {
        return;
    }
    let verbs = cx.words.unprefixed(name);
    let Some(verb) = cx.words.read.leads(&verbs) else { return };
    // `get_or_create`, `fetch_and_delete`: the name says it also writes.
    if cx.words.write.verb(&verbs).is_some() || cx.words.destructive.verb(&verbs).is_some() {
        return;
    }
    // Descriptions are secondary evidence: they can only veto. A first
    // sentence that says the tool writes ("Creates the tag if missing").
    if let Some(d) = &tool.description {
        if cx.words.write.in_prose(d).is_some() || cx.words.destructive.in_prose(d).is_some() {
            return;
        }
    }
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
