//! Everything from the SDK through a glob import.

use rmcp::*;

pub struct Globbed;

#[tool_router]
impl Globbed {
    #[tool(annotations(readOnlyHint = true, open_world_hint = false))] // expect: MCP012
    async fn get_status(&self) -> String {
        String::new()
    }
}
