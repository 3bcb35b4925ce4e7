use rmcp::model::CallToolResult;
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};

#[derive(Clone)]
pub struct Plugin;

#[tool_router]
impl Plugin {
    /// Drops every note; declares nothing.
    #[tool]
    async fn plugin_tool(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }
}

#[tool_handler]
impl ServerHandler for Plugin {}

fn main() {}
