//! The official C# SDK (`modelcontextprotocol/csharp-sdk`, NuGet packages
//! `ModelContextProtocol`, `ModelContextProtocol.Core`,
//! `ModelContextProtocol.AspNetCore`). Facts from its source
//! (`src/ModelContextProtocol.Core/Server/McpServerToolAttribute.cs`,
//! `AIFunctionMcpServerTool.cs`, `McpServerToolCreateOptions.cs`,
//! `src/ModelContextProtocol/McpServerBuilderExtensions.cs`; see
//! sdk-patterns.md, 5):
//!
//! - `[McpServerTool(Name =, Title =, ReadOnly =, Destructive =,
//!   Idempotent =, OpenWorld =, ...)]` on a method makes it a tool once its
//!   class is served. The `bool` properties have nullable backing fields
//!   (`_readOnly`, ...): a property not set is not sent (absent, not
//!   `false`). `DeriveOptions` copies each one set into the create options;
//!   when any of `Title`/`ReadOnly`/`Destructive`/`Idempotent`/`OpenWorld`
//!   is set the tool gets an `annotations` object holding exactly those,
//!   `Title` also as `annotations.title` (every version), and as the tool's
//!   own `title` since 0.3.0-preview.1.
//! - The name: `Name`, else derived from the method (`DeriveName`, since
//!   0.3.0-preview.2, #568): an `Async` suffix is dropped when the method
//!   returns `Task`, `ValueTask` (or their generic forms) or
//!   `IAsyncEnumerable<T>`, runs of characters other than ASCII letters and
//!   digits become `_` (trimmed), then `JsonNamingPolicy.SnakeCaseLower`
//!   (`GetNoteAsync` → `get_note`, `XMLReader` → `xml_reader`). Before,
//!   the name was Microsoft.Extensions.AI's `AIFunctionFactory` default:
//!   the sanitised method name with the `Async` suffix dropped, case kept
//!   (`GetNote`).
//! - `McpServerTool.Create(delegate, new McpServerToolCreateOptions { Name
//!   =, Title =, ReadOnly =, ... })` makes a tool value (its own roles; the
//!   `bool?` options are sent only when set); `Name` unset: derived as above.
//! - Serving (`McpServerBuilderExtensions`): `WithTools<T>()` and
//!   `WithTools(params Type[])` / `WithTools(IEnumerable<Type>)` add every
//!   `[McpServerTool]` method of the types (public or not, static or
//!   instance), `[McpServerToolType]` or not; `WithToolsFromAssembly()` adds
//!   those of every `[McpServerToolType]` class of the assembly;
//!   `WithTools(IEnumerable<McpServerTool>)` adds tool values.
//!   `AddMcpServer()` is an extension method on `IServiceCollection` in
//!   namespace `Microsoft.Extensions.DependencyInjection`, where the
//!   package also declares the builder's extension methods: that namespace
//!   is listed among the modules for those names only.

use super::{Effect, Given, Listing, NameRule, Op, Path, Roles, Rule, SdkTable, Serve};
use crate::frontend::csharp::{RETURNS, TARGET};
use crate::model::Lang;

/// The attribute's hint properties and the wire keys they are sent as.
pub const HINT_PROPERTIES: &[(&str, &str)] = &[
    ("Title", "title"),
    ("ReadOnly", "readOnlyHint"),
    ("Destructive", "destructiveHint"),
    ("Idempotent", "idempotentHint"),
    ("OpenWorld", "openWorldHint"),
];

pub const API_ATTRIBUTE: &str = "csharp.sdk.McpServerTool";
pub const API_CREATE: &str = "csharp.sdk.McpServerTool.Create";

/// The first SDK version whose tool names are snake_case.
const SNAKE_SINCE: &str = "0.3.0-preview.2";
/// The SDK's NuGet packages.
pub const PACKAGES: &[&str] = &["ModelContextProtocol", "ModelContextProtocol.Core", "ModelContextProtocol.AspNetCore"];

static NAMES: NameRule = NameRule { current: derive_snake, since: (PACKAGES, SNAKE_SINCE), before: derive_pascal };

