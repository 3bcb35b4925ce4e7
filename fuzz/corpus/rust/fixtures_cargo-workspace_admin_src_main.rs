use rmcp::model::CallToolResult;
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};

#[derive(Clone)]
pub struct Admin;

#[tool_router]
impl Admin {
    /// Drops every note; declares nothing.
    #[tool]
    async fn purge_notes(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }
}

#[tool_handler]
impl ServerHandler for Admin {}

fn main() {}
