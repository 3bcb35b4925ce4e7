//! A low-level server that builds its tool list by hand.

use std::sync::Arc;

pub mod factory;

use rmcp::model::{JsonObject, ListToolsResult, Tool, ToolAnnotations};

fn schema() -> Arc<JsonObject> {
    Arc::new(JsonObject::new())
}

pub fn tools(is_query: bool) -> ListToolsResult {
    ListToolsResult {
        tools: vec![
            Tool::new("search_notes", "Search", schema())
                .annotate(ToolAnnotations::new().read_only(true).open_world(false)),
            Tool::new("rename_note", "Rename", schema()) // expect: MCP003
                .annotate(ToolAnnotations::new().read_only(false).destructive(false).idempotent(true)),
            Tool::new("run_query", "Run", schema()) // expect: MCP031
                .annotate(ToolAnnotations::new().read_only(is_query).open_world(false)),
            Tool::new_with_raw("export_notes", None, schema()) // expect: MCP003
                .annotate(ToolAnnotations {
                    read_only_hint: Some(true),
                    destructive_hint: None,
                    ..Default::default()
                }),
            Tool::new("wipe_notes", "Wipe", schema()), // expect: MCP001
            Tool::new("titled", "Titled", schema()) // expect: MCP001
                .annotate(ToolAnnotations::with_title("A titled tool")),
        ],
        next_cursor: None,
    }
}

pub fn later() -> Tool {
    let mut t = Tool::new(String::from("tag_note"), "Tag", schema()); // expect: MCP003, MCP005
    t.annotations = Some(ToolAnnotations::new().read_only(false).destructive(false));
    t
}

pub fn literal() -> Tool {
    Tool { // expect: MCP004, MCP002, MCP005
        name: "pin_note".into(),
        title: Some("Pin".into()),
        description: None,
        input_schema: schema(),
        output_schema: None,
        annotations: Some(ToolAnnotations { open_world_hint: Some(false), ..Default::default() }),
        icons: None,
    }
}

pub fn rebound() -> Tool {
    let t = Tool::new("move_note", "Move", schema());
    let t = t.annotate(ToolAnnotations::new().read_only(false).destructive(false).idempotent(true).open_world(false));
    t
}

pub fn reassigned() -> Tool {
    let mut t = Tool::new("copy_note", "Copy", schema()); // expect: MCP002, MCP005
    t = t.annotate(ToolAnnotations::new().read_only(false).open_world(false));
    t
}

pub fn with_locals(flag: bool) -> Vec<Tool> {
    let read_local = ToolAnnotations::new().read_only(true).open_world(false);
    let name = "show_note";
    let mut hints = ToolAnnotations::new();
    if flag {
        hints = hints.read_only(true);
    }
    vec![
        Tool::new(name, "Show", schema()).annotate(read_local.clone()),
        Tool::new("maybe_note", "Maybe", schema()).annotate(hints), // expect: MCP031
    ]
}
