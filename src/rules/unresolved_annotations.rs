//! MCP031: annotations (or hints) that cannot be followed statically.

use super::Ctx;
use crate::model::{Hint, HintKind, Origin, Tool};

pub fn check(tool: &Tool, cx: &mut Ctx) {
    let a = &tool.annotations;
    // One tool standing for those an SDK makes from data at run time: the
    // registering call is the span; there is no literal to point at.
    if tool.generated && matches!(a.origin, Origin::Unresolved(_)) {
        cx.report(
            "the tools this call generates at run time cannot be followed statically: their names and hints come from data outside the source"
                .to_string(),
        )
        .help("set their hints where the SDK lets you customise generated tools, and check what the running server lists with `mcp-lint probe`");
        return;
    }
    if let Origin::Unresolved(span) = a.origin {
        cx.report(format!("the annotations of tool `{}` cannot be followed statically", tool.display_name()))
            .label(span, "not a literal, constant or preset in this tree")
            .help(format!(
                "write them as a literal (`{}`) or a preset defined in this tree so the hints can be checked",
                tool.syntax.annotations(&[tool.syntax.assign(HintKind::ReadOnly, true)])
            ));
        return;
    }
    let unresolved: Vec<(HintKind, _)> = HintKind::ALL
        .iter()
        .filter_map(|k| match a.hint(*k) {
            Hint::Unresolved { span } => Some((*k, *span)),
            _ => None,
        })
        .collect();
    if unresolved.is_empty() {
        return;
    }
    let names: Vec<String> = unresolved.iter().map(|(k, _)| format!("`{}`", tool.syntax.key(*k))).collect();
    let mut b =
        cx.report(format!("{} of tool `{}` cannot be followed statically", names.join(", "), tool.display_name()));
    let mut seen = Vec::new();
    for (_, span) in unresolved {
        if !seen.contains(&span) {
            seen.push(span);
            b = b.label(span, "cannot be followed statically");
        }
    }
    b.help("use boolean literals, module-level constants or presets so the hints can be checked");
}
