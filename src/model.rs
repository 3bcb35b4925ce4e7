//! The language-neutral model.
//!
//! Frontends fill [`FileFacts`] (what one file says, unevaluated); `resolve`
//! links the facts of the whole tree and produces [`Tool`]s whose hints are
//! concrete. Nothing here knows which language a fact came from beyond the
//! [`Lang`] tag carried for output.

use crate::source::{FileId, Span};

pub use crate::lang::Lang;

// ---------------------------------------------------------------------------
// Frontend output
// ---------------------------------------------------------------------------

/// The member under which a frontend binds the input fields of a record
/// type (a Pydantic model, a TypedDict, a struct): `<Type>.__fields__` is an
/// [`Expr::Object`] whose keys are the field names, with an
/// [`Entry::Spread`] of `<Base>.__fields__` per base type.
pub const FIELDS_MEMBER: &str = "__fields__";

/// Key of a handler's binding that lists its elicitation calls (each a
/// `true` at the call's span): the evidence a registration elsewhere reads
/// through [`ToolSite::handler_confirms`].
pub const CONFIRMS_KEY: &str = "@confirms";

/// Just enough of an expression to evaluate annotation objects, tool names
/// and the receivers that tools are registered on.
#[derive(Clone, Debug)]
pub enum Expr {
    Bool(bool, Span),
    Str(String, Span),
    /// A number literal: never a valid hint, kept for MCP013.
    Number(String, Span),
    /// `None` / `null` / `nil`.
    Null(Span),
    /// A key/value literal (dict, object literal) or keyword arguments.
    Object {
        entries: Vec<Entry>,
        span: Span,
    },
    /// A dotted name: `READ_ONLY`, `p.READ_ONLY`, `self.mcp`.
    Ref {
        path: Vec<String>,
        span: Span,
    },
    /// A list literal: `[a, ...rest]`.
    List {
        items: Vec<Element>,
        span: Span,
    },
    /// A function or class that forwards its arguments to a registration
    /// call: a project wrapper such as `ToolRegistry.tool`.
    Forwarder(Box<Forwarder>),
    /// Something that is certainly a value but neither a literal nor
    /// followable (a list, an f-string, a lambda): invalid as a hint.
    Other(Span),
    /// Cannot be followed statically.
    Unresolved(Span),
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Bool(_, s)
            | Expr::Str(_, s)
            | Expr::Number(_, s)
            | Expr::Null(s)
            | Expr::Other(s)
            | Expr::Unresolved(s) => *s,
            Expr::Object { span, .. } | Expr::Ref { span, .. } | Expr::List { span, .. } => *span,
            Expr::Forwarder(f) => f.span,
        }
    }
}

/// A pseudo-key a frontend may put in an annotations object: its `Str`
/// value lists (space-separated wire names) the hints the SDK sends with
/// their spec default when the source leaves them absent, optionally
/// followed by `if <module> >= <version>` when only some SDK versions do.
pub const SDK_DEFAULTS_KEY: &str = "@sdk_defaults";
/// A pseudo-key in an annotations object: what comes before it is
/// discarded (an option that replaces the whole annotations struct, such as
/// mcp-go's `WithToolAnnotation`, applied through a project helper).
pub const RESET_KEY: &str = "@reset";
/// A pseudo-key of a tool-definition object: its `Str` value lists the
/// input parameter names (comma-separated) the frontend saw.
pub const PARAMS_KEY: &str = "@params";

/// An element of a list literal.
#[derive(Clone, Debug)]
pub enum Element {
    Item(Expr),
}

#[derive(Clone, Debug)]
pub enum Entry {
    /// `key: value` / `key=value`.
    Pair { key: String, key_span: Span, value: Expr },
    /// `**base` / `...base`: merged in place, later keys win.
    Spread(Expr),
}

#[derive(Clone, Debug)]
pub struct Arg {
    /// Keyword name, `None` for positional arguments.
    pub keyword: Option<String>,
    pub value: Expr,
    /// `**kwargs` (Map) at a call site.
    pub spread: Spread,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spread {
    No,
    Map,
}

/// What a tool registration passes for each part of a tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Name,
    Title,
    Annotations,
}