static ATTRIBUTE: Roles = Roles {
    api: API_ATTRIBUTE,
    name: &[Path::Kw("Name"), Path::DerivedName { of: &Path::Kw(TARGET), returns: &Path::Kw(RETURNS), rule: &NAMES }],
    title: &[Path::Kw("Title")],
    // `[Description]` on the method (the lowering's docstring).
    description: &[Path::Member(&Path::Kw(TARGET), "__doc__")],
    annotations: &[Path::Kws(HINT_PROPERTIES)],
    params: &[Path::MethodInputs { of: &Path::Kw(TARGET), injected: INJECTED, inputs: INPUT_TYPES }],
};

/// Parameters the SDK fills itself (`RequestServiceProvider.IsAugmentedWith`,
/// and Microsoft.Extensions.AI's `CancellationToken`, `IServiceProvider`,
/// `AIFunctionArguments`; `IMcpServer`/`IMcpEndpoint` before 1.0): never
/// in the input schema.
const INJECTED: &[&str] = &[
    "CancellationToken",
    "IServiceProvider",
    "AIFunctionArguments",
    "RequestContext",
    "McpServer",
    "IMcpServer",
    "IMcpEndpoint",
    "IProgress",
    "ClaimsPrincipal",
];

/// Value types that are always inputs (a service from dependency injection
/// is never one of these).
const INPUT_TYPES: &[&str] = &[
    "string",
    "bool",
    "int",
    "long",
    "short",
    "byte",
    "sbyte",
    "uint",
    "ulong",
    "ushort",
    "double",
    "float",
    "decimal",
    "char",
    "object",
    "String",
    "Boolean",
    "Int32",
    "Int64",
    "Double",
    "DateTime",
    "DateTimeOffset",
    "DateOnly",
    "TimeOnly",
    "TimeSpan",
    "Guid",
    "Uri",
    "JsonElement",
    "JsonNode",
    "JsonObject",
];

/// `Create(delegate, options)`: the options are the last argument (also
/// `options:` by name).
static CREATE: Roles = Roles {
    api: API_CREATE,
    name: &[
        Path::Member(&Path::Kw("options"), "Name"),
        Path::Member(&Path::Arg(1), "Name"),
        Path::DerivedName { of: &Path::Arg(0), returns: &Path::Unknown, rule: &NAMES },
    ],
    title: &[Path::Member(&Path::Kw("options"), "Title"), Path::Member(&Path::Arg(1), "Title")],
    description: &[Path::Member(&Path::Kw("options"), "Description"), Path::Member(&Path::Arg(1), "Description")],
    annotations: &[Path::Pick(&Path::Kw("options"), HINT_PROPERTIES), Path::Pick(&Path::Arg(1), HINT_PROPERTIES)],
    params: &[],
};

/// The API reported for `Tool` records a list-tools handler returns.
pub const API_LOWLEVEL: &str = "csharp.lowlevel";

/// A `Tool` record a list-tools handler returns (`ModelContextProtocol.Protocol.Tool`).
static TOOL_RECORD: Roles = Roles {
    api: API_LOWLEVEL,
    name: &[Path::Kw("Name")],
    title: &[Path::Kw("Title")],
    description: &[Path::Kw("Description")],
    annotations: &[Path::Kw("Annotations")],
    params: &[],
};

static LIST_TOOLS: Listing =
    Listing { record: "ToolRecord", result: Some(("ListResult", "Tools")), roles: &TOOL_RECORD };

/// `ToolAnnotations`' properties and the names they are sent under.
const ANNOTATION_WIRE: &[(&str, &str)] = &[
    ("Title", "title"),
    ("ReadOnlyHint", "readOnlyHint"),
    ("DestructiveHint", "destructiveHint"),
    ("IdempotentHint", "idempotentHint"),
    ("OpenWorldHint", "openWorldHint"),
];

const API: &str = "csharp.sdk";

