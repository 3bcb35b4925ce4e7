use std::sync::Arc;

use rmcp::model::{JsonObject, Tool};

use crate::annotations::{local_read, network};

pub fn tools() -> Vec<Tool> {
    let schema = Arc::new(JsonObject::new());
    vec![
        Tool::new("list_notes", "List", schema.clone()).annotate(local_read()),
        Tool::new("fetch_shared", "Fetch", schema.clone()).annotate(network::fetch()), // expect: MCP003
        Tool::new("archive_note", "Archive", schema).annotate(super::archive_hints()),
    ]
}
