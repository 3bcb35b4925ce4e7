//! mark3labs/mcp-go (`github.com/mark3labs/mcp-go/mcp`, `/server`).
//!
//! Read from `mcp/tools.go`, `server/server.go`, `server/session.go`:
//! - `mcp.NewTool(name, opts ...ToolOption)` starts from `Name`, an empty
//!   object input schema and annotations pre-filled with the spec defaults
//!   (`ReadOnlyHint: false, DestructiveHint: true, IdempotentHint: false,
//!   OpenWorldHint: true`, since v0.21.0; as `*bool` since v0.27.0), then calls each
//!   option on the tool, in order. So every `NewTool` tool sends all four
//!   hints (an SDK-defaults marker), and `WithToolAnnotation(a)` replaces
//!   the whole struct, defaults included; an option before it is lost.
//! - `mcp.NewToolWithRawSchema(name, description, schema)` pre-fills nothing.
//! - `WithString("id", ...)` and its siblings add input properties;
//!   `WithInputSchema[T]()` / `WithRawInputSchema(raw)` replace the schema
//!   (`T`'s fields by their JSON names; a raw schema is not read).
//! - `ToolAnnotation` (singular) sends `title`, `readOnlyHint`, ... (all
//!   `omitempty` pointers); `Tool.Annotations` is a value, not a pointer.
//! - `s.AddTool(tool, handler)`, `s.AddTaskTool(tool, handler)`,
//!   `s.AddSessionTool(sessionID, tool, handler)`; `s.AddTools(tools...)`,
//!   `s.SetTools(tools...)` and `s.AddSessionTools(sessionID, tools...)`
//!   take `server.ServerTool{Tool, Handler}` records.
//! - `mcp.ToBoolPtr(b)` is `&b`.
//! - A `mcp.Tool{...}` literal is a tool record like `NewTool`'s (options
//!   are funcs of `*Tool`, a project may apply them to its own literal).

