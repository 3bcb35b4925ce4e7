use rmcp::model::ToolAnnotations;

pub const READ: ToolAnnotations = ToolAnnotations {
    title: None,
    read_only_hint: Some(true),
    destructive_hint: None,
    idempotent_hint: None,
    open_world_hint: Some(false),
};
