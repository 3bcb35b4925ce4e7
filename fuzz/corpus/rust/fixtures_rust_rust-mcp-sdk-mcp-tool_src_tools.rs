use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use rust_mcp_sdk::tool_box;
use serde::{Deserialize, Serialize};

#[mcp_tool(
    name = "delete_note",
    description = "Remove a note",
    destructive_hint = true,
    read_only_hint = false,
    idempotent_hint = true,
    open_world_hint = false
)]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct DeleteNote {
    id: String,
    confirm: bool,
}

#[mcp_tool(
    name = "list_notes",
    description = "List notes",
    title = "List notes",
    read_only_hint = true,
    openWorldHint = false // expect: MCP012
)]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct ListNotes {}

#[mcp_tool(name = "tag_note", description = concat!("Tag ", "a note"), readonly_hint = true)] // expect: MCP012
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagNote {
    note_id: String,
    tag_name: String,
}

#[mcp_tool(name = "pin_note", description = "Pin", read_only_hint = "true", open_world_hint = false)] // expect: MCP013
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct PinNote {}

#[mcp_tool(name = "count_notes", description = "Count")] // expect: MCP001
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct CountNotes {}

tool_box!(NoteTools, [DeleteNote, ListNotes, TagNote, PinNote, CountNotes]);

/// Settings a user may override; not a tool even though the fields match.
#[derive(Debug, Deserialize)]
pub struct ToolOverrides {
    pub read_only_hint: Option<bool>,
    pub destructive_hint: Option<bool>,
}

#[mcp_tool(name = "ping", description = "Ping", read_only_hint = true, open_world_hint = false)]
pub type Ping = ListNotes;
