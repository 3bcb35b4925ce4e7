//! A second router on the same type, with fully qualified macro paths.

use rmcp::model::CallToolResult;

pub struct Admin;

#[rmcp::tool_router(router = admin_router, vis = "pub")]
impl Admin {
    #[rmcp::tool(  // expect: MCP022
        name = "reset_cache",
        annotations(read_only_hint = false, destructive_hint = true, idempotent_hint = true, open_world_hint = false)
    )]
    pub async fn reset(&self) -> CallToolResult {
        todo!()
    }

    #[rmcp::tool(annotations(title = "Stats", read_only_hint = "true", open_world_hint = false, destructive_hint = false))]
    pub async fn stats(&self) -> CallToolResult {
        todo!()
    }

    #[rmcp::tool(annotations(read_only_hint = true, destructive_hint = true, open_world_hint = false))] // expect: MCP011
    pub async fn odd(&self) -> CallToolResult {
        todo!()
    }

    /// Not a tool: no attribute.
    pub async fn helper(&self) {}
}

#[cfg(test)]
mod tests {
    use rmcp::{tool, tool_router};

    struct Probe;

    // Test modules are linted like any code.
    #[tool_router]
    impl Probe {
        #[tool] // expect: MCP001
        async fn probe(&self) {}
    }
}
