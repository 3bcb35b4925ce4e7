mod presets;

use rmcp::model::{Tool, ToolAnnotations};
use rmcp::{tool, tool_router};

use crate::presets::READ;

pub struct Server;

#[tool_router]
impl Server {
    #[tool(name = "read_log", annotations(read_only_hint = true, open_world_hint = false))]
    async fn read(&self) -> String {
        let x = ; // expect: MCP090
        String::new()
    }

    /// A `#[tool]` in a doc comment is still not a tool.
    #[tool(annotations(destructive_hint = false))] // expect: MCP004, MCP003, MCP005
    pub async fn write_log(&self, line: String) {
        let s = "#[tool] fn fake() {}";
    }

    #[tool] // expect: MCP001
    async fn r#clear_log(&self) {}
}

const LOCAL: ToolAnnotations = READ;
