use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListBranchesArgs {
    pub pattern: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PruneBranchesArgs {
    pub remote_name: String,
    pub dry_run: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteTagsArgs {
    pub prefix: String,
}

/// Not a struct: its fields cannot be known.
pub type RawArgs = serde_json::Map<String, serde_json::Value>;
