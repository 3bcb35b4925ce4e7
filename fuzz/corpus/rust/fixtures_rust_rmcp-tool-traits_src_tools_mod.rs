mod plugin;

use std::borrow::Cow;

use rmcp::handler::server::router::tool::{AsyncTool, SyncTool, ToolBase};
use rmcp::model::ToolAnnotations;
use rmcp::ErrorData;

use crate::inputs::{ClearInput, KeyInput};
use crate::Store;

pub struct GetKey;

impl GetKey {
    const NAME: &'static str = "get_key";
}

// Name through an associated const, input struct from another file.
impl ToolBase for GetKey {
    type Parameter = KeyInput;
    type Output = String;
    type Error = ErrorData;

    fn name() -> Cow<'static, str> {
        Self::NAME.into()
    }

    fn annotations() -> Option<ToolAnnotations> {
        Some(ToolAnnotations::new().read_only(true).open_world(false))
    }
}

impl AsyncTool<Store> for GetKey {
    async fn invoke(_s: &Store, _p: Self::Parameter) -> Result<Self::Output, Self::Error> {
        todo!()
    }
}

pub struct CountKeys;

// No `annotations()`: the trait's default is `None`.
impl ToolBase for CountKeys { // expect: MCP001
    type Parameter = ();
    type Output = u64;
    type Error = ErrorData;

    fn name() -> Cow<'static, str> {
        Cow::Borrowed("count_keys")
    }
}

impl SyncTool<Store> for CountKeys {
    fn invoke(_s: &Store, _p: Self::Parameter) -> Result<Self::Output, Self::Error> {
        todo!()
    }
}

pub struct ClearAllKeys;

impl ToolBase for ClearAllKeys { // expect: MCP004, MCP005, MCP022
    type Parameter = ClearInput;
    type Output = u64;
    type Error = ErrorData;

    fn name() -> Cow<'static, str> {
        "clear_all_keys".into()
    }

    fn title() -> Option<String> {
        Some("Clear keys".to_string())
    }

    fn annotations() -> Option<ToolAnnotations> {
        Some(ToolAnnotations::new().destructive(true).open_world(false))
    }
}

impl AsyncTool<Store> for ClearAllKeys {
    async fn invoke(_s: &Store, _p: Self::Parameter) -> Result<Self::Output, Self::Error> {
        todo!()
    }
}

pub struct CompactStore;

// Annotations chosen at run time: not followed.
impl ToolBase for CompactStore { // expect: MCP031
    type Parameter = ();
    type Output = ();
    type Error = ErrorData;

    fn name() -> Cow<'static, str> {
        "compact_store".into()
    }

    fn annotations() -> Option<ToolAnnotations> {
        if cfg!(debug_assertions) {
            return None;
        }
        Some(ToolAnnotations::new().idempotent(true))
    }
}

impl AsyncTool<Store> for CompactStore {
    async fn invoke(_s: &Store, _p: Self::Parameter) -> Result<Self::Output, Self::Error> {
        todo!()
    }
}
