//! MCP012: a key that looks like a hint but is not one where it is written,
//! so the intended hint is silently absent.

use super::Ctx;
use crate::model::Tool;

pub fn check(tool: &Tool, cx: &mut Ctx) {
    for key in &tool.annotations.unknown_keys {
        let right = tool.syntax.key(key.intended);
        // The cause of what the absence of its hint leads to, unless the
        // hint is declared as well under its right name.
        let absent = tool.annotations.hint(key.intended).is_absent();
        let effect = if absent {
            format!("so `{right}` is absent")
        } else {
            format!("while `{right}` is declared under its own name too")
        };
        let hints = if absent { vec![key.intended] } else { vec![] };
        // A key spelt right that still does not count is in the wrong place.
        let help = if key.key == right {
            format!("move `{right}` into the annotations")
        } else {
            format!("spell it `{right}`")
        };
        cx.report_at(key.span, format!("{}, {effect}", key.reason)).help(help).hints(&hints);
    }
}
