use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Default, Deserialize, JsonSchema)]
pub struct KeyInput {
    pub key: String,
}

#[derive(Default, Deserialize, JsonSchema)]
pub struct ClearInput {
    pub prefix: String,
}
