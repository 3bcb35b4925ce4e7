//! The Azure Functions MCP extension: a function whose parameter carries a
//! tool-trigger binding is an MCP tool the Functions host serves (it
//! registers every function of the app; nothing else serves it). Facts
//! from `Azure/azure-functions-mcp-extension` (up to 1.6.0) and
//! `Azure/azure-functions-java-library`:
//!
//! - C#: `[McpToolTrigger(toolName, description = null)]` on a parameter
//!   (`ToolName` / `Name` and `Description` as properties), in the isolated
//!   worker's `Microsoft.Azure.Functions.Worker.Extensions.Mcp` or the
//!   in-process `Microsoft.Azure.Functions.Extensions.Mcp`.
//! - Java: `@McpToolTrigger(name = ..., description = ...)` on a parameter
//!   (`com.microsoft.azure.functions.annotation`); `toolName`, where a
//!   version has it, names the tool, else `name` does.
//! - Neither attribute has a title or any hint, and the extension sends
//!   no annotations: every such tool takes the spec's defaults.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::frontend::csharp::TARGET;
use crate::model::Lang;

pub const API_CSHARP: &str = "csharp.azure-functions.McpToolTrigger";
pub const API_JAVA: &str = "java.azure-functions.McpToolTrigger";

static CSHARP_TRIGGER: Roles = Roles {
    api: API_CSHARP,
    name: &[Path::Arg(0), Path::Kw("ToolName"), Path::Kw("Name")],
    title: &[],
    description: &[Path::Arg(1), Path::Kw("Description"), Path::Member(&Path::Kw(TARGET), "__doc__")],
    annotations: &[],
    params: &[],
};

static JAVA_TRIGGER: Roles = Roles {
    api: API_JAVA,
    name: &[Path::Kw("toolName"), Path::Kw("name")],
    title: &[],
    description: &[Path::Kw("description")],
    annotations: &[],
    params: &[],
};

pub static CSHARP_AZURE_FUNCTIONS: SdkTable = SdkTable {
    api: "csharp.azure-functions",
    langs: &[Lang::CSharp],
    modules: &["Microsoft.Azure.Functions.Worker.Extensions.Mcp", "Microsoft.Azure.Functions.Extensions.Mcp"],
    symbols: &[("McpToolTrigger", "Trigger")],
    rules: &[Rule { on: "Trigger", op: Op::Call, effect: Effect::Register(&CSHARP_TRIGGER) }],
    null_is_absent: true,
};

pub static JAVA_AZURE_FUNCTIONS: SdkTable = SdkTable {
    api: "java.azure-functions",
    langs: &[Lang::Java],
    modules: &["com.microsoft.azure.functions.annotation"],
    symbols: &[("McpToolTrigger", "Trigger")],
    rules: &[Rule { on: "Trigger", op: Op::Call, effect: Effect::Decorator(&JAVA_TRIGGER) }],
    null_is_absent: true,
};
