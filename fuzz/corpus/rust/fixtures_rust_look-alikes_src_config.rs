//! User overrides of tool hints: same field names, not a tool.

use rmcp::model::ToolAnnotations;

#[derive(Default)]
pub struct HintOverrides {
    pub read_only_hint: Option<bool>,
    pub destructive_hint: Option<bool>,
}

pub fn defaults() -> HintOverrides {
    HintOverrides { read_only_hint: Some(true), ..Default::default() }
}

pub fn apply(o: &HintOverrides) -> ToolAnnotations {
    let mut a = ToolAnnotations::new();
    if let Some(v) = o.read_only_hint {
        a = a.read_only(v);
    }
    a
}
