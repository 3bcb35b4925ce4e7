//! MCP032: a tool with no human-readable title (tool-level `title` or
//! `annotations.title`).

use super::Ctx;
use crate::model::{Hint, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    if matches!((&tool.title, &tool.annotations.title), (Hint::Absent, Hint::Absent)) {
        cx.report(format!("tool `{}` has no title, so clients show its raw name to users", tool.display_name()))
            .help("give the tool a short human-readable `title` (on the tool, or in its annotations)");
    }
}
