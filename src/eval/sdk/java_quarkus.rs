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
//! - Programmatic tools (`ToolManager.java`): `toolManager.newTool(name)`
//!   is a `ToolDefinition` builder (`setDescription`, `setTitle`,
//!   `setAnnotations`, `setHandler`, `addArgument`, …) that `register()`
//!   registers. Its `ToolManager.ToolAnnotations(title, readOnlyHint,
//!   destructiveHint, idempotentHint, openWorldHint)` record has primitive
//!   `boolean` hints: all four are sent; a tool without `setAnnotations`
//!   sends none.

use super::{Effect, Init, Op, Path, Roles, Rule, SdkTable, SetTo};
use crate::model::Lang;

pub const API_TOOL: &str = "java.quarkus.Tool";
/// Tools of the programmatic API (`ToolManager.newTool`).
pub const API_TOOL_MANAGER: &str = "java.quarkus.ToolManager";

const ALL_HINTS: &str = "readOnlyHint destructiveHint idempotentHint openWorldHint";

static TOOL: Roles = Roles {
    api: API_TOOL,
    name: &[Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title"), Path::Member(&Path::Kw("annotations"), "title")],
    description: &[Path::Kw("description")],
    annotations: &[Path::Kw("annotations")],
    params: &[],
};

/// A `ToolDefinition` builder `register()` registers (argument 0).
static DEFINITION: Roles = Roles {
    api: API_TOOL_MANAGER,
    name: &[Path::Member(&Path::Arg(0), "name")],
    title: &[Path::Member(&Path::Arg(0), "title"), Path::Member(&Path::Member(&Path::Arg(0), "annotations"), "title")],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    params: &[],
};

/// `new ToolManager.ToolAnnotations(title, readOnlyHint, destructiveHint,
/// idempotentHint, openWorldHint)`.
const ANNOTATIONS_NEW: &[(&str, Init)] = &[
    ("title", Init::NonNull(Path::Arg(0))),
    ("readOnlyHint", Init::From(Path::Arg(1))),
    ("destructiveHint", Init::From(Path::Arg(2))),
    ("idempotentHint", Init::From(Path::Arg(3))),
    ("openWorldHint", Init::From(Path::Arg(4))),
];

pub static JAVA_QUARKUS: SdkTable = SdkTable {
    api: "java.quarkus",
    langs: &[Lang::Java],
    modules: &["io.quarkiverse.mcp.server"],
    symbols: &[
        ("Tool", "ToolAnnotation"),
        ("Tool.Annotations", "Annotations"),
        ("ToolManager", "ToolManagerClass"),
        ("ToolManager.ToolAnnotations", "ManagerAnnotationsClass"),
    ],
    rules: &[
        Rule { on: "ToolAnnotation", op: Op::Call, effect: Effect::Decorator(&TOOL) },
        Rule { on: "ToolAnnotation", op: Op::Member("Annotations"), effect: Effect::Returns("Annotations") },
        Rule {
            on: "Annotations",
            op: Op::Struct,
            effect: Effect::WireRecord { fields: &[], defaults: Some(ALL_HINTS) },
        },
        // An injected `ToolManager` (a field or parameter of that type).
        Rule { on: "ToolManagerClass", op: Op::Call, effect: Effect::Returns("ToolManager") },
        Rule {
            on: "ToolManagerClass",
            op: Op::Member("ToolAnnotations"),
            effect: Effect::Returns("ManagerAnnotationsClass"),
        },
        Rule {
            on: "ToolManager",
            op: Op::Method("newTool"),
            effect: Effect::Builder { ty: "ToolDefinition", fields: &[("name", SetTo::Arg(0))] },
        },
        Rule {
            on: "ToolDefinition",
            op: Op::Method("setDescription"),
            effect: Effect::Set(&[("description", SetTo::Arg(0))]),
        },
        Rule { on: "ToolDefinition", op: Op::Method("setTitle"), effect: Effect::Set(&[("title", SetTo::Arg(0))]) },
        Rule {
            on: "ToolDefinition",
            op: Op::Method("setAnnotations"),
            effect: Effect::Set(&[("annotations", SetTo::Arg(0))]),
        },
        // Setters of parts no rule reads.
        Rule { on: "ToolDefinition", op: Op::Method("setHandler"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("addArgument"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("setInputSchema"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("setOutputSchema"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("generateOutputSchema"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("setMetadata"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("setServerName"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("setServerNames"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("setInputGuardrails"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("setOutputGuardrails"), effect: Effect::Set(&[]) },
        Rule { on: "ToolDefinition", op: Op::Method("register"), effect: Effect::Build(&DEFINITION) },
        Rule {
            on: "ManagerAnnotationsClass",
            op: Op::Call,
            effect: Effect::Options { init: ANNOTATIONS_NEW, options: usize::MAX, defines: None },
        },
    ],
    null_is_absent: true,
};
