//! rust-mcp-sdk (`rust-mcp-stack/rust-mcp-sdk`): `#[mcp_tool(...)]` on a
//! struct (or a type alias) declares a tool (`crates/rust-mcp-macros/src/
//! tool/parser.rs`, `generator.rs`; sdk-patterns.md 4.2). Its keys are flat:
//! `name`, `description` (both required), `title` (the tool's own; the
//! macro sets `annotations.title` to `None`), `meta`, `icons`,
//! `execution(...)`, and every other key is a hint, a bool literal. A key
//! it does not know is only printed at build time, so a misspelt hint is
//! silently not set; `annotations` is `None` unless some hint is given.
//! The frontend lowers the attribute as `mcp_tool(name=.., ...)` called
//! with the struct. The struct is the tool's input (its fields, as serde
//! names them); its `impl`'s methods are the handler (`call_tool`). `tool_box!(Tools, [A, B])` lists them for a handler.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static MCP_TOOL: Roles = Roles {
    api: crate::frontend::rust::API_MCP_TOOL,
    name: &[Path::Kw("name")],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description")],
    annotations: &[Path::KwsExcept(&["name", "description", "title", "meta", "icons", "execution"])],
    params: &[Path::Fields(&Path::Handler)],
};

pub static RUST_MCP_SDK: SdkTable = SdkTable {
    api: "rust.rust-mcp-sdk",
    langs: &[Lang::Rust],
    modules: &["rust_mcp_sdk", "rust_mcp_macros"],
    symbols: &[("mcp_tool", "ToolAttr")],
    rules: &[Rule { on: "ToolAttr", op: Op::Call, effect: Effect::Decorator(&MCP_TOOL) }],
    null_is_absent: true,
};
