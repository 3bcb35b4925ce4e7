//! MCP003: `openWorldHint` left to its default (true).

use super::Ctx;
use crate::model::{HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    if tool.annotations.open_world.is_absent() {
        cx.report(format!(
            "tool `{}` leaves `{}` unset, so clients assume it reaches external systems{}",
            tool.display_name(),
            tool.syntax.key(HintKind::OpenWorld),
            super::sdk_sends(tool, &[HintKind::OpenWorld])
        ))
        .help(format!(
            "declare `{}` if it only touches local data, or `{}` to make the default explicit",
            tool.syntax.assign(HintKind::OpenWorld, false),
            tool.syntax.assign(HintKind::OpenWorld, true)
        ))
        .hints(&[HintKind::OpenWorld]);
    }
}
