//! modelcontextprotocol/go-sdk (`github.com/modelcontextprotocol/go-sdk/mcp`):
//! `mcp.AddTool(server, &mcp.Tool{...}, handler)` (generic, `AddTool[In, Out]`
//! when written out) and `server.AddTool(&mcp.Tool{...}, rawHandler)`.
//!
//! Read from the SDK's `mcp/server.go` and `mcp/protocol.go`:
//! - `Tool` has `Name`, `Title`, `Description`, `InputSchema any`,
//!   `Annotations *ToolAnnotations`; the package-level `AddTool` infers the
//!   input schema from the handler's `In` type, `Server.AddTool` takes the
//!   schema as given (and panics without one).
//! - `ToolAnnotations` mixes pointer-ness: `ReadOnlyHint` and
//!   `IdempotentHint` are plain `bool`, `DestructiveHint` and
//!   `OpenWorldHint` are `*bool`, `Title` a string. Since v1.7.0 (c044cdb,
//!   #908) the two `bool`s lost `omitempty`: whenever `Annotations` is set,
//!   both are sent, `false` when the literal leaves them out. Before it an
//!   explicit `false` never reached the wire. The literal carries that as
//!   an SDK-defaults marker the resolver checks against `go.mod`.
//! - The SDK has no exported pointer helper (`jsonschema.Ptr` lives in
//!   google/jsonschema-go: [`super::GO_POINTERS`]).

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

/// Go field names of `ToolAnnotations` and their JSON names.
const ANNOTATION_FIELDS: &[(&str, &str)] = &[
    ("Title", "title"),
    ("ReadOnlyHint", "readOnlyHint"),
    ("DestructiveHint", "destructiveHint"),
    ("IdempotentHint", "idempotentHint"),
    ("OpenWorldHint", "openWorldHint"),
];

/// `mcp.AddTool(server, tool, handler)`.
static ADD_TOOL: Roles = Roles {
    api: "go.sdk.AddTool",
    name: &[Path::Member(&Path::Arg(1), "Name")],
    title: &[Path::Member(&Path::Arg(1), "Title")],
    description: &[Path::Member(&Path::Arg(1), "Description")],
    annotations: &[Path::Member(&Path::Arg(1), "Annotations")],
    params: &[Path::InputType(&Path::Arg(2), 2)],
};

/// `server.AddTool(tool, handler)`: the schema is the tool's own (the SDK
/// panics without one: then the parameters are unknown).
static SERVER_ADD_TOOL: Roles = Roles {
    api: "go.sdk.AddTool",
    name: &[Path::Member(&Path::Arg(0), "Name")],
    title: &[Path::Member(&Path::Arg(0), "Title")],
    description: &[Path::Member(&Path::Arg(0), "Description")],
    annotations: &[Path::Member(&Path::Arg(0), "Annotations")],
    params: &[Path::Member(&Path::Arg(0), "InputSchema"), Path::Unknown],
};

/// A `Tool` record nobody registers here (one handed to a registry the
/// evaluator cannot follow): a tool where it is written.
static DEFINITION: Roles = Roles {
    api: "go.sdk.AddTool",
    name: &[Path::Member(&Path::Arg(0), "Name")],
    title: &[Path::Member(&Path::Arg(0), "Title")],
    description: &[Path::Member(&Path::Arg(0), "Description")],
    annotations: &[Path::Member(&Path::Arg(0), "Annotations")],
    params: &[Path::Member(&Path::Arg(0), "InputSchema"), Path::Unknown],
};

pub static GO_SDK: SdkTable = SdkTable {
    api: "go.sdk",
    langs: &[Lang::Go],
    modules: &["github.com/modelcontextprotocol/go-sdk"],
    symbols: &[
        ("NewServer", "NewServer"),
        ("Server", "ServerType"),
        ("AddTool", "AddTool"),
        ("ToolAnnotations", "ToolAnnotations"),
        ("Tool", "Tool"),
    ],
    rules: &[
        Rule { on: "NewServer", op: Op::Call, effect: Effect::Returns("Server") },
        // A `*mcp.Server` parameter of a function nothing called.
        Rule { on: "ServerType", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "AddTool", op: Op::Call, effect: Effect::Register(&ADD_TOOL) },
        Rule { on: "Server", op: Op::Method("AddTool"), effect: Effect::Register(&SERVER_ADD_TOOL) },
        Rule { on: "Tool", op: Op::Struct, effect: Effect::Define(&DEFINITION) },
        Rule {
            on: "ToolAnnotations",
            op: Op::Struct,
            effect: Effect::WireRecord {
                fields: ANNOTATION_FIELDS,
                defaults: Some("readOnlyHint idempotentHint if github.com/modelcontextprotocol/go-sdk >= v1.7.0"),
            },
        },
    ],
    null_is_absent: false,
};
