//! rmcp, the official Rust SDK (`modelcontextprotocol/rust-sdk`), 0.2 to
//! 3.x. Facts from `crates/rmcp-macros/src/tool.rs` and
//! `crates/rmcp/src/model/tool.rs` (see sdk-patterns.md, 4.1):
//!
//! - `#[tool(...)]` on a method (collected by `#[tool_router]` on its
//!   `impl`) is a tool: `name = "..."` or else the fn's identifier,
//!   `title` the tool's own title, `description` or else the doc-comment
//!   lines, `annotations(...)` a nested list of snake_case keys (`title`,
//!   `read_only_hint`, ...), each a bool, a bare flag (true) or a string
//!   literal darling parses (`"false"`). The frontend lowers the attribute
//!   as a call `tool(name=..., annotations={...})` applied to the method,
//!   so the table reads it as a decorator.
//! - Unknown keys are compile errors in rmcp (darling denies them).
//!
//! The macros are exported from the crate root (`rmcp::tool`) and from
//! `rmcp_macros` itself.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static TOOL_ATTR: Roles = Roles {
    api: crate::frontend::rust::API_TOOL_ATTR,
    name: &[Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::FromMeta(&Path::Kw("annotations"))],
    params: &[],
};

pub static RMCP: SdkTable = SdkTable {
    api: "rust.rmcp",
    langs: &[Lang::Rust],
    modules: &["rmcp", "rmcp_macros"],
    symbols: &[("tool", "ToolAttr")],
    rules: &[Rule { on: "ToolAttr", op: Op::Call, effect: Effect::Decorator(&TOOL_ATTR) }],
    null_is_absent: true,
};
