//! MCP002: not read-only, and `destructiveHint` left to its default (true).

use super::Ctx;
use crate::model::{Hint, HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let a = &tool.annotations;
    let not_read_only = matches!(a.read_only, Hint::Absent | Hint::Declared { value: false, .. });
    if not_read_only && a.destructive.is_absent() {
        cx.report(format!(
            "tool `{}` leaves `{}` unset, so clients assume it is destructive{}",
            tool.display_name(),
            tool.syntax.key(HintKind::Destructive),
            super::sdk_sends(tool, &[HintKind::Destructive])
        ))
        .help(format!(
            "declare `{}` if it only adds or updates data, or `{}` to make the default explicit",
            tool.syntax.assign(HintKind::Destructive, false),
            tool.syntax.assign(HintKind::Destructive, true)
        ))
        .hints(&[HintKind::ReadOnly, HintKind::Destructive]);
    }
}
