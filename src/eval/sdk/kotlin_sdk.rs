//! The official Kotlin SDK, modelcontextprotocol/kotlin-sdk (packages
//! `io.modelcontextprotocol.kotlin.sdk`, `.server`, `.types`; Maven
//! `io.modelcontextprotocol:kotlin-sdk[-server|-core|-jvm]`).
//!
//! Read from the SDK's `Server.kt`, `Feature.kt` and `types.kt` /
//! `types/tools.kt` at tags 0.4.0 through 0.14.0 and `main`:
//! - `Server(serverInfo, options, ..., block: Server.() -> Unit = {})`: the
//!   constructor runs `block` with the server as its receiver (since 0.8).
//! - `addTool(tool: Tool, handler)` (since 0.6) and `addTool(name,
//!   description, inputSchema = default, ..., handler)`, whose parameter
//!   list changed: ≤0.5 `(name, description, inputSchema, handler)`; 0.6
//!   `(..., outputSchema, toolAnnotations, handler)`; 0.7 `(..., inputSchema,
//!   title, outputSchema, toolAnnotations, _meta, handler)`; 0.8 the same
//!   with `meta`; since 0.9 `execution` before `meta`. The name is the
//!   `name` argument, never derived. `addTools(toolsToAdd:
//!   List<RegisteredTool>)` registers each `RegisteredTool(tool, handler)`.
//! - `Tool` is a data class whose order changed: ≤0.5 `(name, description,
//!   inputSchema)`; 0.6 `(name, description, inputSchema, outputSchema,
//!   annotations)`; 0.7 `(name, title, description, inputSchema,
//!   outputSchema, annotations, _meta)`; since 0.8 `(name, inputSchema,
//!   description = null, outputSchema = null, title = null, annotations =
//!   null, icons, execution, meta)`. The input schema is `Tool.Input(properties,
//!   required)` before 0.8 and `ToolSchema(properties, required)` since
//!   (`ToolSchema($schema, properties, required, $defs)` on `main`).
//! - `ToolAnnotations(title, readOnlyHint, destructiveHint, idempotentHint,
//!   openWorldHint)`: since 0.8 every field defaults to `null` and `McpJson`
//!   (`explicitNulls = false`) leaves nulls out: an omitted hint is absent.
//!   In 0.6 and 0.7 the hints defaulted to the spec's values (`false`,
//!   `true`, `false`, `true`) and `McpJson` has `encodeDefaults = true`: all
//!   four are sent whatever the call leaves out (an SDK-defaults marker the
//!   resolver checks against the project's Gradle files).

use super::{Effect, Op, Param, Path, Roles, Rule, SdkTable, Signature, Test};
use crate::model::Lang;

macro_rules! p {
    ($name:literal, $test:expr) => {
        Param { name: $name, test: $test }
    };
}

/// `Server.addTool`'s overloads, every version.
const ADD_TOOL: &[Signature] = &[
    Signature { positional: &[p!("tool", Test::Record), p!("handler", Test::Any)] },
    Signature {
        positional: &[
            p!("name", Test::Str),
            p!("description", Test::Str),
            p!("inputSchema", Test::Record),
            p!("handler", Test::Any),
        ],
    },
    Signature {
        positional: &[
            p!("name", Test::Str),
            p!("description", Test::Str),
            p!("inputSchema", Test::Record),
            p!("outputSchema", Test::Record),
            p!("toolAnnotations", Test::Record),
            p!("handler", Test::Any),
        ],
    },
    Signature {
        positional: &[
            p!("name", Test::Str),
            p!("description", Test::Str),
            p!("inputSchema", Test::Record),
            p!("title", Test::Str),
            p!("outputSchema", Test::Record),
            p!("toolAnnotations", Test::Record),
            p!("meta", Test::Record),
            p!("handler", Test::Any),
        ],
    },
    Signature {
        positional: &[
            p!("name", Test::Str),
            p!("description", Test::Str),
            p!("inputSchema", Test::Record),
            p!("title", Test::Str),
            p!("outputSchema", Test::Record),
            p!("toolAnnotations", Test::Record),
            p!("execution", Test::Record),
            p!("meta", Test::Record),
            p!("handler", Test::Any),
        ],
    },
];

/// `Tool(...)`, every version.
const TOOL: &[Signature] = &[
    Signature { positional: &[p!("name", Test::Str), p!("description", Test::Str), p!("inputSchema", Test::Record)] },
    Signature {
        positional: &[
            p!("name", Test::Str),
            p!("description", Test::Str),
            p!("inputSchema", Test::Record),
            p!("outputSchema", Test::Record),
            p!("annotations", Test::Record),
        ],
    },
    Signature {
        positional: &[
            p!("name", Test::Str),
            p!("title", Test::Str),
            p!("description", Test::Str),
            p!("inputSchema", Test::Record),
            p!("outputSchema", Test::Record),
            p!("annotations", Test::Record),
            p!("_meta", Test::Record),
        ],
    },
    Signature {
        positional: &[
            p!("name", Test::Str),
            p!("inputSchema", Test::Record),
            p!("description", Test::Str),
            p!("outputSchema", Test::Record),
            p!("title", Test::Str),
            p!("annotations", Test::Record),
            p!("icons", Test::Any),
            p!("execution", Test::Record),
            p!("meta", Test::Record),
        ],
    },
];