/// A wrapper that forwards to a registration call. `methods` is empty for a
/// plain function (used as `@wrapper(...)`), or names the forwarding methods
/// of a class (used as `@instance.method(...)`).
#[derive(Clone, Debug)]
pub struct Forwarder {
    pub methods: Vec<String>,
    /// The wrapper's own parameters, in order (without `self`).
    pub params: Vec<String>,
    /// Which wrapper parameter (or fixed value) feeds each role of the inner call.
    pub roles: Vec<(Role, RoleSource)>,
    /// `**kwargs` is passed through to the inner call.
    pub passes_kwargs: bool,
    /// The API of the inner registration.
    pub api: &'static str,
    /// What the inner registration is made on: it must be MCP too.
    pub inner: Gate,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum RoleSource {
    Param(String),
    Fixed(Expr),
}

#[derive(Clone, Debug)]
pub struct Import {
    /// The name bound in this file (`p` in `import pkg.presets as p`).
    pub local: String,
    /// The module specifier as written (`.presets`, `pkg.presets`).
    pub module: String,
    /// The imported member, `None` when the module itself is bound.
    pub member: Option<String>,
    pub span: Span,
}

/// A named value in a file that may be a preset, a server, a tool name…
#[derive(Clone, Debug)]
pub struct Binding {
    /// Dotted for members: `ToolName.SEARCH`, `self.mcp`.
    pub name: String,
    pub value: Expr,
    pub span: Span,
}

/// Who must be confirmed as MCP before a site counts as a tool.
#[derive(Clone, Debug)]
pub enum Gate {
    /// A callable (`Tool(...)`, `Tool.from_function`, `@tool(...)`,
    /// `FastMCP(tools=[...])`) that must resolve to an SDK symbol of `kind`
    /// or to a forwarding wrapper.
    Callee { callee: Expr, kind: CalleeKind },
}

/// What kind of SDK symbol a [`Gate::Callee`] must resolve to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CalleeKind {
    /// A tool class with a `from_function` constructor.
    SdkToolClass,
    /// The protocol-level tool definition type (`mcp.types.Tool`).
    SdkTypesTool,
    /// Only a project wrapper can make this a registration.
    WrapperOnly,
}

/// A registration as written, before resolution.
#[derive(Clone, Debug)]
pub struct ToolSite {
    pub api: &'static str,
    /// Where the registration starts (the decorator's `@`, the call's first
    /// token); its end closes the head that diagnostics underline.
    pub site: Span,
    pub gate: Gate,
    /// Arguments of the registration, for wrappers whose roles are only
    /// known once the wrapper is resolved.
    pub args: Vec<Arg>,
    pub name: Option<Expr>,
    /// Name used when no name argument is given (the function's name).
    pub default_name: Option<(String, Span)>,
    pub title: Option<Expr>,
    pub annotations: Option<Expr>,
    /// Input parameter names, when the frontend can see them.
    pub params: Option<Vec<String>>,
    /// Types whose fields are inputs too (a parameter typed with an input
    /// model). Each is a `Ref` resolved in the site's file to the binding
    /// `<Type>.__fields__` (see [`FIELDS_MEMBER`]); one that cannot be
    /// followed makes the tool's parameters unknown.
    pub input_types: Vec<Expr>,
    /// Where the tool object was defined when that differs from the site.
    pub definition: Option<Span>,
    /// How to spell a hint assignment in this file, for help text.
    pub syntax: Syntax,
    /// The tool-definition object registered (a Go `&mcp.Tool{...}` or a
    /// name for one): roles not given otherwise are read from its
    /// `name`/`title`/`annotations` keys, and when it is reached through a
    /// name its literal becomes the tool's `definition`.
    pub tool_object: Option<Expr>,
    /// An expression for the input type whose keys are the parameter
    /// names, when the frontend cannot list them itself.
    pub input: Option<Expr>,
    /// Calls in the handler body that ask the user to confirm through an
    /// elicitation API (see `frontend::elicit`).
    pub confirms: Vec<Span>,
    /// Handlers named at the registration but defined elsewhere (another
    /// function, a method, another file): the resolver reads each one's
    /// [`CONFIRMS_KEY`] list and adds its spans to `confirms`.
    pub handler_confirms: Vec<Expr>,
}