use super::{Effect, Init, Op, OptionArg, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

const ANNOTATION_FIELDS: &[(&str, &str)] = &[
    ("Title", "title"),
    ("ReadOnlyHint", "readOnlyHint"),
    ("DestructiveHint", "destructiveHint"),
    ("IdempotentHint", "idempotentHint"),
    ("OpenWorldHint", "openWorldHint"),
];

const SCHEMA_FIELDS: &[(&str, &str)] = &[("Type", "type"), ("Properties", "properties"), ("Required", "required")];

macro_rules! tool_roles {
    ($api:literal, $tool:expr) => {
        Roles {
            api: $api,
            name: &[Path::Member($tool, "Name")],
            title: &[Path::Member($tool, "Title")],
            description: &[Path::Member($tool, "Description")],
            annotations: &[Path::Member($tool, "Annotations")],
            // A `Tool`'s JSON is its `RawInputSchema` when that is set (raw
            // bytes, unknown here unless written whole), else `InputSchema`.
            params: &[Path::Member($tool, "RawInputSchema"), Path::Member($tool, "InputSchema")],
        }
    };
}

static ADD_TOOL: Roles = tool_roles!("go.mcp-go.AddTool", &Path::Arg(0));
static ADD_SESSION_TOOL: Roles = tool_roles!("go.mcp-go.AddTool", &Path::Arg(1));
/// A `Tool` record nobody registers here (a list of them handed out).
static DEFINITION: Roles = tool_roles!("go.mcp-go.AddTool", &Path::Arg(0));
static SERVER_TOOL: Roles = tool_roles!("go.mcp-go.ServerTool", &Path::Member(&Path::Arg(0), "Tool"));

const NEW_TOOL: &[(&str, Init)] = &[
    ("Name", Init::From(Path::Arg(0))),
    ("InputSchema", Init::Object(&[("type", Init::Str("object")), ("properties", Init::Object(&[]))])),
    (
        "Annotations",
        Init::Object(&[(
            crate::model::SDK_DEFAULTS_KEY,
            // Pre-filled since v0.21.0 (`mcp/tools.go`); v0.20 and older
            // send no annotations for a `NewTool` tool.
            Init::Str("readOnlyHint destructiveHint idempotentHint openWorldHint unless github.com/mark3labs/mcp-go < v0.21.0"),
        )]),
    ),
];

const NEW_TOOL_RAW: &[(&str, Init)] = &[
    ("Name", Init::From(Path::Arg(0))),
    ("Description", Init::From(Path::Arg(1))),
    ("InputSchema", Init::From(Path::Arg(2))),
];

/// An option call keeps its arguments; calling the option (as `NewTool`
/// does) writes them.
macro_rules! option {
    ($name:literal, $at:expr, $arg:expr) => {
        Rule { on: $name, op: Op::Call, effect: Effect::SetOption { at: $at, arg: $arg } }
    };
}

pub static MCP_GO: SdkTable = SdkTable {
    api: "go.mcp-go",
    langs: &[Lang::Go],
    modules: &["github.com/mark3labs/mcp-go"],
    symbols: &[
        ("NewMCPServer", "NewServer"),
        ("MCPServer", "ServerType"),
        ("NewTool", "NewTool"),
        ("NewToolWithRawSchema", "NewToolRaw"),
        ("Tool", "Tool"),
        ("ToolAnnotation", "ToolAnnotation"),
        ("ToolInputSchema", "ToolInputSchema"),
        ("ToBoolPtr", "Ptr"),
        ("WithDescription", "opt:WithDescription"),
        ("WithTitle", "opt:WithTitle"),
        ("WithToolTitle", "opt:WithTitle"),
        ("WithTitleAnnotation", "opt:WithTitleAnnotation"),
        ("WithReadOnlyHintAnnotation", "opt:WithReadOnlyHintAnnotation"),
        ("WithDestructiveHintAnnotation", "opt:WithDestructiveHintAnnotation"),
        ("WithIdempotentHintAnnotation", "opt:WithIdempotentHintAnnotation"),
        ("WithOpenWorldHintAnnotation", "opt:WithOpenWorldHintAnnotation"),
        ("WithToolAnnotation", "opt:WithToolAnnotation"),
        ("WithString", "opt:param"),
        ("WithNumber", "opt:param"),
        ("WithInteger", "opt:param"),
        ("WithBoolean", "opt:param"),
        ("WithArray", "opt:param"),
        ("WithObject", "opt:param"),
        ("WithAny", "opt:param"),
        ("WithInputSchema", "opt:schemaOf"),
        ("WithRawInputSchema", "opt:schema"),
        // Every other symbol: options that touch neither annotations nor
        // inputs (`WithOutputSchema`, `Required()`, server options), types.
        ("*", "opt:other"),
    ],
    rules: &[
        Rule { on: "NewServer", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "ServerType", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "Server", op: Op::Method("AddTool"), effect: Effect::Register(&ADD_TOOL) },
        Rule { on: "Server", op: Op::Method("AddTaskTool"), effect: Effect::Register(&ADD_TOOL) },
        Rule { on: "Server", op: Op::Method("AddSessionTool"), effect: Effect::Register(&ADD_SESSION_TOOL) },
        Rule { on: "Server", op: Op::Method("AddTools"), effect: Effect::RegisterArgs(0, &SERVER_TOOL) },
        Rule { on: "Server", op: Op::Method("SetTools"), effect: Effect::RegisterArgs(0, &SERVER_TOOL) },
        Rule { on: "Server", op: Op::Method("AddSessionTools"), effect: Effect::RegisterArgs(1, &SERVER_TOOL) },
        Rule {
            on: "NewTool",
            op: Op::Call,
            effect: Effect::Options { init: NEW_TOOL, options: 1, defines: Some(&DEFINITION) },
        },
        Rule {
            on: "NewToolRaw",
            op: Op::Call,
            effect: Effect::Options { init: NEW_TOOL_RAW, options: 3, defines: Some(&DEFINITION) },
        },
        Rule { on: "Tool", op: Op::Struct, effect: Effect::Define(&DEFINITION) },
        Rule {
            on: "ToolAnnotation",
            op: Op::Struct,
            effect: Effect::WireRecord { fields: ANNOTATION_FIELDS, defaults: None },
        },
        Rule {
            on: "ToolInputSchema",
            op: Op::Struct,
            effect: Effect::WireRecord { fields: SCHEMA_FIELDS, defaults: None },
        },
        Rule { on: "Ptr", op: Op::Call, effect: Effect::Arg(0) },
        // Calling an option function makes the option; the option, called
        // with the tool, writes it.
        Rule { on: "opt:WithDescription", op: Op::Call, effect: Effect::Keeps("set:Description") },
        Rule { on: "opt:WithTitle", op: Op::Call, effect: Effect::Keeps("set:Title") },
        Rule { on: "opt:WithTitleAnnotation", op: Op::Call, effect: Effect::Keeps("set:title") },
        Rule { on: "opt:WithReadOnlyHintAnnotation", op: Op::Call, effect: Effect::Keeps("set:readOnlyHint") },
        Rule { on: "opt:WithDestructiveHintAnnotation", op: Op::Call, effect: Effect::Keeps("set:destructiveHint") },
        Rule { on: "opt:WithIdempotentHintAnnotation", op: Op::Call, effect: Effect::Keeps("set:idempotentHint") },
        Rule { on: "opt:WithOpenWorldHintAnnotation", op: Op::Call, effect: Effect::Keeps("set:openWorldHint") },
        Rule { on: "opt:WithToolAnnotation", op: Op::Call, effect: Effect::Keeps("set:Annotations") },
        Rule { on: "opt:param", op: Op::Call, effect: Effect::Keeps("set:param") },
        Rule { on: "opt:schema", op: Op::Call, effect: Effect::Keeps("set:InputSchema") },
        Rule { on: "opt:schemaOf", op: Op::Call, effect: Effect::Keeps("set:InputSchemaOf") },
        Rule { on: "opt:other", op: Op::Call, effect: Effect::Keeps("set:nothing") },
        option!("set:Description", &[Some("Description")], OptionArg::Arg(0)),
        option!("set:Title", &[Some("Title")], OptionArg::Arg(0)),
        option!("set:title", &[Some("Annotations"), Some("title")], OptionArg::Arg(0)),
        option!("set:readOnlyHint", &[Some("Annotations"), Some("readOnlyHint")], OptionArg::Arg(0)),
        option!("set:destructiveHint", &[Some("Annotations"), Some("destructiveHint")], OptionArg::Arg(0)),
        option!("set:idempotentHint", &[Some("Annotations"), Some("idempotentHint")], OptionArg::Arg(0)),
        option!("set:openWorldHint", &[Some("Annotations"), Some("openWorldHint")], OptionArg::Arg(0)),
        option!("set:Annotations", &[Some("Annotations")], OptionArg::Arg(0)),
        option!("set:param", &[Some("InputSchema"), Some("properties"), None], OptionArg::None),
        option!("set:InputSchema", &[Some("InputSchema")], OptionArg::None),
        option!("set:InputSchemaOf", &[Some("InputSchema")], OptionArg::TypeSchema("[0]")),
        option!("set:nothing", &[], OptionArg::None),
    ],
    null_is_absent: false,
};
