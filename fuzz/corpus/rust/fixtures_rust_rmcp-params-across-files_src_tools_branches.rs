use super::args::ListBranchesArgs;
use super::prelude::*;

#[tool_router(vis = "pub(crate)", router = branch_router)]
impl Repo {
    /// Imported by name.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn list_branches(&self, Parameters(args): Parameters<ListBranchesArgs>) -> Result<CallToolResult, McpError> {
        todo!()
    }

    /// A crate path; the struct has a dry-run switch.
    #[tool(annotations(destructive_hint = true, idempotent_hint = true, open_world_hint = false))] // expect: MCP004
    async fn prune_branches(
        &self,
        Parameters(args): Parameters<crate::tools::args::PruneBranchesArgs>,
    ) -> Result<CallToolResult, McpError> {
        todo!()
    }
}
