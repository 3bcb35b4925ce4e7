use super::prelude::*;

#[tool_router(vis = "pub(crate)", router = tag_router)]
impl Repo {
    /// Through the prelude's glob re-export: no guard parameter.
    #[tool(annotations(destructive_hint = true, idempotent_hint = true, open_world_hint = false))] // expect: MCP004, MCP022
    async fn delete_all_tags(&self, Parameters(args): Parameters<DeleteTagsArgs>) -> Result<CallToolResult, McpError> {
        todo!()
    }

    /// An alias to a map: parameters unknown, no bulk finding.
    #[tool(annotations(destructive_hint = true, idempotent_hint = true, open_world_hint = false))] // expect: MCP004
    async fn delete_all_notes(&self, Parameters(args): Parameters<RawArgs>) -> Result<CallToolResult, McpError> {
        todo!()
    }
}
