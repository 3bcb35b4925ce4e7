//! MCP014: a hint written twice in one literal. The later entry wins; the
//! earlier one is dead text that a reader takes for the tool's hint.

use super::Ctx;
use crate::model::Tool;

pub fn check(tool: &Tool, cx: &mut Ctx) {
    for d in &tool.annotations.duplicates {
        cx.report_at(d.later, format!("`{}` is written twice in one literal: this later entry wins", d.key))
            .label(d.earlier, "this earlier entry is overridden")
            .help("remove the earlier entry: what clients get is the later one");
    }
}
