//! MCP013: a hint set to something that is not a boolean.

use super::Ctx;
use crate::model::{Hint, HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    for kind in HintKind::ALL {
        if let Hint::Invalid { text, span } = tool.annotations.hint(kind) {
            let shown: String = text.chars().take(40).collect();
            cx.report_at(*span, format!("`{}` is set to `{shown}`, which is not a boolean", tool.syntax.key(kind)))
                .help(format!(
                    "use a boolean literal: `{}` or `{}`",
                    tool.syntax.assign(kind, true),
                    tool.syntax.assign(kind, false)
                ));
        }
    }
}
