//! Another crate's `Tool` through a glob: not an MCP tool.

use other_agents::*;

pub fn registry() -> Vec<Tool> {
    vec![Tool::new("browse", "Browse the web", ())]
}
