use std::sync::Arc;

use rmcp::model::{JsonObject, Tool};

use self::presets::ADMIN;
use super::super::annotations as hints;

mod presets {
    pub use crate::annotations::DANGER as ADMIN;
}

pub fn tools() -> Vec<Tool> {
    let schema = Arc::new(JsonObject::new());
    vec![
        Tool::new("purge_notes", "Purge", schema.clone()).annotate(ADMIN), // expect: MCP005
        Tool::new("drop_index", "Drop", schema.clone()).annotate(hints::DANGER), // expect: MCP005
        Tool::new("compact", "Compact", schema).annotate(crate::annotations::SAFE_WRITE.clone()),
    ]
}
