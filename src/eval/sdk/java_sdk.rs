//! modelcontextprotocol/java-sdk (`io.modelcontextprotocol`), 0.8 to 2.x.
//! Read from `mcp-core/src/main/java/io/modelcontextprotocol/spec/McpSchema.java`
//! (`mcp/src/main/...` before 1.0), `server/McpServer.java`,
//! `server/McpServerFeatures.java` and `server/McpSyncServer.java`:
//!
//! - `McpSchema.ToolAnnotations` is the record `(title, readOnlyHint,
//!   destructiveHint, idempotentHint, openWorldHint, returnDirect)` since
//!   0.11 (six positional arguments; `returnDirect` is not in the spec);
//!   `ToolAnnotations.builder()` with one setter per component and
//!   `build()` exists since 2.0. The record is `@JsonInclude(NON_ABSENT)`:
//!   a `null` component is not sent.
//! - `McpSchema.Tool`: the canonical record is `(name, title, description,
//!   inputSchema, outputSchema, annotations, meta)` (0.11 to 1.x), with
//!   `icons` added in 2.0; the deprecated constructors of 0.11 to 0.13 are
//!   `(name, description, schema)`, `(name, description, schema,
//!   annotations)`, `(name, description, inputSchema, outputSchema,
//!   annotations)` and `(name, title, description, inputSchema,
//!   outputSchema, annotations)`: the argument count says which, so each
//!   part is read by arity. `Tool.builder()` (0.14 and later; 2.0 adds
//!   `builder(name)` / `builder(name, inputSchema)`) has `name`, `title`,
//!   `description`, `inputSchema`, `outputSchema`, `annotations`, `meta`,
//!   `icons` and `build()`.
//! - `McpServerFeatures.SyncToolSpecification(tool, call)` /
//!   `AsyncToolSpecification` (also `McpStatelessServerFeatures`'), the 0.8
//!   `SyncToolRegistration(tool, call)`, and their `builder().tool(t)
//!   .callHandler(h).build()`; a specification nobody registers here is a
//!   tool where it is made (Spring AI's MCP server registers the
//!   `SyncToolSpecification` beans a configuration returns).
//! - `McpServer.sync(transport)` / `.async(transport)` are builders whose
//!   `tools(spec...)`, `tools(List<spec>)` and `toolCall(tool, handler)`
//!   (`tool(tool, handler)` from 0.8 to 0.10) register, and `build()` gives an `McpSyncServer` / `McpAsyncServer`
//!   (also the stateless ones) whose `addTool(spec)` registers.
//! - The SDK fills in no hint.

use super::{Effect, Init, Op, Path, Roles, Rule, SdkTable, SetTo};
use crate::model::Lang;

/// The API reported for tools registered through the official Java SDK.
pub const API: &str = "java.sdk.tool";

/// `new Tool(...)`: each part by the constructor's argument count.
const TOOL_NEW: &[(&str, Init)] = &[
    ("name", Init::From(Path::Arg(0))),
    ("title", Init::NonNull(Path::ArgOfArity(&[(6, 1), (7, 1), (8, 1)]))),
    ("description", Init::NonNull(Path::ArgOfArity(&[(3, 1), (4, 1), (5, 1), (6, 2), (7, 2), (8, 2)]))),
    ("annotations", Init::NonNull(Path::ArgOfArity(&[(4, 3), (5, 4), (6, 5), (7, 5), (8, 5)]))),
];

/// `new ToolAnnotations(title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint, returnDirect)`.
const ANNOTATIONS_NEW: &[(&str, Init)] = &[
    ("title", Init::NonNull(Path::Arg(0))),
    ("readOnlyHint", Init::NonNull(Path::Arg(1))),
    ("destructiveHint", Init::NonNull(Path::Arg(2))),
    ("idempotentHint", Init::NonNull(Path::Arg(3))),
    ("openWorldHint", Init::NonNull(Path::Arg(4))),
];

const SPEC_NEW: &[(&str, Init)] = &[("tool", Init::From(Path::Arg(0))), ("call", Init::From(Path::Arg(1)))];

macro_rules! tool_roles {
    ($tool:expr) => {
        Roles {
            api: API,
            name: &[Path::Member($tool, "name")],
            title: &[Path::Member($tool, "title")],
            description: &[Path::Member($tool, "description")],
            annotations: &[Path::Member($tool, "annotations")],
            params: &[],
        }
    };
}