pub static CSHARP_SDK: SdkTable = SdkTable {
    api: API,
    langs: &[Lang::CSharp],
    modules: &["ModelContextProtocol", "Microsoft.Extensions.DependencyInjection"],
    symbols: &[
        // The attribute (`[McpServerTool]`, `McpServerToolAttribute`) and the
        // abstract class with the static `Create`: one short name.
        ("Server.McpServerTool", "Tool"),
        ("Server.McpServerToolType", "ToolType"),
        ("Server.McpServerToolCreateOptions", "CreateOptions"),
        // Extension methods, by bare name (called on a value of any type).
        ("AddMcpServer", "AddMcpServer"),
        // The builder's extension methods, for a receiver nobody knows (a
        // chain broken by `#if` lines, a builder made elsewhere).
        ("WithTools", "WithToolsExt"),
        ("WithToolsFromAssembly", "WithToolsFromAssemblyExt"),
        // The server's options, whose properties hold the low-level
        // handlers (`McpServerHandlers` since 0.4; before, the
        // capabilities' `ToolsCapability` held them), and the records the
        // handlers return.
        ("Server.McpServerOptions", "Options"),
        ("Protocol.ServerCapabilities", "Capabilities"),
        ("Server.McpServerHandlers", "Handlers"),
        ("Protocol.ToolsCapability", "Handlers"),
        ("Protocol.Tool", "ToolRecord"),
        ("Protocol.ListToolsResult", "ListResult"),
        ("Protocol.ToolAnnotations", "AnnotationsRecord"),
    ],
    rules: &[
        Rule { on: "Tool", op: Op::Call, effect: Effect::RegisterOwned { roles: &ATTRIBUTE, owner: Path::Kw(TARGET) } },
        Rule { on: "Tool", op: Op::Method("Create"), effect: Effect::RegisterReturns(&CREATE, "ServerTool") },
        Rule { on: "ToolType", op: Op::Call, effect: Effect::Serve(Serve::Mark("ToolType", Path::Kw(TARGET))) },
        Rule { on: "CreateOptions", op: Op::Struct, effect: Effect::Record },
        Rule { on: "CreateOptions", op: Op::Call, effect: Effect::Record },
        // `services.AddMcpServer(o => ...)` (an extension method: the
        // receiver is argument 0; the callback configures the options) and
        // the builder's chain.
        Rule {
            on: "AddMcpServer",
            op: Op::Call,
            effect: Effect::CallsBack {
                func: Path::Arg(1),
                with: &[Given::Sdk(API, "Options")],
                returns: Some("Builder"),
            },
        },
        Rule { on: "Builder", op: Op::Method("WithTools"), effect: Effect::Serve(Serve::Named { skip: 0 }) },
        Rule { on: "WithToolsExt", op: Op::Call, effect: Effect::Serve(Serve::Named { skip: 1 }) },
        Rule { on: "WithToolsFromAssemblyExt", op: Op::Call, effect: Effect::Serve(Serve::Marked("ToolType")) },
        Rule {
            on: "Builder",
            op: Op::Method("WithToolsFromAssembly"),
            effect: Effect::Serve(Serve::Marked("ToolType")),
        },
        // Objects whose properties are set (`new McpServerOptions { Handlers
        // = new() { ListToolsHandler = f } }`, `o.Handlers.ListToolsHandler
        // = f`): each property of an SDK type is typed here, so a
        // target-typed `new()` written to it is of that type.
        Rule { on: "Options", op: Op::Call, effect: Effect::Returns("Options") },
        Rule { on: "Options", op: Op::Struct, effect: Effect::Properties },
        Rule { on: "Options", op: Op::Member("Handlers"), effect: Effect::Returns("Handlers") },
        Rule { on: "Options", op: Op::Assign("Handlers"), effect: Effect::OfType("Handlers") },
        Rule { on: "Options", op: Op::Member("Capabilities"), effect: Effect::Returns("Capabilities") },
        Rule { on: "Options", op: Op::Assign("Capabilities"), effect: Effect::OfType("Capabilities") },
        Rule { on: "Capabilities", op: Op::Call, effect: Effect::Returns("Capabilities") },
        Rule { on: "Capabilities", op: Op::Struct, effect: Effect::Properties },
        Rule { on: "Capabilities", op: Op::Member("Tools"), effect: Effect::Returns("Handlers") },
        Rule { on: "Capabilities", op: Op::Assign("Tools"), effect: Effect::OfType("Handlers") },
        Rule { on: "Handlers", op: Op::Call, effect: Effect::Returns("Handlers") },
        Rule { on: "Handlers", op: Op::Struct, effect: Effect::Properties },
        Rule { on: "Handlers", op: Op::Assign("ListToolsHandler"), effect: Effect::ListingHandler(&LIST_TOOLS) },
        Rule { on: "Builder", op: Op::Method("WithListToolsHandler"), effect: Effect::ListingHandler(&LIST_TOOLS) },
        Rule { on: "ToolRecord", op: Op::Struct, effect: Effect::Definition },
        Rule { on: "ToolRecord", op: Op::Assign("Annotations"), effect: Effect::OfType("AnnotationsRecord") },
        Rule { on: "ListResult", op: Op::Struct, effect: Effect::Definition },
        Rule {
            on: "AnnotationsRecord",
            op: Op::Struct,
            effect: Effect::WireRecord { fields: ANNOTATION_WIRE, defaults: None },
        },
        Rule { on: "Builder", op: Op::AnyMethod, effect: Effect::Returns("Builder") },
    ],
    null_is_absent: true,
};

