//! The statement-level, language-neutral IR that frontends lower whole
//! files into, and that [`crate::eval`] runs.
//!
//! It is shaped for every language an official MCP SDK serves: Python,
//! TypeScript/JavaScript, Go and Rust today, C#, Java and Kotlin next. A
//! frontend maps syntax onto it and nothing else: which calls register
//! tools is decided by the evaluator and the SDK tables, never here.
//!
//! Functions and classes live in per-module arenas and are referred to by
//! id, so closures, methods and nested definitions share one shape and the
//! interpreter can memoise per function. Anything a frontend cannot lower
//! becomes [`Expr::Unknown`] / [`Stmt::Unsupported`] with the span of the
//! original syntax (semgrep's `Fixme*`): evaluation degrades to "unknown
//! because of this span", never to a guess.

pub mod walk;

use crate::model::Lang;
use crate::source::{FileId, Span};

/// The module-level name CommonJS `module.exports` / `exports` lowers to
/// (no identifier can spell it): a module that binds it exports that
/// object's members and nothing else.
pub const CJS_EXPORTS: &str = "module.exports";

/// The keyword a Kotlin trailing lambda (`f(a) { ... }`) is passed under
/// (no identifier can spell it): it binds the callee's last parameter.
pub const TRAILING_LAMBDA: &str = "{}";

/// The keyword under which an annotation written on a parameter is given
/// that parameter's name, when a lowering hands it to the method (C#'s
/// and Java's `M([Trigger("x")] Context c)`): metadata of the method that
/// a runtime reads off its parameters.
pub const PARAMETER: &str = "@parameter";

/// The keyword a call's `i`-th type argument is passed under (`f<T>(x)`,
/// C#'s `WithTools<T>()`; no identifier can spell it): it binds the
/// callee's `i`-th [`Function::type_params`], in the languages whose type
/// arguments are values at run time (Kotlin's `reified`, C#).
pub fn type_argument(i: usize) -> String {
    format!("[{i}]")
}

/// The keys of the record a regular expression lowers to (JavaScript's
/// `/p/g`, Kotlin's `Regex(p)`): its pattern as written and its flags. No
/// source can spell them, so no program's object has them.
pub const REGEX_PATTERN: &str = "\u{0}regex";
pub const REGEX_FLAGS: &str = "\u{0}flags";

/// A regular expression with this pattern and these (JavaScript) flags.
pub fn regex(pattern: Expr, flags: &str, span: Span) -> Expr {
    let pair = |key: &str, value: Expr| Entry::Pair { key: key.into(), key_span: span, value };
    let flags = Expr::Lit(Lit::Str(flags.into()), span);
    Expr::Object { entries: vec![pair(REGEX_PATTERN, pattern), pair(REGEX_FLAGS, flags)], span }
}

