//! Python frontend: tree-sitter-python → [`FileFacts`].
//!
//! Finds every *candidate* registration (`@x.tool`, `x.add_tool(fn)`,
//! `Tool.from_function(...)`, `Tool.from_tool(...)`, low-level `types.Tool(...)`, `FastMCP(tools=[...])`,
//! project wrappers) and records what must be confirmed for it to count
//! ([`Gate`]). Whether a receiver really is an MCP server is decided in
//! `resolve`, which can follow imports across files. Imports, module
//! constants, class attributes (Enum members) and `self.x = ...` become
//! bindings that presets, names and receivers resolve through.

mod inline;
mod loops;
mod lower;
mod scope;
pub mod to_ir;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use tree_sitter::{Language, Node, Parser, StreamingIterator, Tree};

use self::inline::substitute_args;
use self::lower::{
    at_module_level, enclosing_functions, local_assignment, method_class, named_children, Lower, ParamKind,
};
use crate::frontend::queries::CompiledQuery;
use crate::model::{
    Arg, Binding, CalleeKind, Entry, Expr, FileFacts, Forwarder, Gate, Import, Lang, PositionalRoles, Problem, Role,
    RoleSource, Spread, Syntax, ToolSite, FIELDS_MEMBER, PARAMS_KEY,
};
use crate::source::{FileId, Span};

static LANGUAGE: LazyLock<Language> = LazyLock::new(|| tree_sitter_python::LANGUAGE.into());
static REGISTRATIONS: LazyLock<CompiledQuery> =
    LazyLock::new(|| CompiledQuery::new(&LANGUAGE, include_str!("registrations.scm"), "python/registrations.scm"));
static IMPORTS: LazyLock<CompiledQuery> =
    LazyLock::new(|| CompiledQuery::new(&LANGUAGE, include_str!("imports.scm"), "python/imports.scm"));
static BINDINGS: LazyLock<CompiledQuery> =
    LazyLock::new(|| CompiledQuery::new(&LANGUAGE, include_str!("bindings.scm"), "python/bindings.scm"));

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

pub const API_DECORATOR: &str = "python.fastmcp.decorator";
pub const API_CALL: &str = "python.fastmcp.call";
pub const API_ADD_TOOL: &str = "python.fastmcp.add_tool";
pub const API_FROM_FUNCTION: &str = "python.fastmcp.from_function";
pub const API_FROM_TOOL: &str = "python.fastmcp.from_tool";
pub const API_TOOLS_LIST: &str = "python.fastmcp.tools_list";
pub const API_LOWLEVEL: &str = "python.lowlevel.Tool";
pub const API_WRAPPER: &str = "python.wrapper";
pub const API_MIXIN: &str = "python.fastmcp.mcp_tool";

/// Parameter annotations that say nothing about the value's class.
const UNTYPED: &[&str] = &["Any", "typing.Any", "t.Any", "object"];

/// Parameter types that carry no input fields of their own (builtins,
/// typing constructs, common scalar classes).
const PLAIN_TYPES: &[&str] = &[
    "str",
    "int",
    "float",
    "bool",
    "bytes",
    "list",
    "dict",
    "set",
    "frozenset",
    "tuple",
    "object",
    "None",
    "Any",
    "Literal",
    "List",
    "Dict",
    "Set",
    "FrozenSet",
    "Tuple",
    "Sequence",
    "Mapping",
    "MutableMapping",
    "Iterable",
    "Collection",
    "datetime",
    "date",
    "time",
    "timedelta",
    "Path",
    "UUID",
    "Decimal",
    "Json",
    "EmailStr",
    "HttpUrl",
    "AnyUrl",
    "SecretStr",
    "PositiveInt",
    "NonNegativeInt",
    "StrictStr",
    "StrictInt",
    "StrictBool",
];

const LEXIS: crate::frontend::queries::Lexis =
    crate::frontend::queries::Lexis { hash_comments: true, backtick_strings: false };

fn parse_tree(text: &str) -> Option<Tree> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_language(&LANGUAGE).expect("tree-sitter-python matches the tree-sitter ABI");
            p
        });
        crate::frontend::queries::parse(parser, text)
    })
}

/// Byte ranges of the file's comments (for inline suppressions).
pub fn comments(text: &str) -> Vec<std::ops::Range<usize>> {
    parse_tree(text).map(|t| crate::frontend::queries::comment_ranges(t.root_node())).unwrap_or_default()
}

/// Parse one Python file into facts. Never panics on bad input: syntax
/// errors become a problem and the rest of the tree is still searched.
pub fn parse(file: FileId, text: &str) -> FileFacts {
    parse_file(file, text, false).0
}

/// [`parse`], and with `lower` the file's IR from the same parse tree.
pub fn parse_file(file: FileId, text: &str, lower: bool) -> (FileFacts, Option<crate::ir::Module>) {
    let mut facts = FileFacts::new(file, Lang::Python);
    let Some(tree) = parse_tree(text) else {
        facts.problems.push(Problem {
            span: Span::new(file, 0, 0),
            message: "the Python parser gave up on this file: parsing took over its time budget".into(),
        });
        return (facts, None);
    };
    let root = tree.root_node();
    let cx = Cx {
        lower: Lower { text, file },
        root,
        pending_moves: RefCell::default(),
        functions: functions_by_name(text, root),
        tool_objects: Default::default(),
        module_functions: HashMap::new(),
    };
    let cx = Cx { module_functions: scope::module_function_index(text, root), ..cx };
    if root.has_error() {
        if let Some(problem) = crate::frontend::queries::first_syntax_error(
            cx.lower.file,
            cx.lower.text,
            root,
            "Python",
            crate::frontend::prefilter_markers(Lang::Python),
        ) {
            facts.problems.push(problem);
        }
    }
    if let Some(problem) = crate::frontend::queries::too_deep(file, text, root, LEXIS) {
        facts.problems.push(problem);
        return (facts, None);
    }
    cx.imports(&mut facts);
    cx.bindings(&mut facts);
    cx.alias_fields(&mut facts);
    cx.class_fields(&mut facts);
    cx.registrations(&mut facts);
    let module = lower.then(|| to_ir::lower(file, text, root));
    (facts, module)
}

struct Cx<'a, 't> {
    lower: Lower<'a>,
    root: Node<'t>,
    /// (variable, registration span) for tool objects registered by name.
    pending_moves: RefCell<Vec<(String, Span)>>,
    /// [`Cx::find_function`]'s answers: one walk per file, not one per
    /// `add_tool(fn)`.
    functions: HashMap<&'a str, Node<'t>>,
    /// [`Cx::tool_object_names`], computed on first use.
    tool_objects: std::cell::OnceCell<HashSet<String>>,
    /// [`Cx::module_function`]'s index (a plain field: a cell would make
    /// `Cx` invariant in the tree's lifetime).
    module_functions: HashMap<&'a str, Node<'t>>,
}

