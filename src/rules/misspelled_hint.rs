//! MCP012: a key that looks like a hint but is not one where it is written,
//! so the intended hint is silently absent.

use super::Ctx;
use crate::model::Tool;

pub fn check(tool: &Tool, cx: &mut Ctx) {
    for key in &tool.annotations.unknown_keys {
        // The cause of what the absence of its hint leads to, unless the
        // hint is declared as well under its right name.
        let absent = tool.annotations.hint(key.intended).is_absent();
        let effect = if absent {
            format!("so `{}` is absent", key.intended.wire_name())
        } else {
            format!("while `{}` is declared under its own name too", key.intended.wire_name())
        };
        let hints = if absent { vec![key.intended] } else { vec![] };
        cx.report_at(key.span, format!("{}, {effect}", key.reason))
            .help(format!("spell it `{}`", tool.syntax.key(key.intended)))
            .hints(&hints);
    }
}