const TOOL_ANNOTATIONS: &[Signature] = &[Signature {
    positional: &[
        p!("title", Test::Str),
        p!("readOnlyHint", Test::Any),
        p!("destructiveHint", Test::Any),
        p!("idempotentHint", Test::Any),
        p!("openWorldHint", Test::Any),
    ],
}];

const REGISTERED_TOOL: &[Signature] = &[Signature { positional: &[p!("tool", Test::Any), p!("handler", Test::Any)] }];

/// `Tool.Input(properties, required)`, `ToolSchema(properties, required)`
/// (0.8 to 0.14) and `ToolSchema($schema, properties, required, $defs)`.
const SCHEMA: &[Signature] = &[
    Signature { positional: &[p!("properties", Test::Record), p!("required", Test::Any)] },
    Signature {
        positional: &[
            p!("schema", Test::Str),
            p!("properties", Test::Record),
            p!("required", Test::Any),
            p!("defs", Test::Record),
        ],
    },
];

const TOOL_ARG: Path = Path::Param(ADD_TOOL, "tool");

static SERVER_ADD_TOOL: Roles = Roles {
    api: "kotlin.sdk.addTool",
    name: &[Path::Param(ADD_TOOL, "name"), Path::Member(&TOOL_ARG, "name")],
    title: &[Path::Param(ADD_TOOL, "title"), Path::Member(&TOOL_ARG, "title")],
    description: &[Path::Param(ADD_TOOL, "description"), Path::Member(&TOOL_ARG, "description")],
    annotations: &[Path::Param(ADD_TOOL, "toolAnnotations"), Path::Member(&TOOL_ARG, "annotations")],
    params: &[Path::Param(ADD_TOOL, "inputSchema"), Path::Member(&TOOL_ARG, "inputSchema")],
};

const ELEMENT_TOOL: Path = Path::Member(&Path::Element, "tool");

/// Each `RegisteredTool(tool, handler)` of `addTools(list)`.
static ADD_TOOLS: Roles = Roles {
    api: "kotlin.sdk.addTools",
    name: &[Path::Member(&ELEMENT_TOOL, "name")],
    title: &[Path::Member(&ELEMENT_TOOL, "title")],
    description: &[Path::Member(&ELEMENT_TOOL, "description")],
    annotations: &[Path::Member(&ELEMENT_TOOL, "annotations")],
    params: &[Path::Member(&ELEMENT_TOOL, "inputSchema")],
};

/// The hints 0.6 and 0.7 send whatever a `ToolAnnotations(...)` leaves out.
const PRE_08_DEFAULTS: &str =
    "readOnlyHint destructiveHint idempotentHint openWorldHint if io.modelcontextprotocol:kotlin-sdk < 0.8.0";

pub static KOTLIN_SDK: SdkTable = SdkTable {
    api: "kotlin.sdk",
    langs: &[Lang::Kotlin],
    modules: &["io.modelcontextprotocol.kotlin.sdk"],
    symbols: &[
        ("Server", "ServerClass"),
        ("Tool", "Tool"),
        ("ToolAnnotations", "ToolAnnotations"),
        ("RegisteredTool", "RegisteredTool"),
        ("ToolSchema", "Schema"),
    ],
    rules: &[
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::ReturnsApplying("Server") },
        Rule { on: "Server", op: Op::Method("addTool"), effect: Effect::Register(&SERVER_ADD_TOOL) },
        Rule {
            on: "Server",
            op: Op::Method("addTools"),
            effect: Effect::RegisterEach { items: Path::ArgOrKw(0, "toolsToAdd"), roles: &ADD_TOOLS },
        },
        Rule { on: "Tool", op: Op::Call, effect: Effect::Construct { sigs: TOOL, defaults: None } },
        // `Tool.Input(...)` before 0.8.
        Rule { on: "Tool", op: Op::Method("Input"), effect: Effect::Construct { sigs: SCHEMA, defaults: None } },
        Rule { on: "Schema", op: Op::Call, effect: Effect::Construct { sigs: SCHEMA, defaults: None } },
        Rule {
            on: "ToolAnnotations",
            op: Op::Call,
            effect: Effect::Construct { sigs: TOOL_ANNOTATIONS, defaults: Some(PRE_08_DEFAULTS) },
        },
        Rule {
            on: "RegisteredTool",
            op: Op::Call,
            effect: Effect::Construct { sigs: REGISTERED_TOOL, defaults: None },
        },
    ],
    null_is_absent: true,
};
