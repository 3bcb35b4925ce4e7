//! Quarkus MCP server (quarkiverse/quarkus-mcp-server, `io.quarkiverse.mcp.server`),
//! read from `core/runtime/src/main/java/io/quarkiverse/mcp/server/Tool.java`,
//! `core/deployment/.../McpServerProcessor.java` and
//! `core/runtime/.../runtime/ToolManagerImpl.java`:
//!
//! - `@Tool` on a method of a bean is a tool; its name is `name`, else the
//!   method's name; `title` and `description` as written.
//! - The build step reads `annotations` through Jandex, which knows only
//!   the members written: with no `annotations = @Tool.Annotations(...)`
//!   the tool sends no annotations; with one, the tool's `ToolAnnotations`
//!   record takes each hint written and the spec's default for the others
//!   (false, true, false, true), and `tools/list` sends all four: the
//!   record carries an SDK-defaults marker for them.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

pub const API_TOOL: &str = "java.quarkus.Tool";

const ALL_HINTS: &str = "readOnlyHint destructiveHint idempotentHint openWorldHint";

static TOOL: Roles = Roles {
    api: API_TOOL,
    name: &[Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title"), Path::Member(&Path::Kw("annotations"), "title")],
    description: &[Path::Kw("description")],
    annotations: &[Path::Kw("annotations")],
    params: &[],
};

pub static JAVA_QUARKUS: SdkTable = SdkTable {
    api: "java.quarkus",
    langs: &[Lang::Java],
    modules: &["io.quarkiverse.mcp.server"],
    symbols: &[("Tool", "ToolAnnotation"), ("Tool.Annotations", "Annotations")],
    rules: &[
        Rule { on: "ToolAnnotation", op: Op::Call, effect: Effect::Decorator(&TOOL) },
        Rule { on: "ToolAnnotation", op: Op::Member("Annotations"), effect: Effect::Returns("Annotations") },
        Rule {
            on: "Annotations",
            op: Op::Struct,
            effect: Effect::WireRecord { fields: &[], defaults: Some(ALL_HINTS) },
        },
    ],
    null_is_absent: true,
};
