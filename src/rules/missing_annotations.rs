//! MCP001: a tool that declares none of the four hints.

use super::Ctx;
use crate::model::{HintKind, Origin, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let a = &tool.annotations;
    if !HintKind::ALL.iter().all(|k| a.hint(*k).is_absent()) {
        return;
    }
    let defaults: Vec<String> =
        HintKind::ALL.iter().map(|k| format!("{}={}", tool.syntax.key(*k), k.spec_default())).collect();
    let what = match a.origin {
        Origin::None => "declares no annotations",
        _ => "declares none of the four hints",
    };
    let example = tool
        .syntax
        .annotations(&[tool.syntax.assign(HintKind::ReadOnly, true), tool.syntax.assign(HintKind::OpenWorld, false)]);
    cx.report(format!(
        "tool `{}` {what}, so clients assume {}{}",
        tool.display_name(),
        defaults.join(", "),
        super::sdk_sends(tool, &HintKind::ALL)
    ))
    .help(if tool.syntax.carries_hints() {
        format!(
            "declare each hint with the value that is true for this tool, e.g. `{example}` for a tool that only reads local data"
        )
    } else {
        format!(
            "this registration cannot carry hints: register the tool so it can, with the value that is true for each hint, e.g. `{example}` for a tool that only reads local data"
        )
    })
    .hints(&HintKind::ALL);
}
