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
}

#[derive(Debug)]
pub enum Effect {
    /// The result is a value of this SDK type (`FastMCP(...)` → `Server`).
    Returns(&'static str),
    /// As `Returns`, and each element of the list given as this keyword is
    /// registered as if passed alone to a call with these roles
    /// (`FastMCP("x", tools=[...])`).
    ReturnsRegistering(&'static str, &'static str, &'static Roles),
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
    /// The result is the n-th positional argument of the call a
    /// [`Effect::Keeps`] value was made by.
    KeptArg(usize),
    /// The result is the call's own n-th positional argument.
    Arg(usize),
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
    /// The value is a tool definition object (for [`Op::Typed`]): `roles`
    /// read it as `Path::Arg(0)`.
    Define(&'static Roles),
    /// The call installs a request handler that answers with definitions
    /// (the low-level `setRequestHandler(ListToolsRequestSchema, handler)`).
    ListHandler(&'static ListHandler),
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
    /// The n-th slot of a positional layout the SDK tells apart by what each
    /// argument is (the TS SDK's `tool(name, ...rest)` overloads).
    Slot(&'static [Slot], usize),
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
            && self
                .modules
                .iter()
                .any(|m| module == *m || module.strip_prefix(m).is_some_and(|rest| rest.starts_with(['.', '/'])))
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

mod fastmcp;
mod functools;
mod python_mcp;
mod typescript_sdk;
mod zod;

pub use fastmcp::FASTMCP;
pub use functools::FUNCTOOLS;
pub use python_mcp::PYTHON_MCP;
pub use typescript_sdk::TS_SDK;
pub use zod::ZOD;

/// Every table, in lookup order.
pub static TABLES: &[&SdkTable] = &[&PYTHON_MCP, &FASTMCP, &FUNCTOOLS, &TS_SDK, &ZOD];

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
        assert_eq!(PYTHON_MCP.symbol("Context"), None);
    }
}
