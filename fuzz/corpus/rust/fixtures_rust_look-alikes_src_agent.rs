//! An agent framework's own `#[tool]` macro and `Tool` type.

use swiftide::chat_completion::Tool;
use swiftide::tool;

pub struct Agent;

impl Agent {
    #[tool(description = "Search the web")]
    async fn search(&self, query: &str) -> String {
        query.to_string()
    }
}

pub fn tools() -> Vec<Tool> {
    vec![Tool::new("lookup", "Look things up", ())]
}
