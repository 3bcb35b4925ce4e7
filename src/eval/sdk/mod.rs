//! SDKs as data (CodeQL's "models as data", reduced to what tool discovery
//! needs): which imports are an SDK, what their symbols are, and which calls
//! on SDK values register a tool and where each part of the tool is.
//!
//! The interpreter knows no SDK by name. A table row says, for example,
//! "calling `tool` on a `Server` returns a decorator; calling that decorator
//! with a function registers a tool whose name is keyword `name` or else the
//! function's name". Adding an SDK, an overload or a renamed class is adding
//! rows, not code.

use crate::model::Lang;

/// One SDK (or one generation of it).
#[derive(Debug)]
pub struct SdkTable {
    /// The `api` prefix reported for its tools (`python.fastmcp`).
    pub api: &'static str,
    pub langs: &'static [Lang],
    /// Module specifiers that are this SDK: an import of one of these, or of
    /// a sub-module (`mcp.server.fastmcp` under `mcp`), resolves here.
    pub modules: &'static [&'static str],
    /// What importing a member gives: `("FastMCP", "ServerClass")`. Paths
    /// are dotted from the module (`server.fastmcp.FastMCP`); the last
    /// segment alone also matches, so re-exports need no extra rows.
    pub symbols: &'static [(&'static str, &'static str)],
    pub rules: &'static [Rule],
    /// A registration argument passed as `None`/`null` counts as not given
    /// (Python's `annotations: ToolAnnotations | None = None`).
    pub null_is_absent: bool,
}

/// SDK types that say what a parameter's annotation is ([`super::inputs`]),
/// for any table to use: a type form of `typing` or pydantic, an SDK's
/// request context.
pub mod forms {
    /// The bounds of a subscript (`x[a:b]`, lowered as `x[slice(a, b)]`).
    pub const SLICE: &str = "@slice";
    /// A request context the SDK injects (`ctx: Context`): not an input.
    pub const CONTEXT: &str = "@context";
    /// A default that makes the parameter injected by the SDK, not an
    /// input (fastmcp's `progress: Progress = Progress()`, `Depends(f)`).
    pub const DEPENDENCY: &str = "@dependency";
    /// A type with no input fields of its own (`str`, `list[Model]`, `Literal[...]`).
    pub const SCALAR: &str = "@scalar";
    /// The builtin `str`: as a type, a scalar; called, the text of a path.
    pub const STRING: &str = "@string";
    /// A `pathlib` path class: as a type, a scalar; called, a path object.
    pub const PATH: &str = "@path";
    /// A `pathlib` path object, its text kept as argument 0.
    pub const PATH_OBJECT: &str = "@path-object";
    /// A builtin sequence type (`list`, `tuple`): as a type, a scalar;
    /// called, a new sequence of its argument's items.
    pub const COLLECTION: &str = "@collection";
    /// The builtin `dict`: as a type, a scalar; called, a new mapping.
    pub const MAPPING: &str = "@mapping";
    /// A builtin set type (`set`, `frozenset`): as [`COLLECTION`], each item once.
    pub const SET_COLLECTION: &str = "@set-collection";
    /// A base that makes a class a model and adds no fields (`BaseModel`, `TypedDict`).
    pub const MODEL_BASE: &str = "@model-base";
    /// A base whose subclasses are scalars (`Enum`).
    pub const ENUM_BASE: &str = "@enum-base";
    /// A value of any of the kept arguments (`Union[A, B]`, `Optional[A]`, `A | None`).
    pub const UNION: &str = "@union";
    /// The first kept argument, the rest metadata (`Annotated[T, Field(...)]`, `NotRequired[T]`).
    pub const ANNOTATED: &str = "@annotated";
    /// A class-level name that is not a field (`ClassVar[int]`).
    pub const CLASS_VAR: &str = "@class-var";
    /// A field's declaration (`Field(alias=...)`), its arguments kept.
    pub const FIELD: &str = "@field";
    /// Alternative names a field validates from (`AliasChoices("a", "b")`), kept.
    pub const ALIAS_CHOICES: &str = "@alias-choices";
    /// The contents of a file read by path (`fs.readFileSync(p)`,
    /// `open(p)`, `p.read_text()`), its path's text kept as argument 0:
    /// nothing is read until the contents are parsed as JSON.
    pub const FILE_TEXT: &str = "@file-text";
}

/// What an [`Effect::Path`] row does. A path is its text (what CPython's
/// `os.path` functions take and give) or a path object (`pathlib`'s, of
/// type [`forms::PATH_OBJECT`], keeping its text as argument 0).
#[derive(Debug, Clone, Copy)]
pub enum PathOp {
    /// `Path(a, b, ...)`: a path object of the arguments joined.
    Make,
    /// The text of a path object or a string (`str(p)`, `os.fspath(p)`,
    /// `os.path.abspath(s)`, `p.as_posix()`); anything else is unknown.
    Text,
    /// The text normalized (`os.path.normpath`, `abspath`, `realpath`: `..`
    /// folded lexically).
    Normal,
    /// The same path object, normalized (`p.resolve()`, `p.absolute()`).
    Same,
    /// The directory above: `os.path.dirname(s)` (text), `p.parent` (a path object).
    Parent,
    /// The last component: `os.path.basename(s)`, `p.name`.
    Name,
    /// The last component without its extension: `p.stem`.
    Stem,
    /// Components joined: `os.path.join(a, b)` (text), `p.joinpath(a)` and
    /// `p / a` (a path object).
    Join,
    /// Node's `path.join(a, b, ...)`: every part appended (an absolute one
    /// too), then normalized.
    JoinNormal,
    /// Node's `path.resolve(a, b, ...)`: joined from the last absolute
    /// part, normalized; unknown when none is absolute (the process's
    /// working directory).
    Resolve,
    /// The path a `file:` URL names (`url.fileURLToPath(u)`); the text of
    /// a path as it is.
    FromUrl,
    /// The names in a directory of the program, sorted: `os.listdir(p)`.
    ListNames,
    /// Its entries as path objects: `p.iterdir()`; `p.glob(pattern)` those
    /// whose name matches a one-level pattern (`*.py`).
    Children { glob: bool },
}

