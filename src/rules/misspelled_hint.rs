//! MCP012: a key that looks like a hint but is not one where it is written,
//! so the intended hint is silently absent.

use super::Ctx;
use crate::model::Tool;

pub fn check(tool: &Tool, cx: &mut Ctx) {
    for key in &tool.annotations.unknown_keys {
        let right = tool.syntax.key(key.intended);
        // A key spelt right that still does not count is in the wrong place.
        let help = if key.key == right {
            format!("move `{right}` into the annotations")
        } else {
            format!("spell it `{right}`")
        };
        cx.report_at(key.span, format!("{}, so `{}` is absent", key.reason, right)).help(help);
    }
}
