//! MCP004: `readOnlyHint` left to its default (false).

use super::Ctx;
use crate::model::{HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    if tool.annotations.read_only.is_absent() {
        cx.report(format!(
            "tool `{}` leaves `{}` unset, so clients assume it modifies its environment{}",
            tool.display_name(),
            tool.syntax.key(HintKind::ReadOnly),
            super::sdk_sends(tool, &[HintKind::ReadOnly])
        ))
        .help(format!(
            "declare `{}` if it only reads, or `{}` to make the default explicit",
            tool.syntax.assign(HintKind::ReadOnly, true),
            tool.syntax.assign(HintKind::ReadOnly, false)
        ))
        .hints(&[HintKind::ReadOnly]);
    }
}
