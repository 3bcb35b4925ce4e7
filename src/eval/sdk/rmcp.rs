//! rmcp, the official Rust SDK (`modelcontextprotocol/rust-sdk`), 0.2 to
//! 3.x. Facts from `crates/rmcp-macros/src/tool.rs` and
//! `crates/rmcp/src/model/tool.rs` (see sdk-patterns.md, 4.1):
//!
//! - `#[tool(...)]` on a method (collected by `#[tool_router]` on its
//!   `impl`) is a tool: `name = "..."` or else the fn's identifier,
//!   `title` the tool's own title, `description` or else the doc-comment
//!   lines, `annotations(...)` a nested list of snake_case keys (`title`,
//!   `read_only_hint`, ...), each a bool, a bare flag (true) or a string
//!   literal darling parses (`"false"`). The frontend lowers the attribute
//!   as a call `tool(name=..., annotations={...})` applied to the method,
//!   so the table reads it as a decorator.
//! - The tool's input schema is that of `T` in the method's
//!   `Parameters<T>` argument (`handler/server/wrapper/parameters.rs`,
//!   schemars of `T`, so serde's renames apply); a method without one
//!   takes no input. (rmcp before 0.2 marked arguments `#[tool(param)]` /
//!   `#[tool(aggr)]` instead: not read here.)
//! - `impl ToolBase for T` (`handler/server/router/tool/tool_traits.rs`,
//!   rmcp 0.9 and later, with `SyncTool`/`AsyncTool` for the call): the
//!   associated fns `name()`, `title()`, `description()`, `annotations()`
//!   (defaults: none) and `type Parameter` (the input) describe the tool.
//! - Unknown keys are compile errors in rmcp (darling denies them).
//!
//! - `model::Tool` values built at run time are the tools a server lists:
//!   `Tool::new(name, description, input_schema)` /
//!   `Tool::new_with_raw(name, Option<description>, schema)`, then
//!   `.annotate(a)` / `.with_annotations(a)` (both set `annotations`),
//!   `.with_title(t)`. Each `Tool::new` is reported as a tool; its chain
//!   updates it. A `Tool { .. }` struct literal is a tool too.
//! - `model::ToolAnnotations::new()` / `::with_title(t)` and the chainable
//!   `.read_only(b)`, `.destructive(b)`, `.idempotent(b)`, `.open_world(b)`
//!   each set the snake_case field of that hint (serialised camelCase).
//!   A struct literal `ToolAnnotations { read_only_hint: Some(true), .. }`
//!   (rmcp before 1.0) is an object with those fields already.
//!
//! The macros are exported from the crate root (`rmcp::tool`) and from
//! `rmcp_macros` itself.

use super::{Effect, Op, Path, Roles, Rule, SdkTable, SetTo};
use crate::model::Lang;

static TOOL_ATTR: Roles = Roles {
    api: crate::frontend::rust::API_TOOL_ATTR,
    name: &[Path::Kw("name"), Path::HandlerName],
    title: &[Path::Kw("title")],
    description: &[Path::Kw("description"), Path::Member(&Path::Handler, "__doc__")],
    annotations: &[Path::FromMeta(&Path::Kw("annotations"))],
    params: &[Path::WrappedInput("Parameters")],
};

/// `impl ToolBase for T`: the SDK calls the impl's associated fns.
static TOOL_BASE: Roles = Roles {
    api: crate::frontend::rust::API_TOOL_BASE,
    name: &[Path::Returned(&Path::Member(&Path::Arg(1), "name"))],
    title: &[Path::Returned(&Path::Member(&Path::Arg(1), "title"))],
    description: &[Path::Returned(&Path::Member(&Path::Arg(1), "description"))],
    annotations: &[Path::Returned(&Path::Member(&Path::Arg(1), "annotations"))],
    params: &[Path::Fields(&Path::Member(&Path::Arg(1), "Parameter"))],
};

static TOOL_NEW: Roles = Roles {
    api: crate::frontend::rust::API_TOOL_NEW,
    name: &[Path::Arg(0)],
    title: &[],
    description: &[Path::Arg(1)],
    annotations: &[],
    params: &[],
};

