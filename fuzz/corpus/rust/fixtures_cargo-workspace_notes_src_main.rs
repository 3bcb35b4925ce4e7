use rmcp::model::CallToolResult;
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};

#[derive(Clone)]
pub struct Notes;

#[tool_router]
impl Notes {
    /// Appends text to a note; a bare `#[tool]` declares no hint.
    #[tool]
    async fn append_note(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }

    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn list_notes(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }
}

#[tool_handler]
impl ServerHandler for Notes {}

fn main() {}
