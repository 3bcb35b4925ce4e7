//! MCP010: `destructiveHint`/`idempotentHint` declared on a read-only tool,
//! where the spec says they mean nothing.

use super::Ctx;
use crate::model::{Hint, HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let a = &tool.annotations;
    if !a.read_only.is(true) {
        return;
    }
    for kind in [HintKind::Destructive, HintKind::Idempotent] {
        let hint = a.hint(kind);
        // `destructiveHint: true` on a read-only tool is MCP011's contradiction.
        if kind == HintKind::Destructive && hint.is(true) {
            continue;
        }
        if let Hint::Declared { span, .. } = hint {
            cx.report(format!(
                "tool `{}` declares `{}` although `{}` is true, where clients ignore it",
                tool.display_name(),
                tool.syntax.key(kind),
                tool.syntax.key(HintKind::ReadOnly)
            ))
            .label(*span, "ignored because the tool is read-only")
            .help(format!(
                "remove `{}`, or declare `{}` if the tool writes",
                tool.syntax.key(kind),
                tool.syntax.assign(HintKind::ReadOnly, false)
            ));
        }
    }
}
