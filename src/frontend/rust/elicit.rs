//! Elicitation calls in Rust handler bodies (see `frontend::elicit`): an
//! rmcp `#[tool]` method that asks the user, or a method of a
//! rust-mcp-sdk `#[mcp_tool]` struct's `impl` (the handler the server's
//! `handle_call_tool_request` dispatches to), confirms before it acts.
//! Code inside macro invocations is token streams and is not searched.

use syn::visit::{self, Visit};

use super::Cx;
use crate::frontend::elicit::CALLS;
use crate::source::Span;

/// The elicitation calls in `block`, in source order: method calls
/// (`peer.elicit::<T>(..)`, `runtime.elicit_input(..)`) and path calls
/// (`McpServer::elicit_input(&*runtime, ..)`) whose last segment is an
/// elicitation API.
pub fn calls(cx: &Cx, block: &syn::Block) -> Vec<Span> {
    let mut finder = Finder { cx, out: Vec::new() };
    finder.visit_block(block);
    finder.out.sort_by_key(|s| s.start);
    finder.out
}

struct Finder<'c, 'a> {
    cx: &'c Cx<'a>,
    out: Vec<Span>,
}

impl<'ast> Visit<'ast> for Finder<'_, '_> {
    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        if CALLS.contains(&m.method.to_string().as_str()) {
            self.out.push(self.cx.join(m.method.span(), m.paren_token.span.close()));
        }
        visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*c.func {
            if let Some(last) = p.path.segments.last() {
                if CALLS.contains(&last.ident.to_string().as_str()) {
                    self.out.push(self.cx.join(last.ident.span(), c.paren_token.span.close()));
                }
            }
        }
        visit::visit_expr_call(self, c);
    }

    // A closure in the body is the handler's code; a `fn` item nested in
    // it is another function, not followed.
    fn visit_item(&mut self, _: &'ast syn::Item) {}
}
