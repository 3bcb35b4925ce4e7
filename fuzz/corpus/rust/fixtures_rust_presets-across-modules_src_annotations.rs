//! Shared hint presets.

use std::sync::LazyLock;

use rmcp::model::ToolAnnotations;

pub fn local_read() -> ToolAnnotations {
    ToolAnnotations::new().read_only(true).open_world(false)
}

pub static SAFE_WRITE: LazyLock<ToolAnnotations> = LazyLock::new(|| {
    ToolAnnotations::new().read_only(false).destructive(false).idempotent(true).open_world(false)
});

pub const DANGER: ToolAnnotations = ToolAnnotations {
    title: None,
    read_only_hint: Some(false),
    destructive_hint: Some(true),
    idempotent_hint: None,
    open_world_hint: Some(false),
};

pub mod network {
    use rmcp::model::ToolAnnotations;

    pub fn fetch() -> ToolAnnotations {
        ToolAnnotations::new().read_only(true)
    }
}
