use rmcp::model::{Tool, ToolAnnotations};

use crate::helpers::{label, read_tool, write_tool};

pub struct Server;

impl Server {
    fn bare(name: &'static str) -> Tool {
        Tool::new(name, "", std::sync::Arc::new(Default::default()))
    }

    pub fn tools() -> Vec<Tool> {
        let _ = label("ignored");
        let _ = std::env::var("NOT_A_TOOL");
        vec![
            read_tool("list_notes", "List notes"),
            write_tool("archive_note", ToolAnnotations::new().read_only(false).destructive(false)), // expect: MCP003, MCP005
            Self::bare("drop_everything"), // expect: MCP001
        ]
    }
}
