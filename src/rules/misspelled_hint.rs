//! MCP012: a key that looks like a hint but is not one where it is written,
//! so the intended hint is silently absent.

use super::Ctx;
use crate::model::Tool;

pub fn check(tool: &Tool, cx: &mut Ctx) {
    for key in &tool.annotations.unknown_keys {
        cx.report_at(key.span, format!("{}, so `{}` is absent", key.reason, tool.syntax.key(key.intended)))
            .help(format!("spell it `{}`", tool.syntax.key(key.intended)));
    }
}
