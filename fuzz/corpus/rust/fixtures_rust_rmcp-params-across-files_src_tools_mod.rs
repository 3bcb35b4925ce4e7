//! Routers split across files; the input structs live in `args.rs`.
pub mod args;
mod branches;
mod prelude;
mod tags;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool_handler, ServerHandler};

#[derive(Clone)]
pub struct Repo {
    tool_router: ToolRouter<Repo>,
}

impl Repo {
    pub fn new() -> Self {
        Self { tool_router: Self::branch_router() + Self::tag_router() }
    }
}

#[tool_handler]
impl ServerHandler for Repo {}