/// A tool specification (argument 0): its `tool` record.
static SPEC: Roles = tool_roles!(&Path::Member(&Path::Arg(0), "tool"));
/// `toolCall(tool, handler)`: the tool record itself.
static TOOL_CALL: Roles = tool_roles!(&Path::Arg(0));

#[cfg(test)]
const SERVER_TYPES: &[&str] = &["McpSyncServer", "McpAsyncServer", "McpStatelessSyncServer", "McpStatelessAsyncServer"];

pub static JAVA_SDK: SdkTable = SdkTable {
    api: "java.sdk",
    langs: &[Lang::Java],
    modules: &["io.modelcontextprotocol"],
    symbols: &[
        ("spec.McpSchema", "Schema"),
        ("spec.McpSchema.Tool", "ToolClass"),
        ("spec.McpSchema.ToolAnnotations", "AnnotationsClass"),
        ("server.McpServer", "McpServerClass"),
        ("server.McpServerFeatures", "Features"),
        ("server.McpStatelessServerFeatures", "Features"),
        ("server.McpServerFeatures.SyncToolSpecification", "SpecClass"),
        ("server.McpServerFeatures.AsyncToolSpecification", "SpecClass"),
        ("server.McpServerFeatures.SyncToolRegistration", "SpecClass"),
        ("server.McpServerFeatures.AsyncToolRegistration", "SpecClass"),
        ("server.McpSyncServer", "ServerClass"),
        ("server.McpAsyncServer", "ServerClass"),
        ("server.McpStatelessSyncServer", "ServerClass"),
        ("server.McpStatelessAsyncServer", "ServerClass"),
    ],
    rules: &[
        Rule { on: "Schema", op: Op::Member("Tool"), effect: Effect::Returns("ToolClass") },
        Rule { on: "Schema", op: Op::Member("ToolAnnotations"), effect: Effect::Returns("AnnotationsClass") },
        Rule { on: "Features", op: Op::Member("SyncToolSpecification"), effect: Effect::Returns("SpecClass") },
        Rule { on: "Features", op: Op::Member("AsyncToolSpecification"), effect: Effect::Returns("SpecClass") },
        Rule { on: "Features", op: Op::Member("SyncToolRegistration"), effect: Effect::Returns("SpecClass") },
        Rule { on: "Features", op: Op::Member("AsyncToolRegistration"), effect: Effect::Returns("SpecClass") },
        // Tool records.
        Rule {
            on: "ToolClass",
            op: Op::Call,
            effect: Effect::Options { init: TOOL_NEW, options: usize::MAX, defines: None },
        },
        Rule {
            on: "ToolClass",
            op: Op::Method("builder"),
            effect: Effect::Builder { ty: "ToolBuilder", fields: &[("name", SetTo::Arg(0))] },
        },
        Rule { on: "ToolBuilder", op: Op::Method("name"), effect: Effect::Set(&[("name", SetTo::Arg(0))]) },
        Rule { on: "ToolBuilder", op: Op::Method("title"), effect: Effect::Set(&[("title", SetTo::Arg(0))]) },
        Rule {
            on: "ToolBuilder",
            op: Op::Method("description"),
            effect: Effect::Set(&[("description", SetTo::Arg(0))]),
        },
        Rule {
            on: "ToolBuilder",
            op: Op::Method("annotations"),
            effect: Effect::Set(&[("annotations", SetTo::Arg(0))]),
        },
        Rule { on: "ToolBuilder", op: Op::Method("inputSchema"), effect: Effect::Set(&[]) },
        Rule { on: "ToolBuilder", op: Op::Method("outputSchema"), effect: Effect::Set(&[]) },
        Rule { on: "ToolBuilder", op: Op::Method("meta"), effect: Effect::Set(&[]) },
        Rule { on: "ToolBuilder", op: Op::Method("icons"), effect: Effect::Set(&[]) },
        Rule { on: "ToolBuilder", op: Op::Method("build"), effect: Effect::Set(&[]) },
        // Annotations.
        Rule {
            on: "AnnotationsClass",
            op: Op::Call,
            effect: Effect::Options { init: ANNOTATIONS_NEW, options: usize::MAX, defines: None },
        },
        Rule {
            on: "AnnotationsClass",
            op: Op::Method("builder"),
            effect: Effect::Builder { ty: "AnnotationsBuilder", fields: &[] },
        },
        Rule { on: "AnnotationsBuilder", op: Op::Method("title"), effect: Effect::Set(&[("title", SetTo::Arg(0))]) },
        Rule {
            on: "AnnotationsBuilder",
            op: Op::Method("readOnlyHint"),
            effect: Effect::Set(&[("readOnlyHint", SetTo::Arg(0))]),
        },
        Rule {
            on: "AnnotationsBuilder",
            op: Op::Method("destructiveHint"),
            effect: Effect::Set(&[("destructiveHint", SetTo::Arg(0))]),
        },
        Rule {
            on: "AnnotationsBuilder",
            op: Op::Method("idempotentHint"),
            effect: Effect::Set(&[("idempotentHint", SetTo::Arg(0))]),
        },
        Rule {
            on: "AnnotationsBuilder",
            op: Op::Method("openWorldHint"),
            effect: Effect::Set(&[("openWorldHint", SetTo::Arg(0))]),
        },
        Rule { on: "AnnotationsBuilder", op: Op::Method("returnDirect"), effect: Effect::Set(&[]) },
        Rule { on: "AnnotationsBuilder", op: Op::Method("build"), effect: Effect::Set(&[]) },
        // Tool specifications.
        Rule {
            on: "SpecClass",
            op: Op::Call,
            effect: Effect::Options { init: SPEC_NEW, options: usize::MAX, defines: Some(&SPEC) },
        },
        Rule { on: "SpecClass", op: Op::Method("builder"), effect: Effect::Builder { ty: "SpecBuilder", fields: &[] } },
        // `new SyncToolSpecification.Builder()`: the nested class the
        // static `builder()` constructs.
        Rule { on: "SpecClass", op: Op::Member("Builder"), effect: Effect::Returns("SpecBuilderClass") },
        Rule { on: "SpecBuilderClass", op: Op::Call, effect: Effect::Builder { ty: "SpecBuilder", fields: &[] } },
        Rule { on: "SpecBuilder", op: Op::Method("tool"), effect: Effect::Set(&[("tool", SetTo::Arg(0))]) },
        Rule { on: "SpecBuilder", op: Op::Method("callHandler"), effect: Effect::Set(&[("call", SetTo::Arg(0))]) },
        Rule { on: "SpecBuilder", op: Op::Method("call"), effect: Effect::Set(&[("call", SetTo::Arg(0))]) },
        Rule { on: "SpecBuilder", op: Op::Method("build"), effect: Effect::Build(&SPEC) },
        // Servers.
        Rule { on: "McpServerClass", op: Op::Method("sync"), effect: Effect::Returns("ServerSpec") },
        Rule { on: "McpServerClass", op: Op::Method("async"), effect: Effect::Returns("ServerSpec") },
        Rule { on: "ServerSpec", op: Op::Method("tools"), effect: Effect::RegisterArgs(0, &SPEC) },
        Rule { on: "ServerSpec", op: Op::Method("toolCall"), effect: Effect::RegisterChained(&TOOL_CALL) },
        // Before 0.11 the same method was `tool(tool, handler)`.
        Rule { on: "ServerSpec", op: Op::Method("tool"), effect: Effect::RegisterChained(&TOOL_CALL) },
        Rule { on: "ServerSpec", op: Op::Method("build"), effect: Effect::Returns("Server") },
        Rule { on: "ServerSpec", op: Op::AnyMethod, effect: Effect::Returns("ServerSpec") },
        Rule { on: "ServerClass", op: Op::Call, effect: Effect::Returns("Server") },
        Rule { on: "Server", op: Op::Method("addTool"), effect: Effect::RegisterArgs(0, &SPEC) },
    ],
    null_is_absent: true,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_classes_are_symbols() {
        for t in SERVER_TYPES {
            assert_eq!(JAVA_SDK.symbol(&format!("server.{t}")), Some("ServerClass"));
        }
        assert_eq!(JAVA_SDK.symbol("McpSchema"), Some("Schema"));
        assert_eq!(JAVA_SDK.symbol("Tool"), Some("ToolClass"));
        assert!(JAVA_SDK.owns(Lang::Java, "io.modelcontextprotocol.spec"));
    }
}