impl<'a, 't> Cx<'a, 't> {
    fn span(&self, n: Node) -> Span {
        self.lower.span(n)
    }
    fn text(&self, n: Node) -> &'a str {
        self.lower.text(n)
    }

    // -- imports -----------------------------------------------------------

    fn imports(&self, facts: &mut FileFacts) {
        let q = &*IMPORTS;
        let (c_import, c_from) = (q.capture("import.statement"), q.capture("import.from"));
        let mut cursor = crate::frontend::queries::cursor();
        let mut matches = cursor.matches(&q.query, self.root, self.lower.text.as_bytes());
        while let Some(m) = matches.next() {
            for cap in m.captures {
                if cap.index == c_import {
                    self.import_statement(cap.node, facts);
                } else if cap.index == c_from {
                    self.import_from(cap.node, facts);
                }
            }
        }
    }

    fn import_statement(&self, n: Node, facts: &mut FileFacts) {
        for c in named_children(n) {
            match c.kind() {
                // `import a.b` binds `a`; the rest is reached through attributes.
                "dotted_name" => {
                    let module = self.text(c).to_string();
                    let head = module.split('.').next().unwrap_or("").to_string();
                    facts.imports.push(Import { local: head.clone(), module: head, member: None, span: self.span(c) });
                    if module.contains('.') {
                        // Remember the full path too, so `a.b.X` resolves through it.
                        facts.imports.push(Import { local: module.clone(), module, member: None, span: self.span(c) });
                    }
                }
                "aliased_import" => {
                    let (Some(name), Some(alias)) = (c.child_by_field_name("name"), c.child_by_field_name("alias"))
                    else {
                        continue;
                    };
                    facts.imports.push(Import {
                        local: self.text(alias).to_string(),
                        module: self.text(name).to_string(),
                        member: None,
                        span: self.span(c),
                    });
                }
                _ => {}
            }
        }
    }

    fn import_from(&self, n: Node, facts: &mut FileFacts) {
        let Some(module_node) = n.child_by_field_name("module_name") else { return };
        let module: String = self.text(module_node).chars().filter(|c| !c.is_whitespace()).collect();
        let mut cursor = n.walk();
        for c in n.children_by_field_name("name", &mut cursor) {
            let (name, alias) = match c.kind() {
                "dotted_name" => (self.text(c).to_string(), self.text(c).to_string()),
                "aliased_import" => match (c.child_by_field_name("name"), c.child_by_field_name("alias")) {
                    (Some(name), Some(alias)) => (self.text(name).to_string(), self.text(alias).to_string()),
                    _ => continue,
                },
                _ => continue,
            };
            facts.imports.push(Import { local: alias, module: module.clone(), member: Some(name), span: self.span(c) });
        }
        if named_children(n).any(|c| c.kind() == "wildcard_import") {
            facts.imports.push(Import { local: "*".into(), module, member: Some("*".into()), span: self.span(n) });
        }
    }

    // -- bindings ----------------------------------------------------------

    fn bindings(&self, facts: &mut FileFacts) {
        let q = &*BINDINGS;
        let c_binding = q.capture("binding");
        let (c_name, c_value) = (q.capture("binding.name"), q.capture("binding.value"));
        let (c_class, c_member, c_member_value) =
            (q.capture("class.name"), q.capture("member.name"), q.capture("member.value"));
        let (c_attr, c_attr_value) = (q.capture("attr.name"), q.capture("attr.value"));
        let (c_subclass, c_base) = (q.capture("subclass.name"), q.capture("subclass.base"));
        let mut cursor = crate::frontend::queries::cursor();
        let mut matches = cursor.matches(&q.query, self.root, self.lower.text.as_bytes());
        while let Some(m) = matches.next() {
            let get = |i: u32| m.captures.iter().find(|c| c.index == i).map(|c| c.node);
            if let (Some(stmt), Some(name), Some(value)) = (get(c_binding), get(c_name), get(c_value)) {
                if at_module_level(stmt) {
                    // `READ = _annotations(read_only=True)`: a one-line helper is inlined.
                    facts.bindings.push(Binding {
                        name: self.text(name).to_string(),
                        value: self.local_value(self.lower.expr(value), value, 3),
                        span: self.span(stmt),
                    });
                }
            } else if let (Some(class), Some(member), Some(value)) = (get(c_class), get(c_member), get(c_member_value))
            {
                facts.bindings.push(Binding {
                    name: format!("{}.{}", self.text(class), self.text(member)),
                    value: self.local_value(self.lower.expr(value), value, 3),
                    span: self.span(member.parent().unwrap_or(member)),
                });
            } else if let (Some(class), Some(base)) = (get(c_subclass), get(c_base)) {
                // `class MyServer(FastMCP)`: the class resolves to its first base.
                if base.kind() != "keyword_argument" && class.parent().is_some_and(at_module_level) {
                    facts.bindings.push(Binding {
                        name: self.text(class).to_string(),
                        value: self.lower.expr(base),
                        span: self.span(class),
                    });
                }
            } else if let (Some(attr), Some(value)) = (get(c_attr), get(c_attr_value)) {
                // `self.mcp = mcp` where `mcp` is a parameter: keep what the
                // parameter's annotation says.
                let value = self.scoped(self.lower.expr(value), value);
                facts.bindings.push(Binding {
                    name: format!("self.{}", self.text(attr)),
                    value,
                    span: self.span(attr.parent().unwrap_or(attr)),
                });
            }
        }
    }

    // -- registrations -----------------------------------------------------

    fn registrations(&self, facts: &mut FileFacts) {
        let q = &*REGISTRATIONS;
        let c = |n: &str| q.capture(n);
        let (c_decorator, c_callee, c_call, c_function) =
            (c("tool.decorator"), c("tool.callee"), c("tool.call"), c("tool.function"));
        let (c_server_callee, c_server_tools) = (c("server.callee"), c("server.tools"));
        let mut forwarders: Vec<(String, Forwarder)> = Vec::new();
        self.pending_moves.borrow_mut().clear();
        let mut cursor = crate::frontend::queries::cursor();
        let mut matches = cursor.matches(&q.query, self.root, self.lower.text.as_bytes());
        while let Some(m) = matches.next() {
            let get = |i: u32| m.captures.iter().find(|c| c.index == i).map(|c| c.node);
            if let (Some(decorator), Some(callee), Some(function)) = (get(c_decorator), get(c_callee), get(c_function))
            {
                self.decorator(decorator, callee, get(c_call), function, facts);
            } else if let (Some(call), Some(callee)) = (get(c_call), get(c_callee)) {
                self.call(call, callee, facts, &mut forwarders);
            } else if let (Some(callee), Some(list)) = (get(c_server_callee), get(c_server_tools)) {
                self.tools_list(callee, list, facts);
            }
        }
        // `t = Tool.from_function(...)` then `mcp.add_tool(t)`: the tool is
        // reported at the registration, with its definition as a secondary location.
        for (var, site) in self.pending_moves.borrow().iter() {
            if let Some(tool) =
                facts.tools.iter_mut().find(|t| t.bound_to.as_deref() == Some(var.as_str()) && t.definition.is_none())
            {
                tool.definition = Some(tool.site);
                tool.site = *site;
            }
        }
        self.inherit_from_parents(facts);
        // One binding per wrapper function or class, listing its methods.
        let mut merged: Vec<(String, Forwarder)> = Vec::new();
        for (name, f) in forwarders {
            match merged.iter_mut().find(|(n, _)| *n == name) {
                Some((_, existing)) => {
                    for m in f.methods {
                        if !existing.methods.contains(&m) {
                            existing.methods.push(m);
                        }
                    }
                }
                None => merged.push((name, f)),
            }
        }
        for (name, f) in merged {
            let span = f.span;
            facts.bindings.push(Binding { name, value: Expr::Forwarder(Box::new(f)), span });
        }
        self.helper_bindings(facts);
    }

    /// `Tool.from_tool(parent, ...)` keeps the parent's name, title and
    /// annotations unless it passes its own. A parent registered in this file
    /// by a decorator stays a tool of its own; a parent that is only a tool
    /// object (`t = Tool.from_function(...)`, `t = Tool.from_tool(t, ...)`)
    /// is replaced by the derived tool. A parent that cannot be followed
    /// leaves what it passes on unresolved.
    fn inherit_from_parents(&self, facts: &mut FileFacts) {
        let own = |t: &ToolSite, k: &str| t.args.iter().any(|a| a.keyword.as_deref() == Some(k));
        let mut i = 0;
        while i < facts.tools.len() {
            if facts.tools[i].api != API_FROM_TOOL {
                i += 1;
                continue;
            }
            let t = &facts.tools[i];
            let parent_arg = t.args.iter().find(|a| a.keyword.as_deref() == Some("tool")).or(first_positional(&t.args));
            let parent_name = match parent_arg.map(|a| &a.value) {
                Some(Expr::Ref { path, .. }) if path.len() == 1 => Some(path[0].clone()),
                _ => None,
            };
            let is_object = |o: &ToolSite| matches!(o.api, API_FROM_FUNCTION | API_FROM_TOOL);
            let parent = parent_name.as_deref().and_then(|p| {
                facts.tools[..i].iter().rposition(|o| {
                    (is_object(o) && o.bound_to.as_deref() == Some(p))
                        || (o.api == API_DECORATOR && o.default_name.as_ref().is_some_and(|(n, _)| n == p))
                })
            });
            let Some(j) = parent else {
                let t = &mut facts.tools[i];
                let span = t.site;
                t.name.get_or_insert(Expr::Unresolved(span));
                t.annotations.get_or_insert(Expr::Unresolved(span));
                i += 1;
                continue;
            };
            if is_object(&facts.tools[j]) {
                // The derived object takes the parent's place: the parent's
                // arguments with the derived tool's own keywords after them.
                let derived = facts.tools.remove(i);
                let parent = &mut facts.tools[j];
                for key in ["name", "title", "annotations"] {
                    if own(&derived, key) {
                        parent.args.retain(|a| a.keyword.as_deref() != Some(key));
                    }
                }
                parent
                    .args
                    .extend(derived.args.iter().filter(|a| a.keyword.as_deref().is_some_and(|k| k != "tool")).cloned());
                parent.name = derived.name.or(parent.name.take());
                parent.title = derived.title.or(parent.title.take());
                parent.annotations = derived.annotations.or(parent.annotations.take());
                parent.bound_to = derived.bound_to.or(parent.bound_to.take());
                continue;
            }
            let o = &facts.tools[j];
            let spread = o.args.iter().any(|a| a.spread != Spread::No);
            let name = o.name.clone().or_else(|| o.default_name.as_ref().map(|(n, s)| Expr::Str(n.clone(), *s)));
            let title = o.title.clone();
            let annotations = if spread { Some(Expr::Unresolved(o.site)) } else { o.annotations.clone() };
            let t = &mut facts.tools[i];
            if t.name.is_none() {
                t.name = name;
            }
            if t.title.is_none() {
                t.title = title;
            }
            if t.annotations.is_none() {
                t.annotations = annotations;
            }
            i += 1;
        }
    }

    fn decorator(&self, decorator: Node, callee: Node, call: Option<Node>, function: Node, facts: &mut FileFacts) {
        let mut args = match call.and_then(|c| c.child_by_field_name("arguments")) {
            Some(a) if a.kind() == "argument_list" => self.scope_locals(self.lower.args(a), decorator, false),
            _ => vec![],
        };
        let site = Span::new(self.lower.file, decorator.start_byte(), callee.end_byte());
        let fn_name = function.child_by_field_name("name");
        let default_name = fn_name.map(|n| (self.text(n).to_string(), self.span(n)));

        let alias = self.tool_alias(callee, decorator);
        let (gate, api) = match (callee.kind(), alias) {
            ("attribute", _) => {
                let (Some(object), Some(method)) =
                    (callee.child_by_field_name("object"), callee.child_by_field_name("attribute"))
                else {
                    return;
                };
                // A decorated function is a concrete tool even inside a helper
                // whose parameters feed the decorator (those become unresolved).
                let receiver = self.scoped(self.lower.expr(object), decorator);
                (Gate::Receiver { receiver, method: self.text(method).to_string() }, API_DECORATOR)
            }
            (_, Some((attribute, extra, at))) => {
                // `tool = functools.partial(mcp.tool, structured_output=False)`
                // then `@tool(annotations=...)`: the server's own decorator,
                // with the bound keywords after the call's (which win).
                let (Some(object), Some(method)) =
                    (attribute.child_by_field_name("object"), attribute.child_by_field_name("attribute"))
                else {
                    return;
                };
                args.extend(extra.into_iter().filter(|a| a.keyword.is_some()));
                let receiver = self.scoped(self.lower.expr(object), at);
                (Gate::Receiver { receiver, method: self.text(method).to_string() }, API_DECORATOR)
            }
            _ => {
                self.standalone_tool(callee, &args, function, facts);
                let name = self.text(callee);
                let kind = if name == "mcp_tool" { CalleeKind::MixinTool } else { CalleeKind::WrapperOnly };
                (
                    Gate::Callee { callee: self.lower.expr(callee), kind },
                    if name == "mcp_tool" { API_MIXIN } else { API_WRAPPER },
                )
            }
        };
        let mut tool = self.site(api, site, gate, args, PositionalRoles::PythonSdkTool { skip: 0 });
        tool.default_name = default_name;
        if let Some(body) = function.child_by_field_name("body") {
            tool.confirms = crate::frontend::elicit::calls(body, self.lower.text, self.lower.file);
        }
        self.set_params(function, &mut tool);
        self.docstring_description(function, &mut tool);
        facts.tools.push(tool);
    }

    fn call(&self, call: Node, callee: Node, facts: &mut FileFacts, forwarders: &mut Vec<(String, Forwarder)>) {
        // Decorator forms are handled by the decorator patterns.
        if call.parent().is_some_and(|p| p.kind() == "decorator") {
            return;
        }
        let Some(arguments) = call.child_by_field_name("arguments").filter(|a| a.kind() == "argument_list") else {
            return;
        };
        let args = self.scope_locals(self.lower.args(arguments), call, true);
        let site = Span::new(self.lower.file, call.start_byte(), callee.end_byte());
        if self.text(callee).rsplit('.').next() == Some("FunctionTool") {
            // fastmcp's `FunctionTool(fn=..., name=..., parameters=...)`:
            // a tool object, counted where it is built like `from_function`.
            if !args.iter().any(|a| a.keyword.as_deref() == Some("name")) {
                return;
            }
            let runs = self.per_iteration(call, args);
            for args in runs {
                let gate = Gate::Callee { callee: self.lower.expr(callee), kind: CalleeKind::SdkToolClass };
                let mut tool = self.site(API_FROM_FUNCTION, site, gate, args.clone(), PositionalRoles::Mapped);
                if let Some(fn_arg) = args.iter().find(|a| a.keyword.as_deref() == Some("fn")) {
                    self.function_arg(fn_arg, call, &mut tool);
                }
                tool.bound_to = self.assigned_to(call);
                facts.tools.push(tool);
            }
            return;
        }
        if callee.kind() == "identifier" {
            // `Tool(name=..., inputSchema=...)` from `mcp.types`.
            self.lowlevel_tool(call, callee, args, facts);
            return;
        }
        let (Some(object), Some(method_node)) =
            (callee.child_by_field_name("object"), callee.child_by_field_name("attribute"))
        else {
            return;
        };
        let method = self.text(method_node);
        match method {
            "Tool" => self.lowlevel_tool(call, callee, args, facts),
            "from_function" => {
                // `t = Tool.from_function(fn, **kwargs)` then `mcp.add_tool(t)`
                // inside a decorator factory: a wrapper, like `mcp.add_tool(fn, **kwargs)`.
                if let Some(target) = self.assigned_to(call).and_then(|v| self.added_later(call, &v)) {
                    let receiver = self.scoped(self.lower.expr(target), call);
                    if self.forwarding(&args, call, &receiver) {
                        self.record_forwarder(call, &args, API_ADD_TOOL, &receiver, "add_tool", forwarders);
                        return;
                    }
                }
                let runs = self.per_iteration(call, args);
                for args in runs {
                    let gate = Gate::Callee { callee: self.lower.expr(object), kind: CalleeKind::SdkToolClass };
                    let mut tool = self.site(API_FROM_FUNCTION, site, gate, args.clone(), PositionalRoles::Mapped);
                    // `from_function(fn, name, ...)`: the name may be positional.
                    if tool.name.is_none() {
                        tool.name = args
                            .iter()
                            .filter(|a| a.keyword.is_none() && a.spread == Spread::No)
                            .nth(1)
                            .map(|a| a.value.clone());
                    }
                    if let Some(fn_arg) = first_positional(&args) {
                        self.function_arg(fn_arg, call, &mut tool);
                    }
                    tool.bound_to = self.assigned_to(call);
                    facts.tools.push(tool);
                }
            }
            "from_tool" => {
                // A transformation of a wrapper's forwarded tool object is
                // part of that wrapper, not a tool of its own.
                if self.forwarded_object(call, &args) {
                    return;
                }
                // fastmcp's tool transformation: a new tool derived from a
                // parent tool, whose name and annotations it inherits.
                let gate = Gate::Callee { callee: self.lower.expr(object), kind: CalleeKind::SdkToolClass };
                let mut tool = self.site(API_FROM_TOOL, site, gate, args.clone(), PositionalRoles::Mapped);
                if tool.name.is_none() {
                    tool.name = args
                        .iter()
                        .filter(|a| a.keyword.is_none() && a.spread == Spread::No)
                        .nth(1)
                        .map(|a| a.value.clone());
                }
                tool.bound_to = self.assigned_to(call);
                facts.tools.push(tool);
            }
            "add_tool" | "tool" => {
                let receiver = self.scoped(self.lower.expr(object), call);
                let direct_fn =
                    call.parent().filter(|p| p.kind() == "call" && p.child_by_field_name("function") == Some(call));
                let outer_args = direct_fn
                    .and_then(|p| p.child_by_field_name("arguments"))
                    .filter(|a| a.kind() == "argument_list")
                    .map(|a| self.lower.args(a))
                    .unwrap_or_default();
                let mut all_args = args.clone();
                all_args.extend(outer_args.iter().cloned());
                if self.forwarding(&all_args, call, &receiver) {
                    let api = if method == "add_tool" { API_ADD_TOOL } else { API_CALL };
                    self.record_forwarder(call, &args, api, &receiver, method, forwarders);
                    return;
                }
                // `for fn in (search, purge): mcp.add_tool(fn)`: one tool per element.
                let runs = match self.loop_iterations(call, &all_args) {
                    Some(iterations) => iterations
                        .iter()
                        .map(|bound| (substitute_args(&args, bound), substitute_args(&outer_args, bound)))
                        .collect(),
                    None => vec![(args, outer_args)],
                };
                for (args, outer_args) in runs {
                    let gate = Gate::Receiver { receiver: receiver.clone(), method: method.to_string() };
                    if method == "add_tool" {
                        // `add_tool(fn, ...)` or `add_tool(fn=fn, ...)`.
                        let keyword_fn = args.iter().find(|a| a.keyword.as_deref() == Some("fn"));
                        let Some(fn_arg) = first_positional(&args).or(keyword_fn) else { continue };
                        // `add_tool(Tool.from_function(...))` or a tool object
                        // built elsewhere: the tool is counted where it is built.
                        if self.builds_tool_object(&fn_arg.value) {
                            if let Expr::Ref { path, .. } = &fn_arg.value {
                                self.pending_moves.borrow_mut().push((path[0].clone(), site));
                            }
                            continue;
                        }
                        let mut tool = self.site(
                            API_ADD_TOOL,
                            site,
                            gate,
                            args.clone(),
                            PositionalRoles::PythonSdkTool { skip: 1 },
                        );
                        self.function_arg(fn_arg, call, &mut tool);
                        facts.tools.push(tool);
                    } else if let Some(outer) = direct_fn {
                        // `mcp.tool(name=...)(fn)`
                        let mut tool =
                            self.site(API_CALL, site, gate, args.clone(), PositionalRoles::PythonSdkTool { skip: 0 });
                        if let Some(fn_arg) = first_positional(&outer_args) {
                            self.function_arg(fn_arg, outer, &mut tool);
                        }
                        facts.tools.push(tool);
                    } else if let Some(fn_arg) = first_positional(&args).filter(|a| matches!(a.value, Expr::Ref { .. }))
                    {
                        // fastmcp's direct form `mcp.tool(fn, name=...)`.
                        let fn_arg = fn_arg.clone();
                        let first = args.iter().position(|a| a.keyword.is_none() && a.spread == Spread::No);
                        let rest: Vec<Arg> = args
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| Some(*i) != first)
                            .map(|(_, a)| a.clone())
                            .collect();
                        let mut tool =
                            self.site(API_CALL, site, gate, rest, PositionalRoles::PythonSdkTool { skip: 0 });
                        self.function_arg(&fn_arg, call, &mut tool);
                        facts.tools.push(tool);
                    }
                }
            }
            _ => {}
        }
    }

    /// The object `X` of a later `X.add_tool(var)` in the function around `at`.
    fn added_later(&self, at: Node<'t>, var: &str) -> Option<Node<'t>> {
        let f = *enclosing_functions(at).first()?;
        let mut stack = vec![f.child_by_field_name("body")?];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                if c.kind() == "call" && c.start_byte() > at.end_byte() {
                    let callee = c.child_by_field_name("function").filter(|f| f.kind() == "attribute");
                    let method = callee.and_then(|f| f.child_by_field_name("attribute")).map(|a| self.text(a));
                    let first = c.child_by_field_name("arguments").and_then(|a| named_children(a).next());
                    if method == Some("add_tool")
                        && first.is_some_and(|a| a.kind() == "identifier" && self.text(a) == var)
                    {
                        return callee.and_then(|f| f.child_by_field_name("object"));
                    }
                }
                if !matches!(c.kind(), "function_definition" | "class_definition" | "lambda") {
                    stack.push(c);
                }
            }
        }
        None
    }

    /// Whether `Tool.from_tool(t, ...)` transforms a local tool object that
    /// a wrapper builds from its own parameters (see `added_later`).
    fn forwarded_object(&self, at: Node, args: &[Arg]) -> bool {
        let parent = args.iter().find(|a| a.keyword.as_deref() == Some("tool")).or(first_positional(args));
        let Some(Expr::Ref { path, .. }) = parent.map(|a| &a.value) else { return false };
        if path.len() != 1 {
            return false;
        }
        let Some(&f) = enclosing_functions(at).first() else { return false };
        // Before the statement around `at` (`t = Tool.from_tool(t)` reads the earlier `t`).
        let before = at.parent().filter(|p| p.kind() == "assignment").unwrap_or(at).start_byte();
        let Some(r) = local_assignment(f, &path[0], before, self.lower.text) else { return false };
        let Expr::Call { callee, args, .. } = self.lower.expr(r) else { return false };
        match &*callee {
            Expr::Ref { path, .. } if path.last().is_some_and(|l| l == "from_function") => {
                self.forwarding(&args, r, &Expr::Unresolved(self.span(r)))
            }
            Expr::Ref { path, .. } if path.last().is_some_and(|l| l == "from_tool") => self.forwarded_object(r, &args),
            _ => false,
        }
    }

    /// The variable a call's value is assigned to (`t = Tool.from_function(...)`).
    fn assigned_to(&self, call: Node) -> Option<String> {
        call.parent()
            .filter(|p| p.kind() == "assignment")
            .and_then(|p| p.child_by_field_name("left"))
            .filter(|l| l.kind() == "identifier")
            .map(|l| self.text(l).to_string())
    }

    fn lowlevel_tool(&self, call: Node, callee: Node, args: Vec<Arg>, facts: &mut FileFacts) {
        let has_name = |args: &[Arg]| args.iter().any(|a| a.keyword.as_deref() == Some("name"));
        let splat = args.iter().any(|a| a.spread == Spread::Map);
        // A tool definition always has a name, possibly in `**definition`.
        if !has_name(&args) && !splat {
            return;
        }
        let site = Span::new(self.lower.file, call.start_byte(), callee.end_byte());
        let runs: Vec<Vec<Arg>> = match self.loop_iterations(call, &args) {
            Some(iterations) => iterations.iter().map(|bound| substitute_args(&args, bound)).collect(),
            None => vec![args],
        };
        for args in runs {
            // `Tool(**t)` for a literal definition: its keys are the keywords.
            let args = self.flatten_splats(args, call);
            if !has_name(&args) {
                continue;
            }
            let gate = Gate::Callee { callee: self.lower.expr(callee), kind: CalleeKind::SdkTypesTool };
            let mut tool = self.site(API_LOWLEVEL, site, gate, args, PositionalRoles::Mapped);
            tool.params = self.schema_properties(&tool.args);
            facts.tools.push(tool);
        }
    }

    fn tools_list(&self, callee: Node, list: Node, facts: &mut FileFacts) {
        let gate_callee = self.lower.expr(callee);
        for element in named_children(list) {
            if element.kind() != "identifier" {
                continue; // `Tool.from_function(...)` elements are counted by themselves.
            }
            let value = self.lower.expr(element);
            if self.builds_tool_object(&value) {
                continue;
            }
            let gate = Gate::Callee { callee: gate_callee.clone(), kind: CalleeKind::ServerClass };
            let mut tool = self.site(API_TOOLS_LIST, self.span(element), gate, vec![], PositionalRoles::Mapped);
            let arg = Arg { keyword: None, keyword_span: None, value, spread: Spread::No };
            self.function_arg(&arg, element, &mut tool);
            facts.tools.push(tool);
        }
    }

    fn site(
        &self,
        api: &'static str,
        site: Span,
        gate: Gate,
        args: Vec<Arg>,
        positional_roles: PositionalRoles,
    ) -> ToolSite {
        let kw = |k: &str| args.iter().find(|a| a.keyword.as_deref() == Some(k)).map(|a| a.value.clone());
        ToolSite {
            name: kw("name"),
            title: kw("title"),
            annotations: kw("annotations"),
            positional_roles,
            args,
            ..ToolSite::new(api, site, gate, Syntax::PythonKeyword)
        }
    }

    /// Fill the default name and parameters from the function passed to a
    /// registration call, when it is defined in this file.
    fn function_arg(&self, arg: &Arg, at: Node, tool: &mut ToolSite) {
        let Expr::Ref { path, span } = &arg.value else { return };
        let Some(last) = path.last() else { return };
        if let Some(def) = self.find_function(last) {
            self.set_params(def, tool);
            self.docstring_description(def, tool);
            tool.default_name = Some((last.clone(), *span));
        } else if path.len() > 1 || self.is_module_name(&path[0], at) {
            // `tools.search` or an imported function: its own name.
            tool.default_name = Some((last.clone(), *span));
        }
        // Otherwise a loop variable or parameter: the name is computed.

        // A function that carries fastmcp's standalone `@tool(...)` metadata
        // is bound to it (see `standalone_tool`); any other function adds
        // nothing, because an unknown spread leaves every role as it is.
        tool.tool_object = Some(Expr::Object { entries: vec![Entry::Spread(arg.value.clone())], span: *span });
    }

    /// fastmcp ≥ 3's standalone `@tool(...)` (from `fastmcp.tools`) only
    /// attaches metadata; `mcp.add_tool(fn)` registers it. Bind the function's
    /// name to that metadata as a tool-definition object.
    fn standalone_tool(&self, callee: Node, args: &[Arg], function: Node, facts: &mut FileFacts) {
        let name = self.text(callee);
        let standalone = facts
            .imports
            .iter()
            .any(|i| i.local == name && i.member.as_deref() == Some("tool") && i.module.starts_with("fastmcp.tools"));
        let Some(fn_name) = function.child_by_field_name("name") else { return };
        if !standalone || !at_module_level(function) {
            return;
        }
        let kw = |k: &str| args.iter().find(|a| a.keyword.as_deref() == Some(k)).map(|a| a.value.clone());
        let positional = args.iter().find(|a| a.keyword.is_none() && a.spread == Spread::No).map(|a| a.value.clone());
        let span = self.span(fn_name);
        let name_value = kw("name").or(positional).unwrap_or_else(|| Expr::Str(self.text(fn_name).to_string(), span));
        let mut entries = vec![Entry::Pair { key: "name".into(), key_span: span, value: name_value }];
        for key in ["title", "annotations"] {
            if let Some(value) = kw(key) {
                entries.push(Entry::Pair { key: key.into(), key_span: span, value });
            }
        }
        let mut probe = self.site(
            API_DECORATOR,
            span,
            Gate::Callee { callee: Expr::Unresolved(span), kind: CalleeKind::WrapperOnly },
            vec![],
            PositionalRoles::Mapped,
        );
        self.set_params(function, &mut probe);
        if let (Some(params), true) = (probe.params, probe.input_types.is_empty()) {
            entries.push(Entry::Pair {
                key: PARAMS_KEY.into(),
                key_span: span,
                value: Expr::Str(params.join(","), span),
            });
        }
        facts.bindings.push(Binding {
            name: self.text(fn_name).to_string(),
            value: Expr::Object { entries, span: self.span(function) },
            span,
        });
    }

    /// The SDKs take a function's docstring as the description when none is
    /// passed: record it as the `description` keyword so resolution sees one
    /// description, whichever way it was written.
    fn docstring_description(&self, function: Node, tool: &mut ToolSite) {
        if tool.args.iter().any(|a| a.keyword.as_deref() == Some("description")) {
            return;
        }
        let Some(first) = function.child_by_field_name("body").and_then(|b| named_children(b).next()) else { return };
        let Some(string) =
            named_children(first).next().filter(|n| first.kind() == "expression_statement" && n.kind() == "string")
        else {
            return;
        };
        if let Some(text) = self.lower.string(string) {
            let value = Expr::Str(text, self.span(string));
            tool.args.push(Arg { keyword: Some("description".into()), keyword_span: None, value, spread: Spread::No });
        }
    }

    fn find_function(&self, name: &str) -> Option<Node<'t>> {
        self.functions.get(name).copied()
    }

    /// Whether `name` is bound at module level (an import or a definition),
    /// as opposed to a local or loop variable at `at`.
    fn is_module_name(&self, name: &str, at: Node) -> bool {
        // A `for` target around the registration (also at module level).
        let mut cur = at.parent();
        while let Some(p) = cur {
            if p.kind() == "for_statement" {
                if let Some(left) = p.child_by_field_name("left") {
                    if self.text(left).split(|ch: char| !ch.is_alphanumeric() && ch != '_').any(|w| w == name) {
                        return false;
                    }
                }
            }
            cur = p.parent();
        }
        for f in enclosing_functions(at) {
            if self.lower.params(f).iter().any(|p| p.name == name)
                || local_assignment(f, name, at.start_byte(), self.lower.text).is_some()
            {
                return false;
            }
        }
        true
    }

    /// `Tool.from_function(...)`, `types.Tool(...)`, or a name bound to one.
    fn builds_tool_object(&self, value: &Expr) -> bool {
        match value {
            Expr::Call { callee, .. } => matches!(&**callee, Expr::Ref { path, .. }
                if path.last().is_some_and(|l| l == "from_function" || l == "Tool" || l == "FunctionTool" || l == "from_tool")),
            // A local or module binding built from a tool constructor.
            Expr::Ref { path, .. } if path.len() == 1 => {
                self.tool_objects.get_or_init(|| self.tool_object_names()).contains(path[0].as_str())
            }
            _ => false,
        }
    }

    /// Names assigned anywhere in the file from a tool constructor call:
    /// one walk per file, not one per registration.
    fn tool_object_names(&self) -> HashSet<String> {
        let text = self.lower.text;
        let mut names = HashSet::new();
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                if c.kind() == "assignment" {
                    if let (Some(l), Some(r)) = (c.child_by_field_name("left"), c.child_by_field_name("right")) {
                        if l.kind() == "identifier"
                            && r.kind() == "call"
                            && self.builds_tool_object(&self.lower.expr(r))
                        {
                            names.insert(text.get(l.byte_range()).unwrap_or("").to_string());
                        }
                    }
                }
                if c.named_child_count() > 0 {
                    stack.push(c);
                }
            }
        }
        names
    }

    /// Names of a low-level tool's `inputSchema` / `input_schema` properties.
    fn schema_properties(&self, args: &[Arg]) -> Option<Vec<String>> {
        let schema = args.iter().find(|a| matches!(a.keyword.as_deref(), Some("inputSchema" | "input_schema")))?;
        // `d["inputSchema"]` of a definition dict unrolled from a loop.
        let value = match &schema.value {
            Expr::Index { base, key, .. } => match &**base {
                Expr::Object { entries, .. } => entries.iter().rev().find_map(|e| match e {
                    crate::model::Entry::Pair { key: k, value, .. } if k == key => Some(value),
                    _ => None,
                })?,
                _ => return None,
            },
            v => v,
        };
        let Expr::Object { entries, .. } = value else { return None };
        for e in entries {
            if let crate::model::Entry::Pair { key, value: Expr::Object { entries: props, .. }, .. } = e {
                if key == "properties" {
                    return Some(
                        props
                            .iter()
                            .filter_map(|p| match p {
                                crate::model::Entry::Pair { key, .. } => Some(key.clone()),
                                _ => None,
                            })
                            .collect(),
                    );
                }
            }
        }
        None
    }

    /// Input parameters of a tool function (not `self`/`cls`, not the MCP
    /// `Context`, not `*args`/`**kwargs`) and the types whose fields are
    /// inputs too: a parameter typed with a model, also through
    /// `Annotated[...]`, `Optional[...]`, `X | None` and string forward
    /// references. Resolution expands those types through their
    /// `__fields__` bindings, in this file or another. `params` is `None`
    /// when a type annotation is not understood.
    fn set_params(&self, function: Node, tool: &mut ToolSite) {
        let mut names = Vec::new();
        let mut types = Vec::new();
        for p in self.lower.params(function) {
            if p.kind != ParamKind::Normal || p.name == "self" || p.name == "cls" {
                continue;
            }
            if p.annotation.is_some_and(|a| self.text(a).contains("Context")) {
                continue;
            }
            if let Some(ty) = p.annotation {
                let Some(refs) = self.type_refs(ty, 0) else {
                    tool.params = None;
                    tool.input_types = vec![];
                    return;
                };
                types.extend(refs);
            }
            names.push(p.name);
        }
        tool.params = Some(names);
        tool.input_types = types;
    }

    /// The class names in a parameter type that may carry input fields:
    /// none for plain types, `None` for a type form not understood.
    fn type_refs(&self, ty: Node, depth: usize) -> Option<Vec<Expr>> {
        if depth > 8 {
            return None;
        }
        let d = depth + 1;
        let named = |name: &str, path: Vec<String>, span: Span| {
            if PLAIN_TYPES.contains(&name) {
                vec![]
            } else {
                vec![Expr::Ref { path, span }]
            }
        };
        match ty.kind() {
            "type" => named_children(ty).next().map_or(Some(vec![]), |c| self.type_refs(c, d)),
            "none" => Some(vec![]),
            "identifier" | "attribute" => match self.lower.expr(ty) {
                Expr::Ref { path, span } => Some(named(path.last().map_or("", String::as_str), path.clone(), span)),
                _ => None,
            },
            "string" => {
                // A forward reference: `'Req'`, `'Req | None'`, `'models.Req'`.
                let s = self.lower.string(ty)?;
                let mut out = Vec::new();
                for part in s.split('|').map(str::trim) {
                    let path: Vec<String> = part.split('.').map(str::to_string).collect();
                    if !path.iter().all(|p| lower::is_identifier(p)) {
                        return None;
                    }
                    out.extend(named(path.last().map_or("", String::as_str), path.clone(), self.span(ty)));
                }
                Some(out)
            }
            "binary_operator" => {
                let mut out = self.type_refs(ty.child_by_field_name("left")?, d)?;
                out.extend(self.type_refs(ty.child_by_field_name("right")?, d)?);
                Some(out)
            }
            "generic_type" | "subscript" => {
                let head = if ty.kind() == "subscript" {
                    ty.child_by_field_name("value")?
                } else {
                    named_children(ty).next()?
                };
                let head_name = match head.kind() {
                    "attribute" => head.child_by_field_name("attribute").map(|a| self.text(a)).unwrap_or(""),
                    _ => self.text(head),
                };
                let params: Vec<Node> = if ty.kind() == "subscript" {
                    let mut c = ty.walk();
                    ty.children_by_field_name("subscript", &mut c).collect()
                } else {
                    named_children(ty).skip(1).flat_map(named_children).collect()
                };
                match head_name {
                    // The first argument is the type; the rest is metadata.
                    "Annotated" => params.first().map_or(Some(vec![]), |t| self.type_refs(*t, d)),
                    "Optional" | "Union" => {
                        let mut out = Vec::new();
                        for t in params {
                            out.extend(self.type_refs(t, d)?);
                        }
                        Some(out)
                    }
                    // A model inside a container is not a top-level input.
                    h if PLAIN_TYPES.contains(&h) => Some(vec![]),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `<Class>.__fields__` for every module-level class: the annotated
    /// fields of its body after a spread of each base's (so inherited
    /// fields come first). Enums and plain classes have none; the bases that
    /// end a model's chain (`BaseModel`, `TypedDict` …) add none.
    fn class_fields(&self, facts: &mut FileFacts) {
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                match c.kind() {
                    "class_definition" => self.class_fields_binding(c, facts),
                    "decorated_definition" | "if_statement" | "try_statement" | "block" => stack.push(c),
                    _ if c.kind().ends_with("clause") => stack.push(c),
                    _ => {}
                }
            }
        }
    }

    /// `<Alias>.__fields__` for a module-level type alias (`Id = Annotated[str,
    /// Field(...)]`, `Req = Optional[Model]`, `type R = Model | None`,
    /// `Id = NewType("Id", str)`): the fields of the types it names.
    fn alias_fields(&self, facts: &mut FileFacts) {
        for stmt in named_children(self.root) {
            let (name, value) = match stmt.kind() {
                "expression_statement" => {
                    let Some(a) = named_children(stmt).next().filter(|a| a.kind() == "assignment") else { continue };
                    match (a.child_by_field_name("left"), a.child_by_field_name("right")) {
                        (Some(l), Some(r)) if l.kind() == "identifier" => (l, r),
                        _ => continue,
                    }
                }
                "type_alias_statement" => {
                    let (Some(l), Some(r)) = (stmt.child_by_field_name("left"), stmt.child_by_field_name("right"))
                    else {
                        continue;
                    };
                    (named_children(l).next().unwrap_or(l), r)
                }
                _ => continue,
            };
            let value = match value.kind() {
                // `NewType("Id", str)`: the second argument is the type.
                "call" if value.child_by_field_name("function").is_some_and(|f| self.text(f).ends_with("NewType")) => {
                    match value.child_by_field_name("arguments").and_then(|a| named_children(a).nth(1)) {
                        Some(t) => t,
                        None => continue,
                    }
                }
                "subscript" | "binary_operator" | "type" | "none" => value,
                // `Id = str` is an alias; `X = Y` with a class name may be one.
                "identifier" | "attribute" => value,
                _ => continue,
            };
            let Some(refs) = self.type_refs(value, 0) else { continue };
            let entries = refs
                .into_iter()
                .map(|r| match r {
                    Expr::Ref { mut path, span } => {
                        path.push(FIELDS_MEMBER.to_string());
                        Entry::Spread(Expr::Ref { path, span })
                    }
                    other => Entry::Spread(other),
                })
                .collect();
            facts.bindings.push(Binding {
                name: format!("{}.{FIELDS_MEMBER}", self.text(name)),
                value: Expr::Object { entries, span: self.span(stmt) },
                span: self.span(name),
            });
        }
    }

    fn class_fields_binding(&self, class: Node, facts: &mut FileFacts) {
        let Some(name) = class.child_by_field_name("name") else { return };
        let dataclass = class
            .parent()
            .is_some_and(|p| p.kind() == "decorated_definition" && self.text(p).trim_start().starts_with("@dataclass"));
        let mut entries = Vec::new();
        let mut record = dataclass;
        let mut unknown_base = false;
        for base in class.child_by_field_name("superclasses").map(named_children).into_iter().flatten() {
            if base.kind() == "keyword_argument" {
                continue; // `total=False`, `metaclass=...`
            }
            let head = match base.kind() {
                "subscript" => base.child_by_field_name("value").unwrap_or(base),
                "generic_type" => named_children(base).next().unwrap_or(base),
                _ => base,
            };
            let expr = self.lower.expr(head);
            let Expr::Ref { path, span } = expr else {
                entries.push(Entry::Spread(Expr::Unresolved(self.span(base))));
                continue;
            };
            match path.last().map(String::as_str).unwrap_or("") {
                "BaseModel" | "TypedDict" | "RootModel" | "NamedTuple" => record = true,
                "Enum" | "StrEnum" | "IntEnum" | "Flag" | "IntFlag" => {
                    // An Enum has no fields, whatever else it derives from.
                    entries.clear();
                    record = false;
                    unknown_base = false;
                    break;
                }
                "Generic" | "Protocol" | "ABC" | "object" | "str" | "int" | "float" | "bytes" => {}
                _ => {
                    unknown_base = true;
                    let mut p = path;
                    p.push(FIELDS_MEMBER.to_string());
                    entries.push(Entry::Spread(Expr::Ref { path: p, span }));
                }
            }
        }
        if record || unknown_base {
            if let Some(body) = class.child_by_field_name("body") {
                for stmt in named_children(body).filter(|n| n.kind() == "expression_statement") {
                    let Some(assign) = named_children(stmt).next().filter(|a| a.kind() == "assignment") else {
                        continue;
                    };
                    let (Some(left), Some(ty)) =
                        (assign.child_by_field_name("left"), assign.child_by_field_name("type"))
                    else {
                        continue;
                    };
                    let field = self.text(left);
                    if left.kind() != "identifier" || field.starts_with('_') || self.text(ty).starts_with("ClassVar") {
                        continue;
                    }
                    entries.push(Entry::Pair {
                        key: field.to_string(),
                        key_span: self.span(left),
                        value: Expr::Other(self.span(assign)),
                    });
                }
            }
        }
        facts.bindings.push(Binding {
            name: format!("{}.{FIELDS_MEMBER}", self.text(name)),
            value: Expr::Object { entries, span: self.span(class) },
            span: self.span(name),
        });
    }

    /// Rewrite a receiver that names a parameter or a local variable of an
    /// enclosing function into what that scope says about it.
    fn scoped(&self, expr: Expr, at: Node) -> Expr {
        let Expr::Ref { path, span } = &expr else { return expr };
        let head = path[0].as_str();
        if head == "self" {
            return expr;
        }
        for f in enclosing_functions(at) {
            if let Some(p) = self.lower.params(f).into_iter().find(|p| p.name == head) {
                let untyped = p.annotation.is_none_or(|ty| UNTYPED.contains(&self.text(ty).trim()));
                return match (p.annotation, path.len()) {
                    (Some(ty), 1) if !untyped => {
                        Expr::Instance { class: Box::new(self.lower.annotation_expr(ty)), span: *span }
                    }
                    // `def register(mcp):` / `core.mcp`: keep the name, which the
                    // resolver's fallback reads, unless a module name would capture it.
                    _ if untyped && !self.bound_at_module_level(head) => expr,
                    _ => Expr::Unresolved(*span),
                };
            }
            if let Some(value) = local_assignment(f, head, at.start_byte(), self.lower.text) {
                return if path.len() == 1 { self.lower.expr(value) } else { Expr::Unresolved(*span) };
            }
        }
        expr
    }

    /// A registration whose tool function, name or annotations come from the
    /// enclosing function's parameters is a wrapper's inner call.
    fn forwarding(&self, args: &[Arg], at: Node, receiver: &Expr) -> bool {
        let receiver_head = match receiver {
            Expr::Ref { path, .. } => Some(path[0].clone()),
            _ => None,
        };
        let params: Vec<String> = enclosing_functions(at)
            .into_iter()
            .flat_map(|f| self.lower.params(f))
            .map(|p| p.name)
            .filter(|p| Some(p) != receiver_head.as_ref() && p != "self" && p != "cls")
            .collect();
        args.iter().any(|a| match &a.value {
            Expr::Ref { path, .. } => path.len() == 1 && params.contains(&path[0]),
            _ => false,
        })
    }

    fn record_forwarder(
        &self,
        at: Node,
        args: &[Arg],
        api: &'static str,
        receiver: &Expr,
        method: &str,
        forwarders: &mut Vec<(String, Forwarder)>,
    ) {
        // The wrapper is the enclosing function, or the decorator factory that
        // returns it, up to a module function or a method. A function nested in
        // a builder that does not return it is a local wrapper (`def tool(fn):
        // mcp.add_tool(fn, ...)` used as `@tool` inside the builder).
        let fns = enclosing_functions(at);
        let Some(&first) = fns.first() else { return };
        let mut wrapper = first;
        for &outer in fns.iter().skip(1) {
            if method_class(wrapper).is_some() || at_module_level(wrapper) || !self.returns_function(outer, wrapper) {
                break;
            }
            wrapper = outer;
        }
        let Some(wrapper_name) = wrapper.child_by_field_name("name").map(|n| self.text(n).to_string()) else { return };
        let local = method_class(wrapper).is_none() && !at_module_level(wrapper);
        if local && self.bound_at_module_level(&wrapper_name) {
            return;
        }
        let all = self.lower.params(wrapper);
        let params: Vec<String> = all
            .iter()
            .filter(|p| p.kind == ParamKind::Normal && p.name != "self" && p.name != "cls")
            .map(|p| p.name.clone())
            .collect();
        let kwargs: Option<String> = all.iter().find(|p| p.kind == ParamKind::Kwargs).map(|p| p.name.clone());
        let mut roles = Vec::new();
        let mut passes_kwargs = false;
        let skip = usize::from(api == API_ADD_TOOL);
        let positional = [Role::Name, Role::Title, Role::Description, Role::Annotations];
        let mut pos = 0;
        for a in args {
            if a.spread == Spread::Map {
                if matches!(&a.value, Expr::Ref { path, .. } if Some(&path[0]) == kwargs.as_ref()) {
                    passes_kwargs = true;
                }
                continue;
            }
            let role = match a.keyword.as_deref() {
                Some("name") => Some(Role::Name),
                Some("title") => Some(Role::Title),
                Some("description") => Some(Role::Description),
                Some("annotations") => Some(Role::Annotations),
                Some(_) => None,
                None => {
                    pos += 1;
                    (pos > skip).then(|| positional.get(pos - 1 - skip).copied()).flatten()
                }
            };
            let Some(role) = role else { continue };
            let source = match &a.value {
                Expr::Ref { path, .. } if path.len() == 1 && params.contains(&path[0]) => {
                    RoleSource::Param(path[0].clone())
                }
                Expr::Ref { path, .. } if path.len() == 1 && !self.is_module_name(&path[0], at) => continue,
                v => RoleSource::Fixed(v.clone()),
            };
            roles.push((role, source));
        }
        let (name, methods) = match method_class(wrapper) {
            Some(class) => match class.child_by_field_name("name") {
                Some(n) => (self.text(n).to_string(), vec![wrapper_name]),
                None => return,
            },
            None => (wrapper_name, vec![]),
        };
        let inner = Gate::Receiver { receiver: receiver.clone(), method: method.to_string() };
        forwarders.push((
            name,
            Forwarder {
                methods,
                params,
                roles,
                passes_kwargs,
                api,
                inner,
                span: self.span(wrapper.child_by_field_name("name").unwrap_or(wrapper)),
            },
        ));
    }
}

/// Every function definition outside function bodies, by name; the first
/// one found wins (top-level definitions before nested ones).
fn functions_by_name<'a, 't>(text: &'a str, root: Node<'t>) -> HashMap<&'a str, Node<'t>> {
    let mut found = HashMap::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        for c in named_children(n) {
            match c.kind() {
                "function_definition" => {
                    if let Some(name) = c.child_by_field_name("name") {
                        found.entry(text.get(name.byte_range()).unwrap_or("")).or_insert(c);
                    }
                }
                "decorated_definition" | "block" | "if_statement" | "try_statement" | "class_definition" => {
                    stack.push(c)
                }
                _ if c.kind().ends_with("clause") => stack.push(c),
                _ => {}
            }
        }
    }
    found
}

