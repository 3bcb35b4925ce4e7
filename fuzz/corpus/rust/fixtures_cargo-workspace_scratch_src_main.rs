use rmcp::model::CallToolResult;
use rmcp::{tool, tool_router, ErrorData as McpError};

#[derive(Clone)]
pub struct Scratch;

#[tool_router]
impl Scratch {
    /// Not a workspace member: `cargo mcp-lint` never reads this file.
    #[tool]
    async fn scratch_tool(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }
}

fn main() {}