impl ToolSite {
    /// A site with only its API, head span, gate and help-text syntax set;
    /// frontends fill in the roles they see.
    pub fn new(api: &'static str, site: Span, gate: Gate, syntax: Syntax) -> ToolSite {
        ToolSite {
            api,
            site,
            gate,
            args: vec![],
            name: None,
            default_name: None,
            title: None,
            annotations: None,
            params: None,
            input_types: vec![],
            input: None,
            tool_object: None,
            definition: None,
            syntax,
            confirms: vec![],
            handler_confirms: vec![],
        }
    }
}

/// How source spells `hint = value` (for help lines only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// `ToolAnnotations(readOnlyHint=True)`
    PythonKeyword,
    /// `annotations: { readOnlyHint: true }`
    JsObject,
    /// `Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}`
    GoStruct,
    /// `mcp.WithReadOnlyHintAnnotation(true)`
    GoOption,
    /// `annotations(read_only_hint = true)`
    RustAttr,
    /// `.annotate(ToolAnnotations::new().read_only(true))`
    RustBuilder,
    /// `#[mcp_tool(read_only_hint = true)]` (flat keys)
    RustFlatAttr,
    /// `new McpSchema.ToolAnnotations(title, readOnlyHint, destructiveHint,
    /// idempotentHint, openWorldHint, returnDirect)` (positional, every
    /// version of the Java SDK since 0.11)
    JavaRecord,
    /// `@McpTool(annotations = @McpTool.McpAnnotations(readOnlyHint = true))`
    JavaAnnotation,
    /// Quarkus: `@Tool(annotations = @Tool.Annotations(readOnlyHint = true))`
    QuarkusAnnotation,
    /// Quarkus' programmatic API: `.setAnnotations(new
    /// ToolManager.ToolAnnotations(title, readOnlyHint, destructiveHint,
    /// idempotentHint, openWorldHint))`, every hint a `boolean`
    QuarkusToolManager,
    /// A Spring AI `@Tool` method, which cannot carry hints: `@McpTool(...)` in its place.
    SpringToolMethod,
    /// `addTool(..., toolAnnotations = ToolAnnotations(readOnlyHint = true))`
    KotlinAddTool,
    /// `Tool(..., annotations = ToolAnnotations(readOnlyHint = true))`
    KotlinTool,
    /// `[McpServerTool(ReadOnly = true)]` (the C# SDK's attribute properties)
    CSharpAttr,
    /// `[AiTool("name", ReadOnlyHint = true)]` (McpPlugin's attribute,
    /// whose properties carry the hints' names)
    CSharpHintAttr,
    /// `new McpServerToolCreateOptions { ReadOnly = true }`
    CSharpOptions,
    /// A low-level `new Tool { Annotations = new ToolAnnotations { ReadOnlyHint = true } }`
    CSharpRecord,
    /// An Azure Functions MCP tool trigger (`[McpToolTrigger]`), which
    /// cannot carry hints: the C# SDK's `[McpServerTool(ReadOnly = true)]`
    /// in its place.
    FunctionsTrigger,
    /// Java's `@McpToolTrigger`, which cannot carry hints either: Spring
    /// AI's `@McpTool(annotations = ...)` in its place.
    JavaFunctionsTrigger,
}

/// The component order of the Java SDK's `McpSchema.ToolAnnotations`
/// record: a hint's argument position.
const JAVA_ANNOTATIONS_ORDER: [&str; 6] =
    ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint", "returnDirect"];

/// Quarkus' `ToolManager.ToolAnnotations(title, ...)`: each hint a `boolean`,
/// so one not set is written with its spec default.
const QUARKUS_MANAGER_ORDER: [(&str, &str); 5] = [
    ("title", "null"),
    ("readOnlyHint", "false"),
    ("destructiveHint", "true"),
    ("idempotentHint", "false"),
    ("openWorldHint", "true"),
];