fn first_positional(args: &[Arg]) -> Option<&Arg> {
    args.iter().find(|a| a.keyword.is_none() && a.spread == Spread::No)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_compile_with_their_captures() {
        for name in ["tool.decorator", "tool.callee", "tool.call", "tool.function", "server.callee", "server.tools"] {
            REGISTRATIONS.capture(name);
        }
        for name in ["import.statement", "import.from"] {
            IMPORTS.capture(name);
        }
        for name in [
            "binding",
            "binding.name",
            "binding.value",
            "class.name",
            "member.name",
            "member.value",
            "attr.name",
            "attr.value",
            "subclass.name",
            "subclass.base",
        ] {
            BINDINGS.capture(name);
        }
    }

    #[test]
    fn finds_decorator_and_import() {
        let src = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n\n@mcp.tool()\ndef get_x(a: int, ctx: Context) -> str: ...\n";
        let facts = parse(FileId(0), src);
        assert_eq!(facts.tools.len(), 1);
        assert_eq!(facts.tools[0].default_name.as_ref().unwrap().0, "get_x");
        assert_eq!(facts.tools[0].params.as_deref(), Some(&["a".to_string()][..]));
        assert!(facts.import("FastMCP").is_some());
        assert!(facts.binding("mcp").is_some());
    }

    /// (parameter names, input type paths) of the one tool in `src`.
    fn params_of(src: &str) -> Option<(Vec<String>, Vec<String>)> {
        let src = format!("from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n{src}");
        let facts = parse(FileId(0), &src);
        let t = &facts.tools[0];
        let types = t
            .input_types
            .iter()
            .map(|e| match e {
                Expr::Ref { path, .. } => path.join("."),
                _ => "?".into(),
            })
            .collect();
        t.params.clone().map(|p| (p, types))
    }

    #[test]
    fn parameter_types_that_may_carry_input_fields() {
        let f = |sig: &str| params_of(&format!("@mcp.tool()\ndef wipe({sig}) -> int: ...\n"));
        let want = |p: &[&str], t: &[&str]| {
            Some((p.iter().map(|s| s.to_string()).collect::<Vec<_>>(), t.iter().map(|s| s.to_string()).collect()))
        };
        assert_eq!(f("req: Req, n: int = 1"), want(&["req", "n"], &["Req"]));
        assert_eq!(f("req: Annotated[Req, Field(description='r')]"), want(&["req"], &["Req"]));
        assert_eq!(f("req: Optional[models.Req] = None"), want(&["req"], &["models.Req"]));
        assert_eq!(f("req: 'Req | None' = None"), want(&["req"], &["Req"]));
        assert_eq!(f("req: Req | None = None, ctx: Context"), want(&["req"], &["Req"]));
        assert_eq!(f("items: list[Req], n: typing.Optional[int]"), want(&["items", "n"], &[]));
        // A generic user class is not understood: the inputs are unknown.
        assert_eq!(f("page: Page[Req]"), None);
    }

    #[test]
    fn classes_bind_their_fields() {
        let src = "class Base(BaseModel):\n    namespace: str\n    _private: int = 0\n    LIMIT: ClassVar[int] = 3\n\nclass Req(Base, Generic[T]):\n    confirm: Annotated[bool, Field(description='x')] = False\n    model_config = {}\n\nclass Mode(str, Enum):\n    A = 'a'\n\n@dataclass\nclass Opts:\n    force: bool = False\n\nclass Plain:\n    x: int = 1\n";
        let facts = parse(FileId(0), src);
        let fields = |name: &str| match &facts.binding(&format!("{name}.__fields__")).expect("binding").value {
            Expr::Object { entries, .. } => entries
                .iter()
                .map(|e| match e {
                    Entry::Pair { key, .. } => key.clone(),
                    Entry::Spread(Expr::Ref { path, .. }) => format!("...{}", path.join(".")),
                    Entry::Spread(_) => "...?".into(),
                })
                .collect::<Vec<_>>(),
            _ => vec!["not an object".into()],
        };
        assert_eq!(fields("Base"), ["namespace"]);
        assert_eq!(fields("Req"), ["...Base.__fields__", "confirm"]);
        assert!(fields("Mode").is_empty() && fields("Plain").is_empty());
        assert_eq!(fields("Opts"), ["force"]);
        let facts = parse(
            FileId(0),
            "Id = Annotated[str, Field(max_length=3)]\nR: TypeAlias = Optional[Req]\ntype S = m.Req | None\nN = NewType('N', int)\nP = PRESETS['x']\n",
        );
        let spreads = |name: &str| match facts.binding(&format!("{name}.__fields__")).map(|b| &b.value) {
            Some(Expr::Object { entries, .. }) => Some(
                entries
                    .iter()
                    .map(|e| match e {
                        Entry::Spread(Expr::Ref { path, .. }) => path.join("."),
                        _ => "?".into(),
                    })
                    .collect::<Vec<_>>(),
            ),
            _ => None,
        };
        assert_eq!(spreads("Id"), Some(vec![]));
        assert_eq!(spreads("R"), Some(vec!["Req.__fields__".to_string()]));
        assert_eq!(spreads("S"), Some(vec!["m.Req.__fields__".to_string()]));
        assert_eq!(spreads("N"), Some(vec![]));
        assert_eq!(spreads("P"), None);
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let src = format!("X = {}1{}\n", "(".repeat(20000), ")".repeat(20000));
        let facts = parse(FileId(0), &src);
        // Past the depth limit the value is unresolved, but the name is still bound.
        assert!(facts.binding("X").is_some());
        let src = format!("X = {}\n", "{'a': ".repeat(5000) + &"}".repeat(5000));
        let _ = parse(FileId(0), &src);
    }
}
