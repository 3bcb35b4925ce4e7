use pmcp::types::{ToolAnnotations, ToolInfo};
use pmcp::TypedTool;
use serde_json::json;

fn main() {
    let list = TypedTool::new("list_files", |_args: serde_json::Value, _extra| Box::pin(async { Ok(json!({})) }))
        .with_description("List files")
        .read_only()
        .with_annotations(ToolAnnotations::new().with_read_only(true).with_open_world(false));

    let remove = TypedTool::new("remove_file", |_args: serde_json::Value, _extra| Box::pin(async { Ok(json!({})) })) // expect: MCP003, MCP005
        .destructive();

    let info = ToolInfo::with_annotations( // expect: MCP003
        "touch_file",
        Some("Touch".into()),
        json!({"type": "object"}),
        ToolAnnotations::new().with_read_only(false).with_destructive(false).with_idempotent(true),
    );

    let bare = ToolInfo::new("stat_file", None, json!({})); // expect: MCP001
    let _ = (list, remove, info, bare);
}
