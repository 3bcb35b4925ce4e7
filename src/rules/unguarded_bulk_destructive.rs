//! MCP022: a destructive tool whose name reads like bulk destruction and
//! that has no confirmation or dry-run parameter. The hint is advice to the
//! client; the guard has to be in the tool.

use super::words::{object, plural, tokens, QUANTIFIERS};
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
    let Some(bulk) = bulk(name, cx) else { return };
    if words.harmless_destruction(name) {
        return;
    }
    if params.iter().any(|p| words.guards.anywhere(&tokens(p)).is_some()) {
        return;
    }
    // Elicitation is confirmation: the handler asks the user first.
    if !tool.confirms.is_empty() {
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

/// Why the name reads like bulk destruction: a destructive or bulk verb
/// with a bulk word (`delete_all_notes`, `drop_table`), or a bulk verb on
/// its own or on a plural (`wipe`, `clear_notes`). A bulk verb on one
/// named thing (`purge_note`, `reset_password`) is not bulk.
fn bulk(name: &str, cx: &Ctx) -> Option<String> {
    let words = cx.words;
    let full = name;
    let name = &words.unprefixed(full);
    let verb = words.bulk_verbs.verb_and_rest(name).or_else(|| words.destructive.verb_and_rest(name))?;
    let (verb, rest) = verb;
    // A quantifier anywhere; a container only as the verb's object
    // (`drop_table`, `purge_queue_for_user`, not `delete_table_row`).
    let quantifier = tokens(full)
        .into_iter()
        .find(|w| QUANTIFIERS.contains(&w.as_str()) && words.bulk_words.anywhere(std::slice::from_ref(w)).is_some());
    if let Some(all) = quantifier.or_else(|| words.bulk_words.ends(object(&rest))) {
        return Some(format!("`{verb}` … `{all}`"));
    }
    // Without a bulk word, only a bulk verb can make it bulk.
    words.bulk_verbs.verb(name)?;
    match rest.iter().find(|w| plural(w)) {
        Some(many) => Some(format!("`{verb}` … `{many}`")),
        None if rest.is_empty() => Some(format!("`{verb}`")),
        None => None,
    }
}
