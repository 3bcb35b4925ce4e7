//! A hand-written `list_tools` with the model types from a glob import.

pub mod agents;

use std::sync::Arc;

use rmcp::service::RequestContext;
use rmcp::{model::*, ErrorData, RoleServer, ServerHandler};

pub struct Low;

fn read_local() -> ToolAnnotations {
    ToolAnnotations::new().read_only(true).open_world(false)
}

fn hints_for(name: &str) -> ToolAnnotations {
    ToolAnnotations::new().read_only(name.starts_with("get"))
}

impl ServerHandler for Low {
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let schema = Arc::new(JsonObject::new());
        Ok(ListToolsResult::with_all_items(vec![
            Tool::new("echo", "Echo the input", schema.clone()).annotate(read_local()),
            Tool::new("shout", "Echo loudly", schema.clone()).annotate(hints_for("shout")), // expect: MCP031
            Tool::new("forget", "Forget everything", schema), // expect: MCP001
        ]))
    }
}