/// `.setAnnotations(new ToolManager.ToolAnnotations(...))` with these hints set.
fn quarkus_manager_record(set: &[(&str, String)]) -> String {
    let read_only = set.iter().any(|(k, v)| *k == "readOnlyHint" && v == "true");
    let args: Vec<String> = QUARKUS_MANAGER_ORDER
        .iter()
        .map(|(c, default)| match set.iter().find(|(k, _)| k == c) {
            Some((_, v)) => v.clone(),
            // Meaningless beside `readOnlyHint = true`: not destructive reads plainer.
            None if *c == "destructiveHint" && read_only => "false".to_string(),
            None => default.to_string(),
        })
        .collect();
    format!(".setAnnotations(new ToolManager.ToolAnnotations({}))", args.join(", "))
}

/// `new McpSchema.ToolAnnotations(...)` with these components set, `null` elsewhere.
fn java_record(set: &[(&str, String)]) -> String {
    let args: Vec<String> = JAVA_ANNOTATIONS_ORDER
        .iter()
        .map(|c| set.iter().find(|(k, _)| k == c).map_or_else(|| "null".to_string(), |(_, v)| v.clone()))
        .collect();
    format!("new McpSchema.ToolAnnotations({})", args.join(", "))
}

impl Syntax {
    /// Whether the registration itself can carry hints: a Spring AI `@Tool`
    /// method and an Azure Functions tool trigger cannot (the tool has to
    /// be registered another way, which [`Syntax::annotations`] shows).
    pub fn carries_hints(self) -> bool {
        !matches!(self, Syntax::SpringToolMethod | Syntax::FunctionsTrigger | Syntax::JavaFunctionsTrigger)
    }
    /// How this syntax spells a hint's key, for every message and help
    /// line (rules never spell a key themselves): `read_only_hint` in Rust,
    /// the `ReadOnlyHint` field in Go (mcp-go's `WithReadOnlyHintAnnotation`
    /// option sets that field too; [`Syntax::assign`] shows the option), the
    /// wire name in Python and TypeScript/JavaScript.
    pub fn key(self, hint: HintKind) -> &'static str {
        match self {
            Syntax::RustAttr | Syntax::RustBuilder | Syntax::RustFlatAttr => hint.snake_name(),
            Syntax::GoStruct | Syntax::GoOption | Syntax::CSharpRecord | Syntax::CSharpHintAttr => hint.go_field(),
            Syntax::PythonKeyword
            | Syntax::JsObject
            | Syntax::JavaRecord
            | Syntax::JavaAnnotation
            | Syntax::QuarkusAnnotation
            | Syntax::QuarkusToolManager
            | Syntax::SpringToolMethod
            | Syntax::KotlinAddTool
            | Syntax::KotlinTool => hint.wire_name(),
            Syntax::CSharpAttr | Syntax::CSharpOptions => hint.csharp_property(),
            // Nothing of the trigger's spells a hint: the wire's names.
            Syntax::FunctionsTrigger | Syntax::JavaFunctionsTrigger => hint.wire_name(),
        }
    }
    pub fn assign(self, hint: HintKind, value: bool) -> String {
        match self {
            Syntax::PythonKeyword => {
                format!("{}={}", hint.wire_name(), if value { "True" } else { "False" })
            }
            Syntax::JsObject => format!("{}: {value}", hint.wire_name()),
            Syntax::GoStruct => {
                let field = hint.go_field();
                match hint {
                    HintKind::ReadOnly | HintKind::Idempotent => format!("{field}: {value}"),
                    _ => format!("{field}: jsonschema.Ptr({value})"),
                }
            }
            Syntax::GoOption => format!("mcp.With{}Annotation({value})", hint.go_field()),
            Syntax::RustAttr | Syntax::RustFlatAttr => format!("{} = {value}", hint.snake_name()),
            Syntax::RustBuilder => format!(".{}({value})", hint.snake_name().trim_end_matches("_hint")),
            // The position is the message: `readOnlyHint` is the 2nd argument.
            Syntax::JavaRecord => java_record(&[(hint.wire_name(), value.to_string())]),
            // One hint is a whole record: the others at their defaults.
            Syntax::QuarkusToolManager => format!("{} = {value}", hint.wire_name()),
            Syntax::JavaAnnotation
            | Syntax::QuarkusAnnotation
            | Syntax::SpringToolMethod
            | Syntax::JavaFunctionsTrigger => format!("{} = {value}", hint.wire_name()),
            Syntax::KotlinAddTool | Syntax::KotlinTool => format!("{} = {value}", hint.wire_name()),
            Syntax::CSharpAttr | Syntax::CSharpOptions | Syntax::FunctionsTrigger => {
                format!("{} = {value}", hint.csharp_property())
            }
            Syntax::CSharpRecord | Syntax::CSharpHintAttr => format!("{} = {value}", hint.go_field()),
        }
    }
    pub fn annotations(self, parts: &[String]) -> String {
        match self {
            Syntax::PythonKeyword => format!("annotations=ToolAnnotations({})", parts.join(", ")),
            Syntax::JsObject => format!("annotations: {{ {} }}", parts.join(", ")),
            Syntax::GoStruct => format!("Annotations: &mcp.ToolAnnotations{{{}}}", parts.join(", ")),
            Syntax::GoOption => parts.join(", "),
            Syntax::RustAttr => format!("annotations({})", parts.join(", ")),
            Syntax::RustBuilder => format!(".annotate(ToolAnnotations::new(){})", parts.concat()),
            Syntax::RustFlatAttr | Syntax::CSharpAttr | Syntax::CSharpHintAttr => parts.join(", "),
            Syntax::JavaRecord => {
                // Each part is a record with one component set: merge them.
                let mut set: Vec<(&str, String)> = vec![];
                for p in parts {
                    let inner = p.split_once('(').map_or("", |(_, r)| r.trim_end_matches(')'));
                    for (i, v) in inner.split(", ").enumerate() {
                        if v != "null" {
                            if let Some(c) = JAVA_ANNOTATIONS_ORDER.get(i) {
                                set.push((c, v.to_string()));
                            }
                        }
                    }
                }
                java_record(&set)
            }
            Syntax::JavaAnnotation => format!("annotations = @McpTool.McpAnnotations({})", parts.join(", ")),
            Syntax::QuarkusAnnotation => format!("annotations = @Tool.Annotations({})", parts.join(", ")),
            Syntax::QuarkusToolManager => {
                let set: Vec<(&str, String)> =
                    parts.iter().filter_map(|p| p.split_once(" = ")).map(|(k, v)| (k, v.to_string())).collect();
                quarkus_manager_record(&set)
            }
            Syntax::SpringToolMethod | Syntax::JavaFunctionsTrigger => {
                format!("@McpTool(annotations = @McpTool.McpAnnotations({}))", parts.join(", "))
            }
            Syntax::KotlinAddTool => format!("toolAnnotations = ToolAnnotations({})", parts.join(", ")),
            Syntax::KotlinTool => format!("annotations = ToolAnnotations({})", parts.join(", ")),
            Syntax::CSharpOptions => format!("new McpServerToolCreateOptions {{ {} }}", parts.join(", ")),
            Syntax::CSharpRecord => format!("Annotations = new ToolAnnotations {{ {} }}", parts.join(", ")),
            Syntax::FunctionsTrigger => format!("[McpServerTool({})]", parts.join(", ")),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Problem {
    pub span: Span,
    pub message: String,
}

/// Everything one file says that resolution may need.
#[derive(Clone, Debug)]
pub struct FileFacts {
    pub file: FileId,
    pub lang: Lang,
    pub imports: Vec<Import>,
    pub bindings: Vec<Binding>,
    pub tools: Vec<ToolSite>,
    /// Parse errors: the rest of the file was still searched.
    pub problems: Vec<Problem>,
    /// Where this file sets the annotations of every registered tool at run
    /// time (through the SDK's private tool registry): the tools of its
    /// project that declare none in source are unknown, not unannotated.
    pub runtime_annotations: Option<Span>,
}

impl FileFacts {
    pub fn new(file: FileId, lang: Lang) -> FileFacts {
        FileFacts {
            file,
            lang,
            imports: vec![],
            bindings: vec![],
            tools: vec![],
            problems: vec![],
            runtime_annotations: None,
        }
    }
    pub fn binding(&self, name: &str) -> Option<&Binding> {
        // The last assignment at module level wins.
        self.bindings.iter().rev().find(|b| b.name == name)
    }
    pub fn import(&self, local: &str) -> Option<&Import> {
        self.imports.iter().rev().find(|i| i.local == local)
    }
}

// ---------------------------------------------------------------------------
// Resolved tools
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HintKind {
    ReadOnly,
    Destructive,
    Idempotent,
    OpenWorld,
}

impl HintKind {
    pub const ALL: [HintKind; 4] =
        [HintKind::ReadOnly, HintKind::Destructive, HintKind::Idempotent, HintKind::OpenWorld];

    pub fn wire_name(self) -> &'static str {
        match self {
            HintKind::ReadOnly => "readOnlyHint",
            HintKind::Destructive => "destructiveHint",
            HintKind::Idempotent => "idempotentHint",
            HintKind::OpenWorld => "openWorldHint",
        }
    }
    pub fn snake_name(self) -> &'static str {
        match self {
            HintKind::ReadOnly => "read_only_hint",
            HintKind::Destructive => "destructive_hint",
            HintKind::Idempotent => "idempotent_hint",
            HintKind::OpenWorld => "open_world_hint",
        }
    }
    /// The Go struct field / mcp-go option stem.
    pub fn go_field(self) -> &'static str {
        match self {
            HintKind::ReadOnly => "ReadOnlyHint",
            HintKind::Destructive => "DestructiveHint",
            HintKind::Idempotent => "IdempotentHint",
            HintKind::OpenWorld => "OpenWorldHint",
        }
    }
    /// The C# SDK's property (`[McpServerTool(ReadOnly = true)]`,
    /// `McpServerToolCreateOptions.ReadOnly`).
    pub fn csharp_property(self) -> &'static str {
        match self {
            HintKind::ReadOnly => "ReadOnly",
            HintKind::Destructive => "Destructive",
            HintKind::Idempotent => "Idempotent",
            HintKind::OpenWorld => "OpenWorld",
        }
    }
    /// The value a client assumes when the hint is absent.
    pub fn spec_default(self) -> bool {
        match self {
            HintKind::ReadOnly => false,
            HintKind::Destructive => true,
            HintKind::Idempotent => false,
            HintKind::OpenWorld => true,
        }
    }
}

