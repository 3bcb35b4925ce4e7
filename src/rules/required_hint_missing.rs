//! MCP030 (profiles `openai-apps` and `anthropic-directory`): the hints the
//! app directory requires must each be explicit on every tool, read-only
//! ones too. The profile says which ([`super::RuleSet::required`]).

use super::Ctx;
use crate::model::{HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let a = &tool.annotations;
    let missing: Vec<HintKind> = cx.required.iter().copied().filter(|k| a.hint(*k).is_absent()).collect();
    if missing.is_empty() {
        return;
    }
    let names: Vec<String> = missing.iter().map(|k| format!("`{}`", tool.syntax.key(*k))).collect();
    let example: Vec<String> = missing.iter().map(|k| tool.syntax.assign(*k, k.spec_default())).collect();
    cx.report(format!(
        "tool `{}` does not declare {}, which must be explicit on every tool",
        tool.display_name(),
        names.join(", ")
    ))
    .help(format!(
        "declare each with the value that is true for this tool (the defaults are `{}`); app-directory review rejects tools that leave them out, read-only tools included",
        example.join(", ")
    ))
    .hints(&missing);
}
