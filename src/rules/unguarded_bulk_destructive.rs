//! MCP022: a destructive tool whose name reads like bulk destruction and
//! that has no confirmation or dry-run parameter. The hint is advice to the
//! client; the guard has to be in the tool.

use super::words::tokens;
use super::Ctx;
use crate::model::{Hint, HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let Some(name) = &tool.name else { return };
    // Parameters that cannot be seen are never guessed at.
    let Some(params) = &tool.params else { return };
    let a = &tool.annotations;
    // Destructive as declared or by default; unresolved or invalid hints are
    // left to MCP031/MCP013.
    let not_read_only = matches!(a.read_only, Hint::Absent | Hint::Declared { value: false, .. });
    let destructive = matches!(a.destructive, Hint::Absent | Hint::Declared { value: true, .. });
    if !(not_read_only && destructive) {
        return;
    }
    let words = cx.words;
    let bulk = if let Some(verb) = words.bulk_verbs.verb(name) {
        format!("`{verb}`")
    } else if let (Some(verb), Some(all)) = (words.destructive.verb(name), words.bulk_words.anywhere(&tokens(name))) {
        format!("`{verb}` … `{all}`")
    } else {
        return;
    };
    if params.iter().any(|p| words.guards.anywhere(&tokens(p)).is_some()) {
        return;
    }
    let seen = if params.is_empty() {
        "it takes no parameters".to_string()
    } else {
        let list: Vec<String> = params.iter().map(|p| format!("`{p}`")).collect();
        format!("its parameters are {}", list.join(", "))
    };
    let how = if a.destructive.is_absent() { "by default" } else { "as declared" };
    cx.report(format!(
        "tool `{name}` reads like bulk destruction ({bulk}), is destructive {how}, and has no confirmation or dry-run parameter ({seen})"
    ))
    .help(format!(
        "add a parameter such as `confirm` or `dry_run` and refuse to act without it: `{}` only asks the client to be careful",
        tool.syntax.assign(HintKind::Destructive, true)
    ));
}
