//! pmcp (paiml; source at `guyernest/rust-mcp-sdk`, `src/types/tools.rs`,
//! `src/server/typed_tool.rs`; sdk-patterns.md 4.3):
//!
//! - `types::ToolAnnotations::new()` and the chainable `.with_title(t)`,
//!   `.with_read_only(b)`, `.with_destructive(b)`, `.with_idempotent(b)`,
//!   `.with_open_world(b)` (snake_case fields, camelCase on the wire);
//! - `types::ToolInfo::new(name, description, input_schema)` and
//!   `ToolInfo::with_annotations(name, description, input_schema,
//!   annotations)` are tool definitions;
//! - `TypedTool::new(name, handler)` / `TypedSyncTool::new` are tools whose
//!   chain sets `.with_description(d)`, `.with_annotations(a)` (replacing
//!   what was set) and the no-argument shortcuts `.read_only()`,
//!   `.idempotent()`, `.open_world()`, and `.destructive()`, which sets
//!   both `readOnlyHint: false` and `destructiveHint: true`.
//! - `Server::builder()` (also `ServerBuilder::new()`, and pmcp 1.x's
//!   `ServerCoreBuilder::new()`) is a builder whose `.tool(name, handler)`
//!   / `.tool_arc(name, handler)` register a tool named by `name`; every
//!   other method returns the builder (`src/server/mod.rs`,
//!   `src/server/builder.rs`). The handler implements `ToolHandler`. In
//!   pmcp 1.2 the trait has only `handle` and `tools/list` sends each
//!   name with no description, `inputSchema: {}` and no annotations (its
//!   `ToolInfo` has no such field). Later versions add a provided
//!   `fn metadata(&self) -> Option<ToolInfo>` (default `None`): `.tool`
//!   caches `handler.metadata()`, or else `ToolInfo::new(name, None,
//!   {})`, and overwrites its name with `name`; so the annotations sent
//!   are those of the `ToolInfo` the handler's type returns, none when its
//!   impl does not define `metadata`. `.tool_typed(name, f)` /
//!   `.tool_typed_sync(name, f)` wrap `f` in a `TypedTool::new(name, f)`
//!   (no annotations). A `TypedTool` handed to `.tool` is the tool made
//!   by `TypedTool::new`, counted there.

use super::{Effect, Init, Op, Path, Roles, Rule, SdkTable, SetTo};
use crate::model::Lang;

/// A `ToolInfo` record (`ToolInfo::new(name, description, input_schema)`,
/// `ToolInfo::with_annotations(.., annotations)`): a tool of its own unless
/// a registration reads it (a handler's `metadata()` handed to `.tool`).
static TOOL_INFO: Roles = Roles {
    api: crate::frontend::rust::API_PMCP,
    name: &[Path::Member(&Path::Arg(0), "name")],
    title: &[],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    params: &[],
};

static TOOL_INFO_NEW: &[(&str, Init)] = &[
    ("name", Init::From(Path::Arg(0))),
    ("description", Init::From(Path::Arg(1))),
    ("input_schema", Init::From(Path::Arg(2))),
];

static TOOL_INFO_ANNOTATED: &[(&str, Init)] = &[
    ("name", Init::From(Path::Arg(0))),
    ("description", Init::From(Path::Arg(1))),
    ("input_schema", Init::From(Path::Arg(2))),
    ("annotations", Init::From(Path::Arg(3))),
];

static TYPED_TOOL: Roles = Roles {
    api: crate::frontend::rust::API_PMCP,
    name: &[Path::Arg(0)],
    title: &[],
    description: &[],
    annotations: &[],
    params: &[],
};

/// `builder.tool(name, handler)`: what `handler.metadata()` returns, when
/// the handler's type defines it.
static BUILDER_TOOL: Roles = Roles {
    api: crate::frontend::rust::API_PMCP,
    name: &[Path::Arg(0)],
    title: &[],
    description: &[Path::Member(&METADATA, "description")],
    annotations: &[Path::Member(&METADATA, "annotations")],
    // No metadata: `inputSchema: {}`, no parameters.
    params: &[Path::Member(&METADATA, "input_schema")],
};

static METADATA: Path = Path::Returned(&Path::Provided { of: &Path::Arg(1), method: "metadata", required: "handle" });

static WITH_DESCRIPTION: Roles =
    Roles { api: "", name: &[], title: &[], description: &[Path::Arg(0)], annotations: &[], params: &[] };

static WITH_ANNOTATIONS: Roles =
    Roles { api: "", name: &[], title: &[], description: &[], annotations: &[Path::Arg(0)], params: &[] };

