//! Helpers that build tools from their arguments: the calls are the tools.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};

pub fn read_tool(name: &'static str, description: &'static str) -> Tool {
    Tool::new(name, description, Arc::new(JsonObject::new()))
        .annotate(ToolAnnotations::new().read_only(true).open_world(false))
}

pub fn write_tool(name: &'static str, hints: ToolAnnotations) -> Tool {
    Tool::new(name, "", Arc::new(JsonObject::new())).annotate(hints)
}

/// Not a helper: it only formats.
pub fn label(name: &str) -> String {
    format!("tool: {name}")
}
