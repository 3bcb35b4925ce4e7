use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct NoteId {
    pub id: String,
    #[serde(rename = "dryRun")]
    pub dry_run: bool,
}

#[derive(Clone)]
pub struct Notes;

#[tool_router]
impl Notes {
    /// Remove a note permanently
    #[tool(annotations(destructive_hint = true, idempotent_hint = true, open_world_hint = false))] // expect: MCP004
    async fn delete_note(&self, Parameters(p): Parameters<NoteId>) -> Result<CallToolResult, McpError> {
        todo!()
    }

    #[tool(name = "list_notes", title = "List notes", annotations(read_only_hint, open_world_hint = "false"))]
    async fn list(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }

    /// Appends text; a bare `#[tool]` declares nothing.
    #[tool] // expect: MCP001
    async fn append_note(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }

    #[tool(description = "Archive", annotations(title = "Archive", read_only_hint = false, destructive_hint = false))] // expect: MCP003, MCP005
    async fn archive_note(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }
}

#[tool_handler]
impl ServerHandler for Notes {}

fn main() {}
