//! MCP005: not read-only, and `idempotentHint` left to its default (false).

use super::Ctx;
use crate::model::{Hint, HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let a = &tool.annotations;
    let not_read_only = matches!(a.read_only, Hint::Absent | Hint::Declared { value: false, .. });
    if not_read_only && a.idempotent.is_absent() {
        cx.report(format!(
            "tool `{}` leaves `{}` unset, so clients assume repeating a call is unsafe{}",
            tool.display_name(),
            tool.syntax.key(HintKind::Idempotent),
            super::sdk_sends(tool, &[HintKind::Idempotent])
        ))
        .help(format!(
            "declare `{}` if repeating a call with the same arguments has no further effect, or `{}`",
            tool.syntax.assign(HintKind::Idempotent, true),
            tool.syntax.assign(HintKind::Idempotent, false)
        ))
        .hints(&[HintKind::ReadOnly, HintKind::Idempotent]);
    }
}
