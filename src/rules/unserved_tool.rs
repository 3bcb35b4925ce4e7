//! MCP033: a tool declared on a method of a class nothing serves.

use super::Ctx;
use crate::model::Tool;

pub fn check(tool: &Tool, cx: &mut Ctx) {
    if !tool.unserved {
        return;
    }
    cx.report(format!(
        "tool `{}` is declared, but nothing in this tree serves its class, so no client sees it",
        tool.display_name()
    ))
    .help("serve the class (`.WithTools<T>()`, or `[McpServerToolType]` with `.WithToolsFromAssembly()`), or remove the attribute");
}
