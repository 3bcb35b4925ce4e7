pub use super::args::*;
pub use super::Repo;
pub use rmcp::handler::server::wrapper::Parameters;
pub use rmcp::model::CallToolResult;
pub use rmcp::{tool, tool_router, ErrorData as McpError};
