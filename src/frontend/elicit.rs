//! Confirmation by elicitation: a tool whose handler asks the user (the
//! SDKs' elicitation APIs) confirms before it acts, which MCP022 counts as
//! a guard. For the languages on the evaluator (Python, TypeScript/JavaScript,
//! Go) the resolver finds the calls in the handler's IR
//! (`resolve/evaluated.rs`, with [`CALLS`] and [`REQUEST_TYPES`]); the Rust
//! frontend records them as evidence on the [`ToolSite`], in the `#[tool]`
//! method or, for a handler defined elsewhere (a rust-mcp-sdk tool struct's
//! `impl`), in the handler's binding under [`CONFIRMS_KEY`], which the
//! resolver follows across files ([`ToolSite::handler_confirms`]).
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

use crate::model::{Element, Entry, Expr, CONFIRMS_KEY};
use crate::source::Span;

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
