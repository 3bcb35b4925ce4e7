//! Renamed imports and a tool factory that callers annotate.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool as McpTool, ToolAnnotations as Hints};

fn base(description: &'static str) -> McpTool {
    McpTool::new("search", description, Arc::new(JsonObject::new())) // expect: MCP031
}

pub fn variants() -> Vec<McpTool> {
    vec![base("Search").annotate(Hints::new().read_only(true).open_world(false))]
}

pub fn drop_all() -> McpTool {
    McpTool::new("drop_all", "Drop everything", Arc::new(JsonObject::new())) // expect: MCP001
}

pub fn hinted() -> McpTool {
    McpTool::new("peek", "Peek", Arc::new(JsonObject::new())).annotate(Hints { // expect: MCP002, MCP005, MCP020
        open_world_hint: Some(false),
        ..Hints::default()
    })
}
