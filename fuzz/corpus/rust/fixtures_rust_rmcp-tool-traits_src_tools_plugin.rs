//! A project trait that happens to be called `ToolBase`: not an MCP tool.
pub trait ToolBase {
    fn name(&self) -> &str;
}

pub struct Shell;

impl ToolBase for Shell {
    fn name(&self) -> &str {
        "shell"
    }
}
