//! Confirmation by elicitation: a tool whose handler asks the user (the
//! SDKs' elicitation APIs) confirms before it acts, which MCP022 counts as
//! a guard. Frontends record the calls as evidence on the [`ToolSite`]
//! (Python: the decorated function; TypeScript: function arguments of the
//! registration; Go: function literals passed to it).
//!
//! The API names, from the SDKs: python-sdk and fastmcp `Context.elicit`
//! (`await ctx.elicit(message, schema)`); the TypeScript SDK's
//! `Server.elicitInput` (`server.server.elicitInput({...})`); go-sdk's
//! `ServerSession.Elicit` with `mcp.ElicitParams`; rmcp's peer
//! `create_elicitation` and `elicit`.
//!
//! [`ToolSite`]: crate::model::ToolSite

use tree_sitter::Node;

use crate::source::{FileId, Span};

/// Method or function names that start an elicitation.
pub const CALLS: &[&str] = &["elicit", "elicitInput", "Elicit", "create_elicitation", "elicit_input"];

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
                }
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
