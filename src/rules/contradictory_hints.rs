//! MCP011: `readOnlyHint: true` together with `destructiveHint: true`.

use super::Ctx;
use crate::model::{Hint, HintKind, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let a = &tool.annotations;
    if let (Hint::Declared { value: true, span: ro }, Hint::Declared { value: true, span: de }) =
        (&a.read_only, &a.destructive)
    {
        let (ro, de) = (*ro, *de);
        let key = |k| tool.syntax.key(k);
        cx.report(format!(
            "tool `{}` declares both `{}` and `{}` true",
            tool.display_name(),
            key(HintKind::ReadOnly),
            key(HintKind::Destructive)
        ))
        .label(de, "declared destructive here")
        .label(ro, "declared read-only here")
        .help(format!(
            "a read-only tool cannot destroy data: declare `{}` if it deletes, or drop `{}`",
            tool.syntax.assign(HintKind::ReadOnly, false),
            key(HintKind::Destructive)
        ));
    }
}