/// Whether a return type's name is one `DeriveName` treats as async.
fn is_async_type(returns: &str) -> bool {
    matches!(returns, "Task" | "ValueTask" | "IAsyncEnumerable")
}

/// The method name with `Async` dropped for an async method and runs of
/// characters other than ASCII letters and digits as `_` (trimmed); the
/// method name when nothing is left. `None` when the return type is not
/// known and the name ends in `Async`.
fn sanitised(method: &str, returns: Option<&str>) -> Option<String> {
    let mut name = method;
    if name.len() > "Async".len() && name.ends_with("Async") {
        match returns {
            Some(r) if is_async_type(r) => name = &name[..name.len() - "Async".len()],
            Some(_) => {}
            None => return None,
        }
    }
    let mut out = String::with_capacity(name.len());
    let mut run = false;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
            run = false;
        } else if !run {
            out.push('_');
            run = true;
        }
    }
    let out = out.trim_matches('_').to_string();
    Some(if out.is_empty() { method.to_string() } else { out })
}

/// `DeriveName` since 0.3.0-preview.2: sanitised, then
/// `JsonNamingPolicy.SnakeCaseLower` (System.Text.Json's separator policy:
/// a word starts at an upper-case letter after a lower-case letter or
/// digit, and at the last of a run of upper-case letters followed by a
/// lower-case one; other characters are kept and start afresh).
pub fn derive_snake(method: &str, returns: Option<&str>) -> Option<String> {
    let name = sanitised(method, returns)?;
    #[derive(PartialEq)]
    enum State {
        NotStarted,
        Upper,
        LowerOrDigit,
    }
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    let mut state = State::NotStarted;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            match state {
                State::LowerOrDigit => out.push('_'),
                State::Upper if chars.get(i + 1).is_some_and(|n| n.is_lowercase()) => out.push('_'),
                _ => {}
            }
            out.extend(c.to_lowercase());
            state = State::Upper;
        } else if c.is_lowercase() || c.is_ascii_digit() {
            out.push(c);
            state = State::LowerOrDigit;
        } else {
            out.push(c);
            state = State::NotStarted;
        }
    }
    Some(out)
}

/// Before 0.3.0-preview.2: Microsoft.Extensions.AI's function name, the
/// sanitised method name with its case.
pub fn derive_pascal(method: &str, returns: Option<&str>) -> Option<String> {
    sanitised(method, returns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_names() {
        let t = Some("Task");
        assert_eq!(derive_snake("GetNoteAsync", t).as_deref(), Some("get_note"));
        assert_eq!(derive_snake("GetNoteAsync", Some("string")).as_deref(), Some("get_note_async"));
        assert_eq!(derive_snake("GetNoteAsync", None), None);
        assert_eq!(derive_snake("Echo", None).as_deref(), Some("echo"));
        assert_eq!(derive_snake("XMLReader", None).as_deref(), Some("xml_reader"));
        assert_eq!(derive_snake("SHA512Hash", None).as_deref(), Some("sha512_hash"));
        assert_eq!(derive_snake("Get2Things", None).as_deref(), Some("get2_things"));
        assert_eq!(derive_snake("List_Notes", None).as_deref(), Some("list_notes"));
        assert_eq!(derive_snake("Async", t).as_deref(), Some("async"));
        assert_eq!(derive_snake("StreamAsync", Some("IAsyncEnumerable")).as_deref(), Some("stream"));
        assert_eq!(derive_pascal("GetNoteAsync", Some("ValueTask")).as_deref(), Some("GetNote"));
    }
}
