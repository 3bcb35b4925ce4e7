//! Spring AI's MCP annotations and `@Tool` methods.
//!
//! `@McpTool` (spring-ai-community/mcp-annotations
//! `mcp-annotations/src/main/java/org/springaicommunity/mcp/annotation/McpTool.java`
//! and `provider/tool/SyncMcpToolProvider.java`; the same classes moved
//! into spring-projects/spring-ai as `org.springframework.ai.mcp.annotation`):
//! - the name is `name`, else the Java method's name (not snake-cased);
//! - `annotations()` defaults to `@McpAnnotations` and Java annotation
//!   members are never null, so the provider always builds
//!   `new ToolAnnotations(title, readOnlyHint, destructiveHint,
//!   idempotentHint, openWorldHint, null)` from the annotation's members,
//!   whose defaults are the spec's (false, true, false, true): every
//!   `@McpTool` tool sends all four hints, those the source leaves out with
//!   their spec defaults (an SDK-defaults marker, as for mcp-go's
//!   `NewTool`);
//! - the tool's title is `title`, else `annotations.title`, else the name.
//!
//! Spring AI's `@Tool` (`org.springframework.ai.tool.annotation.Tool`) is
//! not an MCP annotation: `MethodToolCallbackProvider.builder()
//! .toolObjects(objects...)` makes one `ToolCallback` per `@Tool` method of
//! each object (name: `name`, else the method name), and Spring AI's MCP
//! server starter (`McpServerAutoConfiguration`, through
//! `McpToolUtils.toSyncToolSpecification`) exposes the callbacks of every
//! `ToolCallbackProvider` bean as tools built with name, description and
//! input schema only: no annotations. `McpToolUtils.toSyncToolSpecifications(
//! ToolCallbacks.from(objects...))` (`org.springframework.ai.mcp`) makes the
//! same specifications by hand. A `@Tool` method nothing hands to a
//! provider or to `McpToolUtils` is a chat client's tool, not an MCP tool.

use super::{Effect, Op, Param, Path, Roles, Rule, SdkTable, Signature, Test};
use crate::model::Lang;

pub const API_MCP_TOOL: &str = "java.spring.McpTool";
pub const API_TOOL: &str = "java.spring.Tool";

static MCP_TOOL: Roles = Roles {
    api: API_MCP_TOOL,
    name: &[Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title"), Path::Member(&Path::Kw("annotations"), "title"), Path::Kw("name"), Path::HandlerName],
    description: &[Path::Kw("description")],
    annotations: &[Path::Kw("annotations"), Path::SdkDefaults(ALL_HINTS)],
    params: &[],
};

const ALL_HINTS: &str = "readOnlyHint destructiveHint idempotentHint openWorldHint";

/// `@McpTool.McpAnnotations`'s members, named (an annotation's arguments always are).
const MCP_ANNOTATIONS: &[Signature] = &[Signature {
    positional: &[
        Param { name: "title", test: Test::Str },
        Param { name: "readOnlyHint", test: Test::Any },
        Param { name: "destructiveHint", test: Test::Any },
        Param { name: "idempotentHint", test: Test::Any },
        Param { name: "openWorldHint", test: Test::Any },
    ],
}];

pub static JAVA_SPRING_MCP: SdkTable = SdkTable {
    api: "java.spring-mcp",
    langs: &[Lang::Java, Lang::Kotlin],
    modules: &["org.springaicommunity.mcp.annotation", "org.springframework.ai.mcp.annotation"],
    symbols: &[("McpTool", "McpTool"), ("McpTool.McpAnnotations", "McpAnnotations")],
    rules: &[
        Rule { on: "McpTool", op: Op::Call, effect: Effect::Decorator(&MCP_TOOL) },
        Rule { on: "McpTool", op: Op::Member("McpAnnotations"), effect: Effect::Returns("McpAnnotations") },
        Rule {
            on: "McpAnnotations",
            op: Op::Struct,
            effect: Effect::WireRecord { fields: &[], defaults: Some(ALL_HINTS) },
        },
        // Kotlin writes an annotation argument as a call: `McpAnnotations(readOnlyHint = true)`.
        Rule {
            on: "McpAnnotations",
            op: Op::Call,
            effect: Effect::Construct { sigs: MCP_ANNOTATIONS, defaults: Some(ALL_HINTS) },
        },
    ],
    null_is_absent: true,
};

/// A `@Tool` method handed to `toolObjects(...)`: what the MCP server
/// lists for it.
static TOOL_METHOD: Roles = Roles {
    api: API_TOOL,
    name: &[Path::Kw("name"), Path::HandlerName],
    title: &[],
    description: &[Path::Kw("description")],
    annotations: &[],
    params: &[],
};

pub static JAVA_SPRING_AI: SdkTable = SdkTable {
    api: "java.spring-ai",
    langs: &[Lang::Java, Lang::Kotlin],
    // `McpToolUtils` alone of `org.springframework.ai.mcp`: Spring AI's own
    // examples are projects under that package.
    modules: &[
        "org.springframework.ai.tool",
        "org.springframework.ai.support",
        "org.springframework.ai.mcp.McpToolUtils",
    ],
    symbols: &[
        ("annotation.Tool", "ToolAnnotation"),
        ("method.MethodToolCallbackProvider", "ProviderClass"),
        ("ToolCallbacks", "ToolCallbacksClass"),
        ("McpToolUtils", "McpToolUtilsClass"),
    ],
    rules: &[
        // `ToolCallbacks.from(objects...)`: callbacks a chat client or an
        // MCP server may use; `McpToolUtils` makes MCP specifications of them.
        Rule { on: "ToolCallbacksClass", op: Op::Method("from"), effect: Effect::Keeps("Callbacks") },
        Rule { on: "McpToolUtilsClass", op: Op::Method("toSyncToolSpecifications"), effect: Effect::RegisterMarked },
        Rule { on: "McpToolUtilsClass", op: Op::Method("toAsyncToolSpecifications"), effect: Effect::RegisterMarked },
        Rule { on: "McpToolUtilsClass", op: Op::Method("toSyncToolSpecification"), effect: Effect::RegisterMarked },
        Rule { on: "McpToolUtilsClass", op: Op::Method("toAsyncToolSpecification"), effect: Effect::RegisterMarked },
        Rule { on: "ToolAnnotation", op: Op::Call, effect: Effect::MethodMarker(&TOOL_METHOD) },
        Rule { on: "ProviderClass", op: Op::Method("builder"), effect: Effect::Returns("ProviderBuilder") },
        Rule { on: "ProviderBuilder", op: Op::Method("toolObjects"), effect: Effect::RegisterMarked },
        Rule { on: "ProviderBuilder", op: Op::AnyMethod, effect: Effect::Returns("ProviderBuilder") },
    ],
    null_is_absent: true,
};