/// One hint as the tool ends up declaring it.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint<T = bool> {
    Declared { value: T, span: Span },
    Absent,
    Unresolved { span: Span },
    Invalid { text: String, span: Span },
}

impl<T> Hint<T> {
    pub fn is_absent(&self) -> bool {
        matches!(self, Hint::Absent)
    }
    pub fn declared(&self) -> Option<&T> {
        match self {
            Hint::Declared { value, .. } => Some(value),
            _ => None,
        }
    }
    pub fn span(&self) -> Option<Span> {
        match self {
            Hint::Declared { span, .. } | Hint::Unresolved { span } | Hint::Invalid { span, .. } => Some(*span),
            Hint::Absent => None,
        }
    }
}

impl Hint<bool> {
    pub fn is(&self, v: bool) -> bool {
        self.declared() == Some(&v)
    }
}

/// Where a tool's annotations come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// No annotations argument at all (or an explicit null).
    None,
    Inline(Span),
    /// A named preset, with the span of its definition.
    Preset {
        symbol: String,
        defined_at: Span,
        used_at: Span,
    },
    Unresolved(Span),
}

/// A key that looks like a hint but is not one where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct UnknownKey {
    pub key: String,
    pub span: Span,
    pub intended: HintKind,
    /// Why the key does not count (e.g. the SDK generation in use).
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Annotations {
    pub origin: Origin,
    pub title: Hint<String>,
    pub read_only: Hint,
    pub destructive: Hint,
    pub idempotent: Hint,
    pub open_world: Hint,
    pub unknown_keys: Vec<UnknownKey>,
    /// Hints the SDK sends with their spec default when they are absent
    /// here (mcp-go's `NewTool` pre-fills all four): still `Absent`, since
    /// the author never decided, but messages say what goes on the wire.
    pub sdk_defaults: Vec<HintKind>,
    /// Hints one literal writes twice: the later entry wins.
    pub duplicates: Vec<Duplicate>,
}

