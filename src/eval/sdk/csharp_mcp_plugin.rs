//! McpPlugin (`IvanMurzak/MCP-Plugin-dotnet`, namespace
//! `com.IvanMurzak.McpPlugin`): the framework of Unity-MCP, Godot-MCP and
//! their `Unity-AI-*` plugins, which serves tools through the official C#
//! SDK. Facts from its source (tag 8.0.0):
//!
//! - `[AiTool(name, title = null, Title =, ReadOnlyHint =, DestructiveHint
//!   =, IdempotentHint =, OpenWorldHint =, Enabled =, ToolType =)]` on a
//!   method (`Attribute/Tool/AiToolAttribute.cs`); `[McpPluginTool]` is the
//!   obsolete name (a subclass), and so is `[McpPluginToolType]` of
//!   `[AiToolType]`. The name is argument 0, used as written.
//! - Each hint has a "was set" flag: one not set stays `null` to the SDK's
//!   `ToolAnnotations` and is not sent; the title goes to
//!   `annotations.title` only (`McpPlugin.Server/src/Extension/
//!   ExtensionsTool.cs`, `ToTool`). The description is the method's
//!   `[Description]`.
//! - Serving: a builder's `WithToolsFromAssembly()` adds every
//!   `[AiToolType]` class's attributed methods (public or not, static or
//!   instance); the hosts (Unity-MCP, Godot-MCP's editor) scan every loaded
//!   assembly, so a marked class is served as soon as it is compiled.
//! - `ToolType = McpToolType.System` tools are kept apart from the tool
//!   list (reached over the plugin's HTTP API only): not MCP tools.
//!   `Enabled = false` is off by default but still listed once a user turns
//!   it on, so it stays a tool.

use super::{Effect, Op, Path, Roles, Rule, SdkTable, Serve};
use crate::frontend::csharp::TARGET;
use crate::model::Lang;

/// The attribute's properties and the wire keys they are sent as.
const HINTS: &[(&str, &str)] = &[
    ("Title", "title"),
    ("ReadOnlyHint", "readOnlyHint"),
    ("DestructiveHint", "destructiveHint"),
    ("IdempotentHint", "idempotentHint"),
    ("OpenWorldHint", "openWorldHint"),
];

/// The API reported for its tools.
pub const API: &str = "csharp.mcp-plugin";

static TOOL: Roles = Roles {
    api: API,
    name: &[Path::Arg(0), Path::Kw("name")],
    // The title is sent inside the annotations only.
    title: &[],
    description: &[Path::Member(&Path::Kw(TARGET), "__doc__")],
    annotations: &[Path::Kws(HINTS)],
    params: &[],
};

pub static CSHARP_MCP_PLUGIN: SdkTable = SdkTable {
    api: API,
    langs: &[Lang::CSharp],
    modules: &["com.IvanMurzak.McpPlugin", "com.IvanMurzak.McpPlugin.Common", "com.IvanMurzak.Unity.MCP.Common"],
    symbols: &[
        ("AiTool", "Tool"),
        ("McpPluginTool", "Tool"),
        ("AiToolType", "ToolType"),
        ("McpPluginToolType", "ToolType"),
        ("McpToolType", "ToolKind"),
    ],
    rules: &[
        Rule {
            on: "Tool",
            op: Op::Call,
            effect: Effect::Unless {
                kw: "ToolType",
                ty: "SystemTool",
                then: &Effect::RegisterOwned { roles: &TOOL, owner: Path::Kw(TARGET) },
            },
        },
        Rule { on: "ToolType", op: Op::Call, effect: Effect::Serve(Serve::MarkServed("AiToolType", Path::Kw(TARGET))) },
        Rule { on: "ToolKind", op: Op::Member("System"), effect: Effect::Returns("SystemTool") },
    ],
    null_is_absent: true,
};
