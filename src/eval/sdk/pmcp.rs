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

use super::{Effect, Op, Path, Roles, Rule, SdkTable, SetTo};
use crate::model::Lang;

static TOOL_INFO: Roles = Roles {
    api: crate::frontend::rust::API_PMCP,
    name: &[Path::Arg(0)],
    title: &[],
    description: &[Path::Arg(1)],
    annotations: &[Path::Arg(3)],
    params: &[],
};

static TYPED_TOOL: Roles = Roles {
    api: crate::frontend::rust::API_PMCP,
    name: &[Path::Arg(0)],
    title: &[],
    description: &[],
    annotations: &[],
    params: &[],
};

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
    ],
    rules: &[
        Rule { on: "ToolInfoType", op: Op::Method("new"), effect: Effect::Register(&TOOL_INFO) },
        Rule { on: "ToolInfoType", op: Op::Method("with_annotations"), effect: Effect::Register(&TOOL_INFO) },
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
