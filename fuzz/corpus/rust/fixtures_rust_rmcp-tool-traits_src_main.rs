//! Trait-based tools: each `impl ToolBase` is one tool, added to the router by type.
mod inputs;
mod tools;

use rmcp::handler::server::router::tool::ToolRouter;

pub struct Store;

pub fn router(writable: bool) -> ToolRouter<Store> {
    let mut r = ToolRouter::new().with_async_tool::<tools::GetKey>().with_sync_tool::<tools::CountKeys>();
    if writable {
        r = r.with_async_tool::<tools::ClearAllKeys>().with_async_tool::<tools::CompactStore>();
    }
    r
}

fn main() {}