/// Whether a keyword is one [`type_argument`] made.
pub fn is_type_argument(keyword: &str) -> bool {
    keyword.len() > 2
        && keyword.starts_with('[')
        && keyword.ends_with(']')
        && keyword[1..keyword.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

/// One source file, lowered.
#[derive(Clone, Debug)]
pub struct Module {
    pub file: FileId,
    pub lang: Lang,
    /// The top-level statements, in source order (imports included).
    pub body: Vec<Stmt>,
    pub funcs: Vec<Function>,
    pub classes: Vec<Class>,
}

impl Module {
    pub fn new(file: FileId, lang: Lang) -> Module {
        Module { file, lang, body: vec![], funcs: vec![], classes: vec![] }
    }
    pub fn func(&self, id: FuncId) -> &Function {
        &self.funcs[id.0 as usize]
    }
    pub fn class(&self, id: ClassId) -> &Class {
        &self.classes[id.0 as usize]
    }
    pub fn add_func(&mut self, f: Function) -> FuncId {
        self.funcs.push(f);
        FuncId(self.funcs.len() as u32 - 1)
    }
    pub fn add_class(&mut self, c: Class) -> ClassId {
        self.classes.push(c);
        ClassId(self.classes.len() as u32 - 1)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);

pub type Block = Vec<Stmt>;

#[derive(Clone, Debug)]
pub enum Stmt {
    /// A declaration or plain assignment to names (`x = v`, `const {a, b} = v`,
    /// `a, b := f()`): binds in the current scope.
    Let {
        target: Pattern,
        value: Expr,
        span: Span,
    },
    /// An assignment through a place (`this.x = v`, `obj.k = v`, `m[k] = v`).
    Assign {
        target: Place,
        value: Expr,
        span: Span,
    },
    Expr(Expr),
    Return {
        value: Option<Expr>,
        span: Span,
    },
    If {
        cond: Expr,
        then: Block,
        otherwise: Block,
        span: Span,
    },
    /// `switch` / `match`: each case's body runs as an alternative.
    Switch {
        scrutinee: Expr,
        cases: Vec<Case>,
        span: Span,
    },
    /// `try`/`catch`/`finally` (`except`, Go has none, Rust `?` is an expression).
    Try {
        body: Block,
        handlers: Vec<Block>,
        finally: Block,
        span: Span,
    },
    /// `for x of xs`, `for x in xs`, `for _, x := range xs`, comprehensions,
    /// `xs.forEach(x => …)` once a frontend knows it is one.
    ForEach {
        pattern: Pattern,
        iter: Expr,
        body: Block,
        span: Span,
    },
    /// `while`, C-style `for`, `loop`: the body may run any number of times.
    While {
        cond: Expr,
        body: Block,
        span: Span,
    },
    Break(Span),
    /// `throw` / `raise`: the path ends here and gives nothing (a `catch`
    /// arm, if any, goes on).
    Throw(Span),
    Continue(Span),
    /// A function declaration: binds its name (when it has one) in the
    /// current scope, after applying its decorators.
    Func(FuncId),
    /// A class, struct, interface, trait or `impl` block.
    Class(ClassId),
    Import(Import),
    /// An import erased before the program runs (TypeScript's `import type`
    /// and `import { type X }`): it binds a name for type positions only,
    /// so it neither runs the module nor links it, and an import cycle
    /// through it is no cycle.
    ImportType(Import),
    /// `export { local as exported }`, `module.exports.x = …` once lowered,
    /// Go's capitalised names, Rust `pub`: what other modules may import.
    /// A JavaScript module marks every name it exports this way (exported
    /// declarations with `local == exported`), so its namespace object is
    /// the marks plus its `export * from` imports.
    Export {
        local: String,
        exported: String,
        span: Span,
    },
    /// Syntax the frontend does not lower: its effects are unknown.
    Unsupported(Span),
}

#[derive(Clone, Debug)]
pub struct Case {
    /// `None` for `default` / `_`.
    pub test: Option<Expr>,
    pub body: Block,
}

#[derive(Clone, Debug)]
pub struct Import {
    /// The name bound here; `*` for a wildcard import into this scope
    /// (Python's `from m import *`; in JavaScript, `export * from "m"`,
    /// which also re-exports what it binds).
    pub local: String,
    /// The module specifier as written (`.presets`, `@modelcontextprotocol/sdk/server/mcp.js`).
    pub module: String,
    /// The member imported, `None` when the module itself is bound.
    pub member: Option<String>,
    pub span: Span,
}

impl Import {
    /// An import made for what the module does when it runs (JavaScript's
    /// `import "./tools"`, Python's `import a.b` beside the `a` it binds):
    /// the module, bound under a name no program can spell.
    pub fn for_effects(module: String, span: Span) -> Import {
        Import { local: format!("import {module}"), module, member: None, span }
    }

    /// Whether [`Import::for_effects`] made it: the module runs at the import.
    pub fn is_for_effects(&self) -> bool {
        self.member.is_none() && self.local.starts_with("import ")
    }
}

/// What a [`Stmt::Let`] binds.
#[derive(Clone, Debug)]
pub enum Pattern {
    Name(String, Span),
    /// `{ a, b: c, ...rest }` / keyword destructuring.
    Object {
        props: Vec<(String, Pattern)>,
        rest: Option<String>,
        span: Span,
    },
    /// `[a, , b, ...rest]`, tuples, Go multiple results.
    List {
        items: Vec<Option<Pattern>>,
        rest: Option<String>,
        span: Span,
    },
    /// `pattern = default`: the default is used when the value is undefined.
    Default(Box<Pattern>, Box<Expr>),
    /// `_`.
    Ignore,
}

/// Where a [`Stmt::Assign`] writes.
#[derive(Clone, Debug)]
pub enum Place {
    Name(String, Span),
    Member { object: Expr, name: String, span: Span },
    Index { object: Expr, index: Expr, span: Span },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Lit {
    Bool(bool),
    Str(String),
    /// Kept as written: numbers are never hints, only evidence (MCP013).
    Num(String),
    /// `None` / `null` / `nil`.
    Null,
    /// JavaScript `undefined` (`void 0`).
    Undefined,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Not,
    Neg,
    /// `&v`, `*p`, `await v`, `v?`, `v!`, casts: the value passes through.
    Transparent,
    /// Kotlin's `v!!`: the value where it is not null (null throws).
    NonNull,
    /// JavaScript's `typeof v`: the name of a known value's type.
    TypeOf,
    /// `~`, …: some value, never followed.
    Opaque,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Eq,
    NotEq,
    And,
    Or,
    /// `??` / Go's zero-value fallbacks lowered as such.
    Coalesce,
    /// `+` (string concatenation when both sides are strings).
    Add,
    /// `|` on mappings (Python dict union), `{**a, **b}` is an object instead.
    Merge,
    /// Membership, item on the left: Python's `in` (an element, a key, a
    /// substring), JavaScript's `in` (a key).
    In,
    /// `value instanceof Class`.
    InstanceOf,
    /// `/`: a path joined with a part when the left side is a path object
    /// (Python's `pathlib`); otherwise some value.
    Div,
    /// Arithmetic on known numbers (`-`, `*`); `+` is [`BinaryOp::Add`].
    Sub,
    Mul,
    /// Ordering of two known numbers or two known strings
    /// (`name.length <= 64` guarding a truncated name).
    Lt,
    LtE,
    Gt,
    GtE,
    /// Anything else: some value, never followed.
    Other,
}

impl BinaryOp {
    /// Arithmetic and ordering as the C family writes them (`-`, `*`, `<`,
    /// `<=`, `>`, `>=`); anything else is [`BinaryOp::Other`].
    pub fn arithmetic_or_ordering(op: &str) -> BinaryOp {
        match op {
            "-" => BinaryOp::Sub,
            "*" => BinaryOp::Mul,
            "<" => BinaryOp::Lt,
            "<=" => BinaryOp::LtE,
            ">" => BinaryOp::Gt,
            ">=" => BinaryOp::GtE,
            _ => BinaryOp::Other,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Expr {
    Lit(Lit, Span),
    Name(String, Span),
    /// `this` / `self` / a Go or Rust method receiver.
    This(Span),
    /// `super` (the base class of the enclosing method's class).
    Super(Span),
    Member {
        object: Box<Expr>,
        name: String,
        span: Span,
    },
    Index {
        object: Box<Expr>,
        index: Box<Expr>,
        span: Span,
    },
    Call {
        callee: Box<Expr>,
        args: Vec<Arg>,
        span: Span,
    },
    /// `new C(...)`; Python and Go lower construction to [`Expr::Call`] / [`Expr::Struct`].
    New {
        class: Box<Expr>,
        args: Vec<Arg>,
        span: Span,
    },
    /// Dict and object literals, keyword records.
    Object {
        entries: Vec<Entry>,
        span: Span,
    },
    /// A typed record literal: Go `mcp.Tool{...}`, Rust `Tool { .., ..base }`,
    /// C# object initialisers. `ty` is evaluated like a callee so the SDK
    /// tables can recognise it.
    Struct {
        ty: Box<Expr>,
        entries: Vec<Entry>,
        span: Span,
    },
    List {
        items: Vec<Element>,
        span: Span,
    },
    /// A function value (lambda, arrow, closure, nested def used as a value).
    Func(FuncId, Span),
    /// A class expression.
    Class(ClassId, Span),
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
        span: Span,
    },
    Binary {
        op: BinaryOp,
        left: Box<Expr>,
        right: Box<Expr>,
        span: Span,
    },
    /// `c ? a : b`, `a if c else b`.
    Cond {
        test: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
        span: Span,
    },
    /// Template literals and f-strings: a string when every part is one.
    Concat {
        parts: Vec<Expr>,
        span: Span,
    },
    /// A value declared or asserted to have a type (`const x: T = v`,
    /// `v as T`, `<T>v`, `v satisfies T[]`): the value passes through; the
    /// type is evaluated like a callee so an SDK table can say what a value
    /// of it is (the TS SDK's `Tool` is a tool definition).
    Typed {
        value: Box<Expr>,
        ty: Box<Expr>,
        holds: TypeHolds,
        span: Span,
    },
    /// Syntax the frontend does not lower.
    Unknown(Span),
}

/// What a [`Expr::Typed`] value is in terms of its named type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeHolds {
    /// `T`.
    One,
    /// `T[]`, `Array<T>`, `[]T`, `Vec<T>`: every element.
    List,
    /// `Record<string, T>`, `map[string]T`: every value.
    Map,
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Lit(_, s)
            | Expr::Name(_, s)
            | Expr::This(s)
            | Expr::Super(s)
            | Expr::Unknown(s)
            | Expr::Func(_, s)
            | Expr::Class(_, s) => *s,
            Expr::Member { span, .. }
            | Expr::Index { span, .. }
            | Expr::Call { span, .. }
            | Expr::New { span, .. }
            | Expr::Object { span, .. }
            | Expr::Struct { span, .. }
            | Expr::List { span, .. }
            | Expr::Unary { span, .. }
            | Expr::Binary { span, .. }
            | Expr::Cond { span, .. }
            | Expr::Typed { span, .. }
            | Expr::Concat { span, .. } => *span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Arg {
    /// Keyword / named argument (`name=`, C# `Name =`, Kotlin `name =`).
    pub keyword: Option<String>,
    pub value: Expr,
    pub spread: Spread,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spread {
    No,
    /// `*args`, `...args`, Go `opts...`.
    List,
    /// `**kwargs`.
    Map,
}

#[derive(Clone, Debug)]
pub enum Entry {
    /// `key: value`; `key_span` is the key's own span (for misspelt keys).
    Pair { key: String, key_span: Span, value: Expr },
    /// `[expr]: value`, Python `{k: v}` with a non-literal key.
    Computed { key: Expr, value: Expr },
    /// `...base`, `**base`, Rust `..base`.
    Spread(Expr),
}

#[derive(Clone, Debug)]
pub enum Element {
    Item(Expr),
    Spread(Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FuncKind {
    Plain,
    Method,
    /// `get x()`, `@property`: read as a field.
    Getter,
    Constructor,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: Option<String>,
    pub name_span: Span,
    pub params: Vec<Param>,
    pub body: Block,
    /// Outermost first, as written; applied innermost first.
    pub decorators: Vec<Expr>,
    pub kind: FuncKind,
    pub is_static: bool,
    /// An arrow function / lambda whose body is one expression lowers to a
    /// single `Return`; this only matters for `this` binding in JavaScript.
    pub lexical_this: bool,
    /// Called through its class rather than an instance, its first argument
    /// is the receiver: a Python instance method (`Base.__init__(self, x)`);
    /// a classmethod or a JS static is bound to the class instead.
    pub receiver_first: bool,
    /// How many results it declares: Go's `(T, error)` is two, returned as
    /// a list (`return a, b`); one in every other language.
    pub results: usize,
    /// `async def` / `async function`: calling it makes a coroutine or a
    /// promise (Python's `inspect.iscoroutinefunction` tells them apart).
    pub is_async: bool,
    /// Its type parameters, in order (`<reified I : Any, J>`): names the
    /// body may read as values, bound from the call's [`type_argument`]s.
    pub type_params: Vec<String>,
    pub span: Span,
}

impl Function {
    /// An anonymous function that sees its enclosing `this` (a lambda, an
    /// arrow, a closure, the body of a comprehension run in place).
    pub fn closure(name_span: Span, params: Vec<Param>, body: Block, span: Span) -> Function {
        Function {
            name: None,
            name_span,
            params,
            body,
            decorators: vec![],
            kind: FuncKind::Plain,
            is_static: false,
            lexical_this: true,
            receiver_first: false,
            results: 1,
            is_async: false,
            type_params: vec![],
            span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub pattern: Option<Pattern>,
    pub default: Option<Expr>,
    pub kind: ParamKind,
    /// The declared type (`mcp: FastMCP`, `server: McpServer`, `s *mcp.Server`).
    pub annotation: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    Positional,
    /// Python keyword-only, after `*`.
    KeywordOnly,
    /// `*args`, `...rest`, Go variadic.
    Rest,
    /// `**kwargs`.
    KwRest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassKind {
    Class,
    Struct,
    Interface,
    /// A Rust trait.
    Trait,
    /// A Rust `impl` block or a Go method set: members attached to `name`.
    Impl,
    Enum,
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: Option<String>,
    pub name_span: Span,
    pub kind: ClassKind,
    /// `extends` / base classes / implemented interfaces / `impl Trait for`.
    pub bases: Vec<Expr>,
    pub members: Vec<Member>,
    /// Decorators, attributes and annotations (`[McpServerToolType]`, `#[tool_router]`).
    pub decorators: Vec<Expr>,
    /// Python: static fields (class attributes) are read through instances too.
    pub instances_see_statics: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Member {
    pub name: String,
    pub name_span: Span,
    pub is_static: bool,
    pub value: MemberValue,
    /// A field's declared type (`confirm: bool = False`, `name: string`):
    /// what makes a Python class-level name a model field.
    pub annotation: Option<Expr>,
    /// The name the program reads and writes the field by when a wire
    /// format sends it under `name` (Go's `ReadOnlyHint` sent as
    /// `readOnlyHint`).
    pub alias: Option<String>,
}

#[derive(Clone, Debug)]
pub enum MemberValue {
    /// A field with its initialiser (`static operationType = "read"`,
    /// a Python class attribute; a Go struct field's zero value when its
    /// type says it: `nil`, `""`, `false`, `0`).
    Field(Option<Expr>),
    Method(FuncId),
    /// A field the program reads and writes but a wire format never sends
    /// (Go's unexported fields): only its declared type is known, and its
    /// zero value when the type says it.
    Unsent(Option<Expr>),
}
