//! rmcp's trait-based tools: `impl ToolBase for T { fn name() .. fn
//! annotations() .. }` (plus `AsyncTool`/`SyncTool`), added to a router with
//! `ToolRouter::new().with_async_tool::<T>()`. The impl is the tool, counted
//! where it is written, like a `#[tool]` method.

use syn::{ImplItem, ItemImpl, Type};

use super::items::{params_of_type, tail_expr};
use super::{Cx, API_TOOL_BASE};
use crate::model::{CalleeKind, Expr, Gate, Syntax, ToolSite};

/// Whether an impl block implements a trait named `ToolBase`.
pub fn is_tool_base(i: &ItemImpl) -> bool {
    i.trait_.as_ref().and_then(|(_, p, _)| p.segments.last()).is_some_and(|s| s.ident == "ToolBase")
}

pub fn tool_base_impl(cx: &mut Cx, i: &ItemImpl) {
    let Some((_, trait_path, _)) = &i.trait_ else { return };
    let gate_span = cx.sspan(trait_path);
    let gate = Gate::Callee { callee: cx.path_ref(trait_path, gate_span), kind: CalleeKind::SdkToolClass };
    let site = {
        use syn::spanned::Spanned;
        cx.join(i.impl_token.span, i.self_ty.span())
    };
    let mut tool = ToolSite { ..ToolSite::new(API_TOOL_BASE, site, gate, Syntax::RustBuilder) };
    let mut custom_schema = false;
    for item in &i.items {
        match item {
            ImplItem::Type(t) if t.ident == "Parameter" => {
                let mut types = Vec::new();
                tool.params = parameter_fields(cx, &t.ty, &mut types);
                tool.input_types = types;
            }
            ImplItem::Fn(f) => {
                let Some(tail) = tail_expr(&f.block) else {
                    // A body that is not one value: not followed.
                    let span = cx.sspan(&f.block);
                    match f.sig.ident.to_string().as_str() {
                        "name" => tool.name = Some(Expr::Unresolved(span)),
                        "annotations" => tool.annotations = Some(Expr::Unresolved(span)),
                        "input_schema" => custom_schema = true,
                        _ => {}
                    }
                    continue;
                };
                match f.sig.ident.to_string().as_str() {
                    "name" => tool.name = Some(cx.lower(tail)),
                    "title" => tool.title = optional(cx, tail),
                    "annotations" => tool.annotations = optional(cx, tail),
                    "input_schema" => custom_schema = true,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    if custom_schema {
        tool.params = None;
        tool.input_types.clear();
    }
    if tool.params.is_none() {
        tool.input_types.clear();
    }
    cx.facts.tools.push(tool);
}

/// `Some(x)` → `x`; `None` → absent.
fn optional(cx: &mut Cx, e: &syn::Expr) -> Option<Expr> {
    if let syn::Expr::Path(p) = e {
        if p.path.is_ident("None") {
            return None;
        }
    }
    Some(cx.lower(e))
}

/// The input fields of `type Parameter = T;`: none for `()`.
fn parameter_fields(cx: &mut Cx, ty: &Type, types: &mut Vec<Expr>) -> Option<Vec<String>> {
    match ty {
        Type::Tuple(t) if t.elems.is_empty() => Some(vec![]),
        _ => params_of_type(cx, ty, types),
    }
}
