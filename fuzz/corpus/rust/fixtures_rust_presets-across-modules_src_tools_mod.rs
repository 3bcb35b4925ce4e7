pub mod admin;
pub mod read;

use rmcp::model::ToolAnnotations;

/// Re-exported for the tool modules below.
pub fn archive_hints() -> ToolAnnotations {
    crate::annotations::SAFE_WRITE.clone()
}