/// A hint key written twice in one annotations literal.
#[derive(Clone, Debug, PartialEq)]
pub struct Duplicate {
    pub key: String,
    pub kind: HintKind,
    /// The earlier entry (key through value): what the later one overrides.
    pub earlier: Span,
    /// The later key: the one that counts.
    pub later: Span,
}

impl Annotations {
    pub fn none() -> Annotations {
        Annotations {
            origin: Origin::None,
            title: Hint::Absent,
            read_only: Hint::Absent,
            destructive: Hint::Absent,
            idempotent: Hint::Absent,
            open_world: Hint::Absent,
            unknown_keys: vec![],
            sdk_defaults: vec![],
            duplicates: vec![],
        }
    }
    pub fn hint(&self, kind: HintKind) -> &Hint {
        match kind {
            HintKind::ReadOnly => &self.read_only,
            HintKind::Destructive => &self.destructive,
            HintKind::Idempotent => &self.idempotent,
            HintKind::OpenWorld => &self.open_world,
        }
    }
    pub fn hint_mut(&mut self, kind: HintKind) -> &mut Hint {
        match kind {
            HintKind::ReadOnly => &mut self.read_only,
            HintKind::Destructive => &mut self.destructive,
            HintKind::Idempotent => &mut self.idempotent,
            HintKind::OpenWorld => &mut self.open_world,
        }
    }
}

