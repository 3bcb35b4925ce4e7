//! MCP011: `readOnlyHint: true` together with `destructiveHint: true`.

use super::Ctx;
use crate::model::{Hint, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let a = &tool.annotations;
    if let (Hint::Declared { value: true, span: ro }, Hint::Declared { value: true, span: de }) =
        (&a.read_only, &a.destructive)
    {
        let (ro, de) = (*ro, *de);
        cx.report(format!(
            "tool `{}` declares both `readOnlyHint` and `destructiveHint` true",
            tool.display_name()
        ))
        .label(de, "declared destructive here")
        .label(ro, "declared read-only here")
        .help("a read-only tool cannot destroy data: set `readOnlyHint` to false if it deletes, or drop `destructiveHint`");
    }
}
