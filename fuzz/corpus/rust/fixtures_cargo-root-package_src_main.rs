use rmcp::model::CallToolResult;
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};

#[derive(Clone)]
pub struct Server;

#[tool_router]
impl Server {
    /// Appends text to a note; a bare `#[tool]` declares no hint.
    #[tool]
    async fn root_tool(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }

    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn root_list(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }
}

#[tool_handler]
impl ServerHandler for Server {}

fn main() {}
