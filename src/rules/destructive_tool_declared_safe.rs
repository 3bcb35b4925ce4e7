//! MCP021: a tool whose name reads like destruction declares itself safe
//! (`readOnlyHint: true` or `destructiveHint: false`).

use super::Ctx;
use crate::model::{Hint, HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let Some(name) = &tool.name else { return };
    let a = &tool.annotations;
    let (hint, span, value) = match (&a.read_only, &a.destructive) {
        (Hint::Declared { value: true, span }, _) => (HintKind::ReadOnly, *span, true),
        // destructiveHint means nothing on a read-only tool; on any other it
        // is the declaration that the tool never destroys.
        (_, Hint::Declared { value: false, span }) => (HintKind::Destructive, *span, false),
        _ => return,
    };
    let Some(verb) = cx.words.destructive.verb(&cx.words.unprefixed(name)) else { return };
    if cx.words.harmless_destruction(name) {
        return;
    }
    let claim = if hint == HintKind::ReadOnly { "read-only" } else { "non-destructive" };
    cx.report(format!(
        "tool `{name}` reads like destruction (`{verb}`) but declares `{}`, so clients will not ask before running it",
        tool.syntax.assign(hint, value)
    ))
    .label(span, format!("declared {claim} here"))
    .help(format!(
        "if the tool can delete or overwrite data, declare `{}`; if it cannot, rename it so the name says what it does",
        tool.syntax.annotations(&[
            tool.syntax.assign(HintKind::ReadOnly, false),
            tool.syntax.assign(HintKind::Destructive, true)
        ])
    ));
}