/// A tool registration with everything resolution could learn about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tool {
    /// `None` when the name is computed at run time.
    pub name: Option<String>,
    pub name_span: Option<Span>,
    pub site: Span,
    /// The registering call, when the tool is reported elsewhere (at the
    /// decorator that declared it in another file).
    pub registered_at: Option<Span>,
    pub definition: Option<Span>,
    /// The source language; `None` for a tool read off the wire.
    pub language: Option<Lang>,
    pub api: &'static str,
    pub params: Option<Vec<String>>,
    /// The description as written (an argument, or a docstring), when it is
    /// a literal: secondary evidence for the intent rules, never a trigger.
    pub description: Option<String>,
    /// The top-level `title` (not `annotations.title`).
    pub title: Hint<String>,
    pub annotations: Annotations,
    /// Where annotations would be written when it has none (`--fix`): the
    /// registering call or the record literal the SDK reads them from.
    pub slot: Option<Span>,
    /// Why `--fix` must not write hints for it (the project's SDK release
    /// predates the API a fix would use), if so.
    pub unfixable: Option<String>,
    /// The function whose parameters are the tool's inputs (a FastMCP
    /// handler's signature), for a fix that adds one.
    pub handler: Option<Span>,
    pub syntax: Syntax,
    /// Where the handler asks the user to confirm (elicitation): a guard.
    pub confirms: Vec<Span>,
    /// Declared as a tool (a C# `[McpServerTool]` method) in a class that
    /// nothing in the tree serves: only MCP033 looks at it, and it is not
    /// in the inventory.
    pub unserved: bool,
    /// Stands for the tools an SDK makes at run time from data the source
    /// does not hold (an OpenAPI description): their number, names and
    /// hints are unknown.
    pub generated: bool,
}

impl Tool {
    /// A name for messages: the tool name, or a placeholder.
    pub fn display_name(&self) -> &str {
        match &self.name {
            Some(name) => name,
            None if self.generated => "<generated>",
            None => "<computed>",
        }
    }
}