/// What an [`Effect::File`] row does: files are data a server reads at
/// run time (a JSON description of its tools), never run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileOp {
    /// The file whose path is argument 0 (text, a `file:` URL or a path
    /// object), opened or read: a [`forms::FILE_TEXT`].
    Read,
    /// The file whose path the receiver is (`p.read_text()`, `p.open()`).
    ReadOwn,
    /// The receiver's contents again (`f.read()`, `buf.toString()`, `with
    /// open(p) as f`).
    Same,
    /// Argument 0's contents parsed as JSON (`json.load(f)`,
    /// `json.loads(text)`, `JSON.parse(text)`): the document's value, when
    /// the file is a JSON file in a linted directory; unknown otherwise.
    ParseJson,
}

/// Where a mount call ([`Effect::Mount`]) gives what the child's tools are
/// listed as: the keywords that may hold the prefix (when it is not the
/// positional beside the server), the separator and a renaming mapping.
#[derive(Debug)]
pub struct MountRoles {
    pub prefix: &'static [&'static str],
    pub separator: Option<&'static str>,
    pub renames: Option<&'static str>,
}

/// What an operation on a value of SDK type `on` does.
#[derive(Debug)]
pub struct Rule {
    /// The SDK type the rule applies to (`"ServerClass"`, `"Server"`).
    pub on: &'static str,
    pub op: Op,
    pub effect: Effect,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Op {
    /// Calling the value itself (a class, a decorator, a function).
    Call,
    /// Calling its method of this name.
    Method(&'static str),
    /// Calling any method no `Method` rule names (a schema builder's
    /// `.string().describe(...)` chains).
    AnyMethod,
    /// Declaring or asserting a value to be of the type (`const t: Tool =
    /// {...}`, `[...] satisfies Tool[]`); [`crate::ir::Expr::Typed`].
    Typed,
    /// Reading this property (not calling it): `server._registeredTools`.
    Member(&'static str),
    /// A project class that extends the value (`class X extends MCPTool`),
    /// each time an instance of it is made: the instance is argument 0.
    Extend,
    /// A module that imports the SDK and exports this name (xmcp's
    /// `export const metadata` in a tool file), once the module has run: the
    /// exported value is argument 0. Modules under a directory named in
    /// `not_under` (another kind of file of the same convention) do not count.
    Export { name: &'static str, not_under: &'static [&'static str] },
    /// Passing this keyword argument when calling the value itself; applies
    /// beside the `Call` rule (`Server("x", on_list_tools=handler)`).
    Kw(&'static str),
    /// Handing the value to an SDK where it sends JSON schema (a tool's
    /// input schema): the JSON schema the SDK makes of it.
    ToJsonSchema,
    /// A typed record literal of the type (Go's `mcp.ToolAnnotations{...}`,
    /// [`crate::ir::Expr::Struct`]): the effect sees the fields as keyword
    /// arguments.
    Struct,
    /// Writing this property of the value (`tool.annotations = v`, a Rust
    /// struct's public field): the effect sees the value as argument 0.
    Assign(&'static str),
    /// Subscripting the value (`Optional[Model]`, `list[str]`): the effect
    /// sees the index as the call's positional arguments, a tuple's items
    /// one by one.
    Index,
    /// Writing an item of the value (`registry[key] = v`): the effect sees
    /// the key and the value as arguments 0 and 1.
    SetIndex,
}

/// What an [`Effect::SetOption`] writes: nothing known, a kept argument,
/// or the input schema of the struct the option call names as its type
/// argument (`WithInputSchema[Args]()`, lowered as the keyword `[0]`).
#[derive(Clone, Copy, Debug)]
pub enum OptionArg {
    None,
    Arg(usize),
    TypeSchema(&'static str),
}

#[derive(Debug)]
pub enum Effect {
    /// The result is a value of this SDK type (`FastMCP(...)` → `Server`).
    Returns(&'static str),
    /// As `Returns`, and the trailing lambda the call is given (Kotlin's
    /// `block: T.() -> Unit`, which the constructor runs) is called with the
    /// value as its receiver (`Server(info, options) { addTool(...) }`).
    ReturnsApplying(&'static str),
    /// A constructor whose parameters are the fields of the record it makes
    /// (a Kotlin data class): arguments bound by these signatures, one per
    /// SDK version (a field the versions bind to different arguments is
    /// unknown), named ones by name; `defaults`: an SDK-defaults marker
    /// ([`crate::model::SDK_DEFAULTS_KEY`]) for the hints the SDK sends when
    /// the call leaves them out.
    Construct { sigs: &'static [Signature], defaults: Option<&'static str> },
    /// As `Returns`, and each element of the list given as this keyword is
    /// registered as if passed alone to a call with these roles
    /// (`FastMCP("x", tools=[...])`).
    ReturnsRegistering(&'static str, &'static str, &'static Roles),
    /// As `Returns`, and the SDK makes the server's tools at run time from
    /// data the source does not hold (fastmcp's `FastMCP.from_openapi(spec,
    /// client)`): one tool with these roles' API stands for them, its name
    /// and hints unknown, so the run says it could not see them (MCP031)
    /// instead of going quiet.
    ReturnsGenerating(&'static str, &'static Roles),
    /// A record constructor: the call's keyword arguments are the fields of
    /// the object it makes (`ToolAnnotations(readOnlyHint=True)`).
    Record,
    /// The call registers a tool (`server.registerTool(name, config, cb)`).
    Register(&'static Roles),
    /// The call returns a decorator that registers the function it is
    /// applied to, with these roles read from the decorator's own call
    /// (and `Path::Handler` / `Path::HandlerName` from the function).
    Decorator(&'static Roles),
    /// The result is a value of this SDK type that keeps the call's
    /// arguments, for a later [`Effect::KeptArg`] (`functools.wraps(f)`).
    Keeps(&'static str),
    /// Python's `range(stop)` / `range(start, stop[, step])`: the list of its
    /// numbers when every argument is a known integer and it is not too long.
    Range,
    /// A stereotype annotation (`@Service`): the class it is applied to is
    /// a bean; with arguments of its own (`@Service("name")`), still the
    /// annotation.
    Bean,
    /// A container's beans of the class the call names: every one, by
    /// name (`getBeansOfType(T.class)`), or `one` of them (`getBean`).
    BeansOf { one: bool },
    /// A .NET container registration (`services.AddSingleton<I, Impl>()`,
    /// `AddScoped(typeof(I), typeof(Impl))`, `AddSingleton<I>(sp => new
    /// Impl())`, `AddSingleton(instance)`): the implementation is a bean;
    /// the result is the receiver.
    Service,
    /// A container definition whose value a lambda makes (Koin's
    /// `single<T>(qualifier) { ... }`, `factory { ... }`): the lambda runs
    /// once with a value of this type as its receiver (its `get()`), and
    /// what it returns is defined as the type argument `T` (or its own).
    ContainerDefine(&'static str),
    /// A container lookup by the call's type argument over what
    /// [`Effect::ContainerDefine`] defined and the beans: the last
    /// (`get<T>()`, `GetRequiredService<T>()`) or (`one` false) all of them
    /// (`getAll<T>()`, `GetServices<T>()`).
    ContainerGet { one: bool },
    /// The result is the n-th positional argument of the call a
    /// [`Effect::Keeps`] value was made by.
    KeptArg(usize),
    /// The result is the call's own n-th positional argument.
    Arg(usize),
    /// The class of the call's only argument, an instance of a project
    /// class (Python's `type(self)`); otherwise some type.
    ClassOf,
    /// Python's `isinstance(v, C)` (`C` a class or a tuple of them):
    /// decided for project classes ([`crate::eval`]'s `relations`).
    IsInstance,
    /// Python's `issubclass(c, class)` (or a tuple of classes), decided as
    /// [`Effect::IsInstance`] is, over the project's class hierarchy.
    IsSubclass,
    /// Python's `callable(v)`: true of a function or a class, false of a
    /// literal; unknown of anything else.
    IsCallable,
    /// Python's `list(it)`, `tuple(it)`, `set(it)`, `frozenset(it)`: a new
    /// list of the items of a known list (of a dict: its keys), `unique`
    /// for a set; empty with no argument.
    Collect { unique: bool },
    /// Python's `sorted(it, key=None, reverse=False)`: as `list(it)`, in
    /// order when every item is a string and no `key` is given (other
    /// items keep their order: the same items, their order not followed).
    Sorted,
    /// One server serves another's tools under a prefix (fastmcp's
    /// `parent.mount(child, namespace)`, `import_server(child, prefix)`):
    /// [`crate::eval`]'s `mounts`.
    Mount(&'static MountRoles),
    /// A copy of the call's first argument: a new dict or list of the same
    /// items, any other value itself (`copy.copy`); `deep`: the dicts and
    /// lists inside copied too (`copy.deepcopy`).
    Copy { deep: bool },
    /// Python's `dict(mapping_or_pairs, **kwargs)`: a new dict of the
    /// mapping's keys (or the known pairs), then the keywords.
    NewMapping,
    /// Python's `importlib.import_module(name, package=None)`: the module
    /// of the program the name (absolute, or relative to `package`) names,
    /// run as an import runs it ([`crate::eval`]'s `dynamic_imports`).
    ImportModule,
    /// `sys.modules[name]`: the running module under its own dotted name
    /// or `"__main__"`, another module as [`Effect::ImportModule`] finds it.
    LoadedModule,
    /// Python's `getattr(obj, name[, default])`: the member `name` (a known
    /// string) of `obj`, read as `obj.name` is; `default` when `obj` lacks it.
    GetAttr,
    /// Python's `inspect.iscoroutinefunction(f)`: whether `f` is an
    /// `async def` ([`crate::ir::Function::is_async`]).
    IsCoroutineFunction,
    /// `pkgutil.iter_modules(path, prefix="")` (`walk_packages` when
    /// `recursive`): a `ModuleInfo(module_finder, name, ispkg)` for each
    /// module of the package whose `__path__` is `path`.
    ListModules { recursive: bool },
    /// The keys of argument `from` are copied into the object at argument
    /// `into`, in order (Go's `maps.Copy(dst, src)`); a source that is not
    /// a known object may have set any key. No result.
    CopyInto { into: usize, from: usize },
    /// Argument `arg` unless it is nil, then argument `default`: a pointer
    /// read with a fallback (k8s.io/utils/ptr's `Deref(p, def)`, samber/lo's
    /// `FromPtrOr(p, def)`). Each alternative is read so; unknown stays so.
    ArgOrDefault { arg: usize, default: usize },
    /// A new list of the elements of every positional argument, in order
    /// (Go's `slices.Concat(a, b, c)`).
    Concat,
    /// A file-system path computed from the module's own file
    /// (`Path(__file__).parent`, `os.path.dirname(__file__)`): see
    /// [`PathOp`] and `sdk/python_paths.rs`.
    Path(PathOp),
    /// The length of argument 0, when it is known (Python's `len(x)`).
    Length,
    /// A file read by path, or its contents parsed: see [`FileOp`] and
    /// `eval/data_files.rs`.
    File(FileOp),
    /// The n-th positional argument when there is one, else the value
    /// itself: a decorator used bare or with options (`@dataclass`,
    /// `@dataclass(frozen=True)`) that returns what it decorates.
    ArgOrSelf(usize),
    /// `functools.partial(f, *args, **kw)`: a value that calls `f` with
    /// these arguments before (and keywords under) its own.
    Partial,
    /// The call builds a tool object (a value of type `"Tool"`) holding
    /// the parts these roles read; registering it reads them back with
    /// [`Path::Of`] (fastmcp's `Tool.from_function(fn, ...)`).
    MakeTool(&'static Roles),
    /// The call returns a decorator (or, given the function, is one) that
    /// turns the function into a tool object (fastmcp's standalone `@tool`).
    ToolDecorator(&'static Roles),
    /// The value is a tool definition object (for [`Op::Typed`], or a
    /// record literal for [`Op::Struct`]): `roles` read it as `Path::Arg(0)`;
    /// a tool of its own when no registration reads it.
    Define(&'static Roles),
    /// The call installs a request handler that answers with definitions
    /// (the low-level `setRequestHandler(ListToolsRequestSchema, handler)`).
    ListHandler(&'static ListHandler),
    /// Like `Register`, and the call returns a value of this SDK type that
    /// stands for the registered tool (the TS SDK's `RegisteredTool`).
    RegisterReturns(&'static Roles, &'static str),
    /// Like `Register`, and the call returns its receiver, so a builder's
    /// chain goes on (pmcp's `Server::builder().tool(name, handler)`). A
    /// call handed a value that stands for a tool registered already (a
    /// `RegisterReturns` value, pmcp's `TypedTool`) registers nothing new:
    /// that tool is counted where it was made.
    RegisterChained(&'static Roles),
    /// Registers one tool per element of the list, or per value of the
    /// record, that `items` yields; a function there is called first with no
    /// arguments (the SDK calls it for its list). Roles read from the
    /// element through [`Path::Element`] and [`Path::Key`].
    RegisterEach { items: Path, roles: &'static Roles },
    /// Called on a value that stands for a registered tool: the roles that
    /// yield a value replace the tool's (`registered.update({ annotations })`).
    Update(&'static Roles),
    /// The SDK's registry of the tools registered so far, by name, each a
    /// value of this type (`server._registeredTools`).
    Registry(&'static str),
    /// The SDK calls the function at `func` with these values
    /// (`createMcpHandler((server) => ...)`, C#'s options callbacks
    /// `AddMcpServer(o => ...)` and `Configure<McpServerOptions>(o => ...)`);
    /// the call gives a value of type `returns` (the receiver itself when
    /// it is of that type), else nothing known.
    CallsBack { func: Path, with: &'static [Given], returns: Option<&'static str> },
    /// Writing a property whose declared type is this SDK type: a record
    /// literal that names no type (C#'s target-typed `new() { ... }`) is
    /// one of this type, its properties written as that type's
    /// [`Effect::Properties`] row says.
    OfType(&'static str),
    /// A record literal of an object type with settable properties (`new
    /// McpServerOptions { Handlers = ... }`): the object, then each property
    /// written through the type's [`Op::Assign`] rows, as C#'s object
    /// initializer does.
    Properties,
    /// The effect applies only when argument `arg` is this string (a
    /// request handler keyed by method name: `setRequestHandler("tools/list", h)`).
    When { arg: usize, equals: &'static str, then: &'static Effect },
    /// The effect applies unless keyword `kw` is a value of this SDK type
    /// (McpPlugin's `[AiTool(..., ToolType = McpToolType.System)]`, kept
    /// out of the tool list).
    Unless { kw: &'static str, ty: &'static str, then: &'static Effect },
    /// The value behaves as this type of another table (`(api, type)`):
    /// a wrapper that adds methods to a server keeps the server's own.
    As(&'static str, &'static str),
    /// A record like [`Effect::Record`] that also remembers it is of SDK
    /// type `on` and which call made it, for an SDK that reads tools out of
    /// such records later ([`Listing`]).
    Definition,
    /// The call returns a decorator whose function is a list-tools handler
    /// (`@server.list_tools()`).
    ListingDecorator(&'static Listing),
    /// The argument (of an [`Op::Kw`] rule) is a list-tools handler.
    ListingHandler(&'static Listing),
    /// A record literal ([`Op::Struct`]) as the SDK sends it: each field
    /// under its JSON name (`fields`: Go name, wire name; others keep
    /// theirs), with an SDK-defaults marker ([`crate::model::SDK_DEFAULTS_KEY`])
    /// when the SDK fills in hints the literal leaves out.
    WireRecord { fields: &'static [(&'static str, &'static str)], defaults: Option<&'static str> },
    /// Go's functional options (mcp-go's `NewTool(name, opts...)`): a new
    /// record holding `init`, then every positional argument from `options`
    /// on called with the record, in order, as the SDK does. A project
    /// function among them runs; an unknown one may have set anything.
    /// `defines`: the record is a tool definition read with these roles
    /// (as `Path::Arg(0)`), a tool of its own when no registration reads it.
    Options { init: &'static [(&'static str, Init)], options: usize, defines: Option<&'static Roles> },
    /// An option made by the call ([`Effect::Keeps`] its arguments), that,
    /// called with a record, writes the kept argument `arg` at `at` (a
    /// path of keys; `None` as a key: the string kept argument 0, for
    /// `WithString("id", ...)`). `at` empty: the option does nothing known
    /// to tool discovery.
    SetOption { at: &'static [Option<&'static str>], arg: OptionArg },
    /// Registers each positional argument from this one on, as if passed
    /// alone to a call with these roles (mcp-go's `AddTools(tools...)`).
    RegisterArgs(usize, &'static Roles),
    /// No value: an SDK default that is unset (a Rust trait's provided
    /// method returning `None`, reached when an impl does not override it).
    Nothing,
    /// A builder record of SDK type `ty` (`ToolAnnotations::new()`), with
    /// these fields set from the call ([`super::builders`]).
    Builder { ty: &'static str, fields: &'static [(&'static str, SetTo)] },
    /// Called on a value that stands for a registered tool: these hints
    /// set in its annotations (pmcp's `.read_only()` shortcuts).
    UpdateHints(&'static [(&'static str, SetTo)]),
    /// A method of a builder record: a copy with these fields set
    /// (`.read_only(b)`; pmcp's `.destructive()` sets two).
    Set(&'static [(&'static str, SetTo)]),
    /// A builder record's terminal method (Java's `.build()`): a copy of
    /// the record that is a tool definition read with these roles (as
    /// `Path::Arg(0)`), a tool of its own when no registration reads it.
    Build(&'static Roles),
    /// An annotation that only marks the method it is applied to (Spring
    /// AI's `@Tool`): registered, with these roles read from the marker's
    /// call, when an object of its class is handed to an
    /// [`Effect::RegisterMarked`] call.
    MethodMarker(&'static Roles),
    /// Registers every marked method of each object argument's class
    /// (Spring AI's `MethodToolCallbackProvider.builder().toolObjects(..)`);
    /// the chain goes on.
    RegisterMarked,
    /// An object schema that keeps its shape (zod's `z.object({...})` and
    /// what its methods derive from it), or its conversion to JSON schema.
    Shape(ShapeOp),
    /// Like `Register`, for a tool the SDK only serves when its owner, the
    /// class of the method `owner` yields, is served ([`Serve`]): a method
    /// of a class nothing serves is a tool declared but not served.
    RegisterOwned { roles: &'static Roles, owner: Path },
    /// What serves owners of [`Effect::RegisterOwned`] tools; the result is
    /// the receiver, so a builder's chain goes on.
    Serve(Serve),
}

/// How an [`Effect::Serve`] call serves classes.
/// A value an [`Effect::CallsBack`] hands the function.
#[derive(Debug)]
pub enum Given {
    /// A value of this type of the table with this api.
    Sdk(&'static str, &'static str),
    /// A value of the type the call's n-th type argument names
    /// (`Configure<McpServerOptions>(o => ...)`); unknown for a type no
    /// table or project declares.
    TypeArgument(usize),
    /// As `TypeArgument`, of the call the receiver kept
    /// (`AddOptions<McpServerOptions>().Configure(o => ...)`).
    KeptTypeArgument(usize),
    /// Nothing known (a service the container resolves).
    Unknown,
}

#[derive(Debug)]
pub enum Serve {
    /// Every class its arguments name (positional, type arguments `[0]`,
    /// lists of them) but the first `skip` positional ones (an extension
    /// method's receiver): `WithTools<T>()`, `WithTools(typeof(A), typeof(B))`.
    Named { skip: usize },
    /// Every class marked with this mark (`WithToolsFromAssembly()`: the
    /// `[McpServerToolType]` classes).
    Marked(&'static str),
    /// Marks the class at `Path` (`[McpServerToolType]` on a class).
    Mark(&'static str, Path),
    /// Marks the class at `Path` and serves every class so marked: a host
    /// that scans each loaded assembly for the mark (McpPlugin's
    /// `[AiToolType]` in Unity-MCP).
    MarkServed(&'static str, Path),
}

/// A field an [`Effect::Options`] record starts with.
#[derive(Debug)]
pub enum Init {
    /// What the path yields from the call (absent: the field is left out).
    From(Path),
    Str(&'static str),
    /// An object of these fields.
    Object(&'static [(&'static str, Init)]),
    /// What the path yields, left out when it is `null` (a Java record
    /// component serialised with `@JsonInclude(NON_ABSENT)`).
    NonNull(Path),
}

/// What a builder sets a field to.
#[derive(Debug, Clone, Copy)]
pub enum SetTo {
    /// The call's n-th positional argument.
    Arg(usize),
    Bool(bool),
}

/// What an [`Effect::Shape`] row does. A shaped value is a value of its SDK
/// type that keeps its shape, the object of field schemas, as argument 0 of
/// the call it keeps; a value of the type without one (`z.string()`) stays
/// shapeless through every operation, and converts to nothing known.
#[derive(Debug)]
pub enum ShapeOp {
    /// A new shaped value of this type, of the object argument 0 (none
    /// given: no fields).
    New(&'static str),
    /// The receiver's shape, unchanged (`.strict()`, `.describe(...)`).
    Same,
    /// The receiver's shape with the fields of the object `with` yields
    /// added or replacing its own (`.extend(shape)`; `.merge(other)` reads
    /// `other.shape`).
    Extend(&'static Path),
    /// Only the fields a truthy key of the mask argument 0 names (`.pick`),
    /// or all but those (`.omit`, with `false`).
    Pick(bool),
    /// The JSON schema of the shaped value `of` yields (the receiver when
    /// `None`): `{ type: "object", properties }`, one property per field.
    /// `nests`: an option that, when it is a string or an object with a
    /// `name`, nests the schema under `definitions` behind a `$ref`, so the
    /// properties are no longer where a client reads them (unknown).
    JsonSchema { of: Option<&'static Path>, nests: Option<&'static Path> },
}

/// A list-tools handler: the SDK calls it and every record of type
/// `record` it returns is one tool. The handler returns the list itself or
/// a result record holding it; the tool's roles are keyword arguments of
/// the record's constructor (`types.Tool(name=..., annotations=...)`).
#[derive(Debug)]
pub struct Listing {
    pub record: &'static str,
    /// A result record type and the field that holds the list (`ListToolsResult.tools`).
    pub result: Option<(&'static str, &'static str)>,
    pub roles: &'static Roles,
}

/// A request handler whose answer lists tool definitions.
#[derive(Debug)]
pub struct ListHandler {
    /// The argument that says which request is handled.
    pub request: usize,
    /// The SDK types (a request schema symbol) or strings (a method name)
    /// that argument must be for the handler to list tools.
    pub requests: &'static [&'static str],
    /// The argument that is the handler function.
    pub handler: usize,
    /// The member of the handler's result that holds the definitions.
    pub list: &'static str,
    /// Each definition's parts, read from it as `Path::Arg(0)`.
    pub roles: &'static Roles,
}

/// Where each part of a registered tool comes from, as access paths
/// evaluated against the registration call. A role whose path yields
/// nothing (an argument not given) is absent; the first path that yields
/// a value wins.
#[derive(Debug)]
pub struct Roles {
    /// The `api` reported for tools registered this way.
    pub api: &'static str,
    pub name: &'static [Path],
    pub title: &'static [Path],
    pub description: &'static [Path],
    pub annotations: &'static [Path],
    /// The input schema the SDK is given (a zod raw shape, a JSON schema),
    /// whose keys are the tool's parameters. Empty: the SDK reads them off
    /// the handler (Python's signatures) or the row does not say.
    pub params: &'static [Path],
}

/// An access path from a registration call to a value (CodeQL's
/// `Argument[n]` / `Argument[name:]` / `Member[x]` tokens).
#[derive(Debug)]
pub enum Path {
    /// The n-th positional argument.
    Arg(usize),
    /// The keyword argument of this name.
    Kw(&'static str),
    /// The n-th positional argument or else the keyword (Python's
    /// positional-or-keyword parameters).
    ArgOrKw(usize, &'static str),
    /// A member of what another path yields (`Arg(1).annotations`).
    Member(&'static Path, &'static str),
    /// The decorated function (for [`Effect::Decorator`]).
    Handler,
    /// The decorated function's own name.
    HandlerName,
    /// The parameter of this name when the call is bound to the SDK
    /// function's signature, one version of it or several (a parameter
    /// list that changed order between releases).
    Param(&'static [Signature], &'static str),
    /// Part `name` / `title` / `description` / `annotations` / `fn` of the
    /// tool object another path yields, or of the tool a function was
    /// registered as ([`Effect::MakeTool`]).
    Of(&'static Path, &'static str),
    /// What the function another path yields returns, called with no
    /// arguments, as the SDK calls a handler it was given.
    Returned(&'static Path),
    /// A trait's provided method `method` of the value another path
    /// yields (pmcp's `ToolHandler::metadata`): the value's own method when
    /// its type defines one; absent when the impl that defines the trait's
    /// required method `required` is seen without it (the trait's default
    /// is used; an impl is one block); unknown when neither is seen.
    Provided { of: &'static Path, method: &'static str, required: &'static str },
    /// The JSON schema an SDK infers from the declared type of parameter n
    /// of the function another path yields (go-sdk's `AddTool[In, Out]`
    /// reads the handler's `In`): an object schema of the type's fields;
    /// unknown when the type is not a project struct.
    InputType(&'static Path, usize),
    /// A value nobody knows: a part the SDK requires that the call may
    /// not give (go-sdk's `Server.AddTool` panics without an input schema).
    Unknown,
    /// The element being registered (for [`Effect::RegisterEach`]).
    Element,
    /// The key of the record value being registered (for [`Effect::RegisterEach`]).
    Key,
    /// The file name of the module without its extension (for [`Op::Export`]).
    ModuleStem,
    /// The input schema of a Rust handler that takes its input as a
    /// parameter typed `W<T>`, `W` of this SDK type (rmcp's
    /// `Parameters<T>`): an object schema with the fields of struct `T`;
    /// absent when no parameter is (the tool takes no input).
    WrappedInput(&'static str),
    /// The object schema of the fields of the struct another path yields
    /// (rust-mcp-sdk: the `#[mcp_tool]` struct is the tool's input).
    Fields(&'static Path),
    /// The call's keyword arguments but these, as one record; absent when
    /// there are none (rust-mcp-sdk's flat `#[mcp_tool(read_only_hint = ..)]`).
    KwsExcept(&'static [&'static str]),
    /// What another path yields as a Rust attribute macro built on darling's
    /// `FromMeta` reads it: a string literal that spells a bool is that bool
    /// (`read_only_hint = "false"`), in the value and in an object's fields.
    FromMeta(&'static Path),
    /// The n-th slot of a positional layout the SDK tells apart by what each
    /// argument is (the TS SDK's `tool(name, ...rest)` overloads).
    Slot(&'static [Slot], usize),
    /// Overloads told apart by their number of arguments (Java and C#
    /// constructors): `(n, i)` is argument `i` of a call with exactly `n`
    /// positional arguments; absent for a count the list does not name.
    ArgOfArity(&'static [(usize, usize)]),
    /// An annotations record that sets no hint but says the SDK sends
    /// these (space-separated wire names) with their spec defaults
    /// ([`crate::model::SDK_DEFAULTS_KEY`]): Spring AI's `@McpTool` without
    /// `annotations = ...`.
    SdkDefaults(&'static str),
    /// The call's keyword arguments of these names, as one record under
    /// the second names (`(property, wire key)`); absent when none is given
    /// (the C# SDK's `[McpServerTool(ReadOnly = true)]` properties).
    Kws(&'static [(&'static str, &'static str)]),
    /// The fields of these names of the record another path yields, under
    /// the second names; absent when the record is known and has none of
    /// them, unknown when the record is (the C# SDK's
    /// `McpServerToolCreateOptions { ReadOnly = true }`).
    Pick(&'static Path, &'static [(&'static str, &'static str)]),
    /// The name an SDK derives for a method registered without one
    /// ([`NameRule`]), from the function `of` yields and the name of its
    /// declared return type `returns` yields.
    DerivedName { of: &'static Path, returns: &'static Path, rule: &'static NameRule },
    /// The input schema an SDK makes of the parameters of the method `of`
    /// yields, by their declared types' names: those of a type in
    /// `injected` are the SDK's (a cancellation token, the request), those
    /// of a type in `inputs` are inputs; a parameter of any other type may
    /// be either (a service from dependency injection): the inputs are
    /// then unknown.
    MethodInputs { of: &'static Path, injected: &'static [&'static str], inputs: &'static [&'static str] },
}

/// How an SDK derives a tool name from a method: `current` (given the
/// method's name and its return type's name, `None` when the type is not
/// known; `None` back when the name cannot be known), and, when the
/// project's manifest says the SDK predates `since` (`(packages, first
/// version)`), `before`.
#[derive(Debug)]
pub struct NameRule {
    pub current: fn(&str, Option<&str>) -> Option<String>,
    pub since: (&'static [&'static str], &'static str),
    pub before: fn(&str, Option<&str>) -> Option<String>,
}

/// One positional parameter of a layout. Slots are matched in order, as
/// the SDK does: a required slot takes the next argument; an optional one
/// takes it only when the argument passes `test` and another argument is
/// left for the last slot. An argument the test cannot decide (an unknown
/// value) leaves it and every later slot unknown: never guessed.
#[derive(Debug)]
pub struct Slot {
    pub test: Test,
    pub optional: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    Any,
    Str,
    /// An object every value of which is a schema value (`ty`), or empty:
    /// zod's raw shape (`isZodRawShape({})` is true).
    Shape(&'static str),
    /// An object that is not such a shape.
    PlainObject(&'static str),
    /// A mapping or a record (a dict, `ToolAnnotations(...)`).
    Record,
    /// In a layout: the arguments after the last slot, which the SDK
    /// ignores. Readings that use every argument come first; only when
    /// none does are arguments left to it.
    Rest,
}

/// One version of a Python SDK function's parameter list: the parameters
/// that may be given by position, in order, each with the type test that
/// tells versions apart. Every other parameter is read by keyword.
#[derive(Debug)]
pub struct Signature {
    pub positional: &'static [Param],
}

#[derive(Debug)]
pub struct Param {
    pub name: &'static str,
    pub test: Test,
}

impl SdkTable {
    /// Whether `module` (as written in an import) is this SDK.
    pub fn owns(&self, lang: Lang, module: &str) -> bool {
        self.langs.contains(&lang)
            && self.modules.iter().any(|m| {
                module == *m
                    || module.strip_prefix(m).is_some_and(|rest| rest.starts_with(['.', '/']) || rest.starts_with("::"))
            })
    }

    /// The SDK type of `member` imported from one of its modules.
    pub fn symbol(&self, member: &str) -> Option<&'static str> {
        let last = member.rsplit('.').next().unwrap_or(member);
        self.symbols
            .iter()
            .find(|(path, _)| *path == member || path.rsplit('.').next() == Some(last))
            .or_else(|| self.symbols.iter().find(|(path, _)| *path == "*"))
            .map(|(_, t)| *t)
    }

    /// The rule for `op` on values of type `on` of this table; failing
    /// that, a rule another table adds to it, written `on: "api:Type"`
    /// (an SDK that hands out or wraps another SDK's values).
    pub fn rule_anywhere(&'static self, on: &str, op: &Op) -> Option<&'static Rule> {
        if let Some(r) = self.rule(on, op) {
            return Some(r);
        }
        let qualified = format!("{}:{on}", self.api);
        TABLES.iter().filter(|t| !std::ptr::eq(**t, self)).find_map(|t| t.rule(&qualified, op))
    }

    /// Whether both tables describe one package (FastMCP and the low-level
    /// `Server` both live in `mcp`), so a symbol missing from one is looked
    /// up in the other.
    fn shares_module(&self, other: &SdkTable) -> bool {
        self.langs.iter().any(|l| other.langs.contains(l)) && self.modules.iter().any(|m| other.modules.contains(m))
    }

    /// The SDK type an instance of the class value `on` has: what calling
    /// it returns (`FastMCP(...)` → `Server`, whether or not the
    /// constructor also registers tools it is given). One rule for every
    /// SDK: a project class extending such a class is one too, and a
    /// parameter typed with it stands for one.
    pub fn instance_type(&self, on: &str) -> Option<&'static str> {
        match self.rule(on, &Op::Call)?.effect {
            Effect::Returns(ty)
            | Effect::ReturnsRegistering(ty, ..)
            | Effect::ReturnsGenerating(ty, _)
            | Effect::ReturnsApplying(ty) => Some(ty),
            _ => None,
        }
    }

    pub fn rule(&self, on: &str, op: &Op) -> Option<&'static Rule> {
        self.rules.iter().find(|r| r.on == on && r.op == *op).or_else(|| match op {
            Op::Method(_) => self.rules.iter().find(|r| r.on == on && r.op == Op::AnyMethod),
            _ => None,
        })
    }
}

// ---------------------------------------------------------------------------
// Tables: one file per SDK. Facts come from the SDKs' sources (see
// sdk-patterns.md); each file says which.
// ---------------------------------------------------------------------------

mod azure_functions;
mod cloudflare_agents;
mod csharp_di;
mod csharp_mcp_plugin;
mod csharp_options;
pub mod csharp_sdk;
mod ext_apps;
mod fastmcp;
mod functools;
mod go_pointers;
mod go_sdk;
mod go_std;
mod java_quarkus;
mod java_sdk;
mod java_spring;
mod java_spring_beans;
mod kotlin_koin;
mod kotlin_sdk;
mod mcp_framework;
mod mcp_go;
mod mcp_handler;
mod mcp_use;
mod node_paths;
mod pmcp;
mod punkpeye_fastmcp;
mod pydantic;
mod python_copy;
mod python_importlib;
mod python_inspect;
mod python_json;
mod python_lowlevel;
mod python_mcp;
mod python_paths;
mod python_typing;
mod rmcp;
mod rust_mcp_sdk;
mod supabase_mcp_utils;
mod typescript_sdk;
mod typescript_sdk_tools;
mod xmcp;
mod zod;
mod zod_to_json_schema;

pub use azure_functions::{
    API_CSHARP as API_FUNCTIONS_CSHARP, API_JAVA as API_FUNCTIONS_JAVA, CSHARP_AZURE_FUNCTIONS, JAVA_AZURE_FUNCTIONS,
};
pub use cloudflare_agents::CLOUDFLARE_AGENTS;
pub use csharp_di::CSHARP_DI;
pub use csharp_mcp_plugin::{API as API_MCP_PLUGIN, CSHARP_MCP_PLUGIN};
pub use csharp_options::CSHARP_OPTIONS;
pub use csharp_sdk::CSHARP_SDK;
pub use ext_apps::EXT_APPS;
pub use fastmcp::FASTMCP;
pub use functools::FUNCTOOLS;
pub use go_pointers::GO_POINTERS;
pub use go_sdk::GO_SDK;
pub use go_std::{GO_SLICES, GO_STD};
pub use java_quarkus::{
    API_TOOL as JAVA_API_QUARKUS_TOOL, API_TOOL_MANAGER as JAVA_API_QUARKUS_TOOL_MANAGER, JAVA_QUARKUS,
};
pub use java_sdk::JAVA_SDK;
pub use java_spring::{API_MCP_TOOL as JAVA_API_MCP_TOOL, API_TOOL as JAVA_API_TOOL, JAVA_SPRING_AI, JAVA_SPRING_MCP};
pub use java_spring_beans::JAVA_SPRING_BEANS;
pub use kotlin_koin::KOTLIN_KOIN;
pub use kotlin_sdk::KOTLIN_SDK;
pub use mcp_framework::MCP_FRAMEWORK;
pub use mcp_go::MCP_GO;
pub use mcp_handler::MCP_HANDLER;
pub use mcp_use::MCP_USE;
pub use node_paths::{NODE_FS, NODE_PATH, NODE_URL};
pub use pmcp::PMCP;
pub use punkpeye_fastmcp::PUNKPEYE_FASTMCP;
pub use pydantic::PYDANTIC;
pub use python_copy::PYTHON_COPY;
pub use python_importlib::PYTHON_IMPORTLIB;
pub use python_inspect::PYTHON_INSPECT;
pub use python_json::PYTHON_JSON;
pub use python_lowlevel::PYTHON_LOWLEVEL;
pub use python_mcp::PYTHON_MCP;
pub use python_paths::PYTHON_PATHS;
pub use python_typing::{builtin, PYTHON_STDLIB_SCALARS, PYTHON_TYPING};
pub use rmcp::RMCP;
pub use rust_mcp_sdk::RUST_MCP_SDK;
pub use supabase_mcp_utils::SUPABASE_MCP_UTILS;
pub use typescript_sdk::TS_SDK;
pub use typescript_sdk_tools::TS_SDK_TOOLS;
pub use xmcp::XMCP;
pub use zod::ZOD;
pub use zod_to_json_schema::ZOD_TO_JSON_SCHEMA;

/// The index in [`TABLES`] of the table whose `api` this is.
pub fn table_index(api: &str) -> Option<usize> {
    TABLES.iter().position(|t| t.api == api)
}

/// Every table, in lookup order.
pub static TABLES: &[&SdkTable] = &[
    &PYTHON_MCP,
    &PYTHON_LOWLEVEL,
    &FASTMCP,
    &FUNCTOOLS,
    &PYTHON_TYPING,
    &PYTHON_STDLIB_SCALARS,
    &PYTHON_IMPORTLIB,
    &PYTHON_INSPECT,
    &PYTHON_COPY,
    &PYTHON_PATHS,
    &PYTHON_JSON,
    &PYDANTIC,
    &TS_SDK,
    &ZOD,
    &ZOD_TO_JSON_SCHEMA,
    &NODE_PATH,
    &NODE_URL,
    &NODE_FS,
    // TypeScript SDKs other than the official one.
    &TS_SDK_TOOLS,
    &PUNKPEYE_FASTMCP,
    &CLOUDFLARE_AGENTS,
    &MCP_USE,
    &MCP_HANDLER,
    &EXT_APPS,
    &SUPABASE_MCP_UTILS,
    &XMCP,
    &MCP_FRAMEWORK,
    // Go.
    &GO_SDK,
    &MCP_GO,
    &GO_POINTERS,
    &GO_STD,
    &GO_SLICES,
    // Rust.
    &RMCP,
    &RUST_MCP_SDK,
    &PMCP,
    // Java.
    &JAVA_SDK,
    &JAVA_SPRING_MCP,
    &JAVA_SPRING_AI,
    &JAVA_QUARKUS,
    &JAVA_SPRING_BEANS,
    &JAVA_AZURE_FUNCTIONS,
    // Kotlin.
    &KOTLIN_SDK,
    &KOTLIN_KOIN,
    // C#.
    &CSHARP_SDK,
    &CSHARP_OPTIONS,
    &CSHARP_DI,
    &CSHARP_MCP_PLUGIN,
    &CSHARP_AZURE_FUNCTIONS,
];

/// The table and SDK type of `member` imported from `module`: the first
/// table owning the module that knows the symbol, else the first owner
/// (with no symbol: unknown).
/// A receiver the interpreter cannot follow (an untyped parameter of a
/// function nothing called, a member of one) whose own name says it is an
/// MCP server (`mcp`, `app.mcp`, `self.mcp_server`): Python's FastMCP
/// `Server`.
pub fn named_receiver(lang: Lang, name: &str) -> Option<(usize, &'static str)> {
    if lang != Lang::Python || !name.to_ascii_lowercase().contains("mcp") {
        return None;
    }
    TABLES.iter().position(|t| std::ptr::eq(*t, &PYTHON_MCP)).map(|i| (i, "Server"))
}

/// A whole-module import (`member` `None`) is the module itself.
pub fn import_symbol(lang: Lang, module: &str, member: Option<&str>) -> Option<(usize, Option<&'static str>)> {
    let owners = || TABLES.iter().enumerate().filter(|(_, t)| t.owns(lang, module));
    let first = owners().next()?.0;
    let Some(member) = member else { return Some((first, Some("@module"))) };
    Some(owners().find_map(|(i, t)| t.symbol(member).map(|ty| (i, Some(ty)))).unwrap_or((first, None)))
}

/// A member of an SDK module value made from table `t`: `t`'s symbol, else
/// that of another table describing the same package.
/// The table a rule's result belongs to: the value's own, or the table
/// that holds the rule when that one added it to another's type.
pub fn rule_table(own: usize, rule: &'static Rule) -> usize {
    TABLES.iter().position(|t| t.rules.iter().any(|r| std::ptr::eq(r, rule))).unwrap_or(own)
}

pub fn module_member(t: usize, member: &str) -> Option<(usize, &'static str)> {
    let own = TABLES[t];
    own.symbol(member).map(|ty| (t, ty)).or_else(|| {
        TABLES
            .iter()
            .enumerate()
            .filter(|(i, o)| *i != t && own.shares_module(o))
            .find_map(|(i, o)| o.symbol(member).map(|ty| (i, ty)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_ownership_is_by_prefix_segment() {
        assert!(PYTHON_MCP.owns(Lang::Python, "mcp.server.fastmcp"));
        assert!(PYTHON_MCP.owns(Lang::Python, "mcp"));
        assert!(!PYTHON_MCP.owns(Lang::Python, "mcpx"));
        assert!(!PYTHON_MCP.owns(Lang::TypeScript, "mcp"));
        assert!(TS_SDK.owns(Lang::TypeScript, "@modelcontextprotocol/sdk/server/mcp.js"));
    }

    #[test]
    fn symbols_match_by_last_segment() {
        assert_eq!(PYTHON_MCP.symbol("server.fastmcp.FastMCP"), Some("ServerClass"));
        assert_eq!(PYTHON_MCP.symbol("FastMCP"), Some("ServerClass"));
        assert_eq!(PYTHON_MCP.symbol("server.fastmcp.Context"), Some(forms::CONTEXT));
        assert_eq!(PYTHON_MCP.symbol("Image"), None);
    }

    /// A server class's instances have one SDK type however its
    /// constructor is described (standalone fastmcp's also registers its
    /// `tools=[...]`), so subclasses and typed parameters are servers alike.
    #[test]
    fn a_server_class_has_an_instance_type_whatever_its_constructor_registers() {
        assert_eq!(PYTHON_MCP.instance_type("ServerClass"), Some("Server"));
        assert_eq!(FASTMCP.instance_type("ServerClass"), Some("Server"));
        assert_eq!(FASTMCP.instance_type("AnnotationsClass"), None);
    }
}
