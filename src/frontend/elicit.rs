//! Confirmation by elicitation: a tool whose handler asks the user (the
//! SDKs' elicitation APIs) confirms before it acts, which MCP022 counts as
//! a guard. Frontends record the calls as evidence on the [`ToolSite`]:
//! in the handler written at the registration (Python: the decorated
//! function; TypeScript and Go: function literals passed to it; Rust: the
//! `#[tool]` method), or, for a handler named there and defined elsewhere
//! (a Go function or method, a rust-mcp-sdk tool struct's `impl`), in the
//! handler's binding under [`CONFIRMS_KEY`], which the resolver follows
//! across files ([`ToolSite::handler_confirms`]).
//!
//! The API names, read in the SDKs' sources:
//! - python-sdk `Context.elicit`, `elicit_url`, `elicit_form`
//!   (`src/mcp/server/fastmcp/server.py`, `src/mcp/server/elicitation.py`:
//!   `elicit_with_validation`, `elicit_url`); fastmcp `Context.elicit`;
//! - typescript-sdk `Server.elicitInput` (`server.server.elicitInput({...})`);
//! - go-sdk `ServerSession.Elicit(ctx, *ElicitParams)` (`mcp/server.go`,
//!   reached as `req.Session.Elicit`); mcp-go `MCPServer.RequestElicitation`
//!   and `RequestURLElicitation` (`server/elicitation.go`);
//! - rmcp `Peer<RoleServer>`: `create_elicitation`(`_with_timeout`),
//!   `elicit`(`_with_timeout`), `elicit_url`(`_with_timeout`)
//!   (`crates/rmcp/src/service/server.rs`); rust-mcp-sdk
//!   `McpServer::elicit_input` (`src/mcp_traits/mcp_server.rs`).
//!
//! [`ToolSite`]: crate::model::ToolSite
//! [`ToolSite::handler_confirms`]: crate::model::ToolSite::handler_confirms

use tree_sitter::Node;

use crate::model::{Element, Entry, Expr, CONFIRMS_KEY};
use crate::source::{FileId, Span};

/// Method or function names that start an elicitation (the last segment
/// of the callee).
pub const CALLS: &[&str] = &[
    // python-sdk, fastmcp
    "elicit",
    "elicit_form",
    "elicit_url",
    "elicit_with_validation",
    // typescript-sdk
    "elicitInput",
    // go-sdk, mcp-go
    "Elicit",
    "RequestElicitation",
    "RequestURLElicitation",
    // rmcp, rust-mcp-sdk
    "create_elicitation",
    "create_elicitation_with_timeout",
    "elicit_with_timeout",
    "elicit_url_with_timeout",
    "elicit_input",
];

/// Types whose value is an elicitation request: a handler that builds one
/// asks the user, whether it sends it (`ss.Elicit(ctx, &mcp.ElicitParams{..})`)
/// or returns it for the client to ask (go-sdk multi-round-trip results,
/// `&mcp.CallToolResult{InputRequests: mcp.InputRequestMap{id:
/// &mcp.ElicitParams{..}}}`). go-sdk `ElicitParams` (`mcp/protocol.go`);
/// mcp-go `ElicitationRequest`, `ElicitationParams` (`mcp/types.go`).
pub const REQUEST_TYPES: &[&str] = &["ElicitParams", "ElicitationRequest", "ElicitationParams"];

/// The [`CONFIRMS_KEY`] entry of a handler's binding: one `true` per
/// elicitation call, at the call. `None` when there is none.
pub fn binding_entry(calls: &[Span], key_span: Span) -> Option<Entry> {
    if calls.is_empty() {
        return None;
    }
    let items = calls.iter().map(|s| Element::Item(Expr::Bool(true, *s))).collect();
    Some(Entry::Pair { key: CONFIRMS_KEY.into(), key_span, value: Expr::List { items, span: key_span } })
}

/// `handler.@confirms`: what a registration naming `handler` reads.
pub fn handler_ref(handler: Expr) -> Expr {
    let span = handler.span();
    Expr::Index { base: Box::new(handler), key: CONFIRMS_KEY.into(), span }
}

/// The calls to an elicitation API inside `node` (a handler body), by the
/// last segment of the callee (`ctx.elicit`, `server.server.elicitInput`).
/// Iterative and bounded by the node's size.
pub fn calls(node: Node, text: &str, file: FileId) -> Vec<Span> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if matches!(n.kind(), "call" | "call_expression") {
            if let Some(callee) = n.child_by_field_name("function") {
                let last = last_segment(callee, text);
                if CALLS.contains(&last) {
                    out.push(Span::new(file, n.start_byte(), n.end_byte()));
                    continue; // the request inside it is the same evidence
                }
            }
        } else if n.kind() == "composite_literal" {
            // Go `mcp.ElicitParams{...}`: the type's last segment.
            let ty = n.child_by_field_name("type");
            let name = ty.map(|t| t.child_by_field_name("name").unwrap_or(t));
            if name.is_some_and(|t| REQUEST_TYPES.contains(&text.get(t.start_byte()..t.end_byte()).unwrap_or(""))) {
                out.push(Span::new(file, n.start_byte(), n.end_byte()));
                continue; // one request, however it is nested
            }
        }
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor));
    }
    out.sort_by_key(|s| s.start);
    out
}

fn last_segment<'a>(callee: Node, text: &'a str) -> &'a str {
    let name = ["attribute", "property", "field"].iter().find_map(|f| callee.child_by_field_name(f)).unwrap_or(callee);
    text.get(name.start_byte()..name.end_byte()).unwrap_or("")
}