/// A `Tool { name, title, description, annotations, .. }` literal.
static TOOL_STRUCT: Roles = Roles {
    api: crate::frontend::rust::API_TOOL_STRUCT,
    name: &[Path::Member(&Path::Arg(0), "name")],
    title: &[Path::Member(&Path::Arg(0), "title")],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    params: &[],
};

static ANNOTATE: Roles =
    Roles { api: "", name: &[], title: &[], description: &[], annotations: &[Path::Arg(0)], params: &[] };

static WITH_TITLE: Roles =
    Roles { api: "", name: &[], title: &[Path::Arg(0)], description: &[], annotations: &[], params: &[] };

/// A builder method that changes nothing the linter reads.
static KEEP: Roles = Roles { api: "", name: &[], title: &[], description: &[], annotations: &[], params: &[] };

pub static RMCP: SdkTable = SdkTable {
    api: "rust.rmcp",
    langs: &[Lang::Rust],
    modules: &["rmcp", "rmcp_macros"],
    symbols: &[
        ("tool", "ToolAttr"),
        ("handler.server.wrapper.Parameters", "Parameters"),
        ("handler.server.router.tool.ToolBase", "ToolBase"),
        ("model.Tool", "ToolType"),
        ("model.ToolAnnotations", "AnnotationsType"),
    ],
    rules: &[
        Rule { on: "ToolAttr", op: Op::Call, effect: Effect::Decorator(&TOOL_ATTR) },
        Rule { on: "ToolBase", op: Op::Extend, effect: Effect::Register(&TOOL_BASE) },
        // What an implementor is of the trait (the interpreter reads the
        // members an impl does not define off it): the provided methods.
        Rule { on: "ToolBase", op: Op::Call, effect: Effect::Returns("ToolBaseImpl") },
        Rule { on: "ToolBaseImpl", op: Op::Method("title"), effect: Effect::Nothing },
        Rule { on: "ToolBaseImpl", op: Op::Method("description"), effect: Effect::Nothing },
        Rule { on: "ToolBaseImpl", op: Op::Method("annotations"), effect: Effect::Nothing },
        Rule { on: "ToolType", op: Op::Struct, effect: Effect::Define(&TOOL_STRUCT) },
        Rule { on: "ToolType", op: Op::Method("new"), effect: Effect::RegisterReturns(&TOOL_NEW, "Tool") },
        Rule { on: "ToolType", op: Op::Method("new_with_raw"), effect: Effect::RegisterReturns(&TOOL_NEW, "Tool") },
        Rule { on: "Tool", op: Op::Method("annotate"), effect: Effect::Update(&ANNOTATE) },
        Rule { on: "Tool", op: Op::Method("with_annotations"), effect: Effect::Update(&ANNOTATE) },
        Rule { on: "Tool", op: Op::Method("with_title"), effect: Effect::Update(&WITH_TITLE) },
        // `tool.annotations = Some(..)`, `tool.title = ..`: the struct's fields.
        Rule { on: "Tool", op: Op::Assign("annotations"), effect: Effect::Update(&ANNOTATE) },
        Rule { on: "Tool", op: Op::Assign("title"), effect: Effect::Update(&WITH_TITLE) },
        Rule { on: "Tool", op: Op::AnyMethod, effect: Effect::Update(&KEEP) },
        Rule {
            on: "AnnotationsType",
            op: Op::Method("new"),
            effect: Effect::Builder { ty: "Annotations", fields: &[] },
        },
        Rule {
            on: "AnnotationsType",
            op: Op::Method("with_title"),
            effect: Effect::Builder { ty: "Annotations", fields: &[("title", SetTo::Arg(0))] },
        },
        Rule {
            on: "Annotations",
            op: Op::Method("read_only"),
            effect: Effect::Set(&[("read_only_hint", SetTo::Arg(0))]),
        },
        Rule {
            on: "Annotations",
            op: Op::Method("destructive"),
            effect: Effect::Set(&[("destructive_hint", SetTo::Arg(0))]),
        },
        Rule {
            on: "Annotations",
            op: Op::Method("idempotent"),
            effect: Effect::Set(&[("idempotent_hint", SetTo::Arg(0))]),
        },
        Rule {
            on: "Annotations",
            op: Op::Method("open_world"),
            effect: Effect::Set(&[("open_world_hint", SetTo::Arg(0))]),
        },
    ],
    null_is_absent: true,
};