static KEEP: Roles = Roles { api: "", name: &[], title: &[], description: &[], annotations: &[], params: &[] };

pub static PMCP: SdkTable = SdkTable {
    api: "rust.pmcp",
    langs: &[Lang::Rust],
    modules: &["pmcp"],
    symbols: &[
        ("types.ToolAnnotations", "AnnotationsType"),
        ("types.ToolInfo", "ToolInfoType"),
        ("TypedTool", "TypedToolType"),
        ("TypedSyncTool", "TypedToolType"),
        ("Server", "ServerType"),
        ("ServerBuilder", "ServerBuilderType"),
        ("ServerCoreBuilder", "ServerBuilderType"),
    ],
    rules: &[
        Rule { on: "ServerType", op: Op::Method("builder"), effect: Effect::Returns("ServerBuilder") },
        Rule { on: "ServerBuilderType", op: Op::Method("new"), effect: Effect::Returns("ServerBuilder") },
        Rule { on: "ServerBuilder", op: Op::Method("tool"), effect: Effect::RegisterChained(&BUILDER_TOOL) },
        Rule { on: "ServerBuilder", op: Op::Method("tool_arc"), effect: Effect::RegisterChained(&BUILDER_TOOL) },
        Rule { on: "ServerBuilder", op: Op::Method("tool_typed"), effect: Effect::RegisterChained(&TYPED_TOOL) },
        Rule { on: "ServerBuilder", op: Op::Method("tool_typed_sync"), effect: Effect::RegisterChained(&TYPED_TOOL) },
        Rule { on: "ServerBuilder", op: Op::AnyMethod, effect: Effect::Returns("ServerBuilder") },
        Rule {
            on: "ToolInfoType",
            op: Op::Method("new"),
            effect: Effect::Options { init: TOOL_INFO_NEW, options: usize::MAX, defines: Some(&TOOL_INFO) },
        },
        Rule {
            on: "ToolInfoType",
            op: Op::Method("with_annotations"),
            effect: Effect::Options { init: TOOL_INFO_ANNOTATED, options: usize::MAX, defines: Some(&TOOL_INFO) },
        },
        Rule { on: "TypedToolType", op: Op::Method("new"), effect: Effect::RegisterReturns(&TYPED_TOOL, "TypedTool") },
        Rule { on: "TypedTool", op: Op::Method("with_description"), effect: Effect::Update(&WITH_DESCRIPTION) },
        Rule { on: "TypedTool", op: Op::Method("with_annotations"), effect: Effect::Update(&WITH_ANNOTATIONS) },
        Rule {
            on: "TypedTool",
            op: Op::Method("read_only"),
            effect: Effect::UpdateHints(&[("read_only_hint", SetTo::Bool(true))]),
        },
        Rule {
            on: "TypedTool",
            op: Op::Method("destructive"),
            effect: Effect::UpdateHints(&[
                ("read_only_hint", SetTo::Bool(false)),
                ("destructive_hint", SetTo::Bool(true)),
            ]),
        },
        Rule {
            on: "TypedTool",
            op: Op::Method("idempotent"),
            effect: Effect::UpdateHints(&[("idempotent_hint", SetTo::Bool(true))]),
        },
        Rule {
            on: "TypedTool",
            op: Op::Method("open_world"),
            effect: Effect::UpdateHints(&[("open_world_hint", SetTo::Bool(true))]),
        },
        Rule { on: "TypedTool", op: Op::AnyMethod, effect: Effect::Update(&KEEP) },
        Rule {
            on: "AnnotationsType",
            op: Op::Method("new"),
            effect: Effect::Builder { ty: "Annotations", fields: &[] },
        },
        Rule { on: "Annotations", op: Op::Method("with_title"), effect: Effect::Set(&[("title", SetTo::Arg(0))]) },
        Rule {
            on: "Annotations",
            op: Op::Method("with_read_only"),
            effect: Effect::Set(&[("read_only_hint", SetTo::Arg(0))]),
        },
        Rule {
            on: "Annotations",
            op: Op::Method("with_destructive"),
            effect: Effect::Set(&[("destructive_hint", SetTo::Arg(0))]),
        },
        Rule {
            on: "Annotations",
            op: Op::Method("with_idempotent"),
            effect: Effect::Set(&[("idempotent_hint", SetTo::Arg(0))]),
        },
        Rule {
            on: "Annotations",
            op: Op::Method("with_open_world"),
            effect: Effect::Set(&[("open_world_hint", SetTo::Arg(0))]),
        },
    ],
    null_is_absent: true,
};
