//! Go syntax → model `Expr`.
//!
//! Inside a function, a name is first looked up among the function's
//! locals: a local bound once to a value is replaced by that value (so a
//! tool literal in `t := &mcp.Tool{...}` is seen where `t` is registered),
//! a parameter becomes a value of its type, and a `range` variable is
//! unknown. Go field names of tools and annotations become their wire
//! names (`ReadOnlyHint` → `readOnlyHint`), and mcp-go's `mcp.NewTool`
//! options are applied in order into one object.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use tree_sitter::Node;

use super::{sdk_of, GO_SDK, MCP_GO};
use crate::model::{Arg, Entry, Expr, Spread, PARAMS_KEY, RESET_KEY, SDK_DEFAULTS_KEY};
use crate::source::{FileId, Span};

/// Deeper expressions than this are not followed (and cannot overflow the stack).
const MAX_DEPTH: usize = 40;
/// Nodes lowered per expression at most.
const MAX_NODES: usize = 20_000;

/// Names of pointer helpers in other modules (`jsonschema.Ptr`, `github.Ptr`,
/// `mcp.ToBoolPtr`, `ptr.To`, `lo.ToPtr`): a call is its argument.
const POINTER_HELPERS: &[&str] = &["Ptr", "ToPtr", "ToBoolPtr", "BoolPtr", "To"];

/// mcp-go options that declare an input parameter, named by argument 0.
const PARAM_OPTIONS: &[&str] =
    &["WithString", "WithNumber", "WithInteger", "WithBoolean", "WithArray", "WithObject", "WithAny"];

const ALL_HINTS: &str = "readOnlyHint destructiveHint idempotentHint openWorldHint";

/// One option of an mcp-go `NewTool` call after `xs...` expansion.
enum Opt<'t> {
    Node(Node<'t>),
    /// A variadic parameter of the enclosing function.
    Param(Node<'t>),
    Unknown(Span),
}

/// What a name means inside a function.
#[derive(Clone, Copy)]
enum Local<'t> {
    /// Bound to this value (`x := v`, `var x = v`, or the call whose first
    /// result it is).
    Value(Node<'t>),
    Param {
        ty: Option<Node<'t>>,
    },
    Range,
    /// Assigned from something that cannot be followed.
    Unknown,
}

/// Names a lowering touched that make it depend on where it is evaluated.
#[derive(Default)]
pub struct Touched {
    /// Parameters: (identifier span, name).
    pub params: Vec<(Span, String)>,
    /// Expressions that are a `range` variable (or an element indexed by one).
    pub range: Vec<Span>,
}

impl Touched {
    /// Whether `e` (or the value it is a field of) is a loop variable: the
    /// registration registers tools defined, and counted, elsewhere.
    pub fn is_loop_value(&self, e: &Expr) -> bool {
        let mut root = e;
        while let Expr::Index { base, .. } = root {
            root = base;
        }
        matches!(root, Expr::Unresolved(span) if self.range.contains(span))
    }
}

pub struct Lower<'a> {
    pub text: &'a str,
    pub file: FileId,
    /// Import local name → path.
    pub imports: HashMap<String, String>,
    /// Declarations per function node id.
    decls: RefCell<HashMap<usize, Vec<Decl>>>,
    pub touched: RefCell<Touched>,
    /// Nodes one `expr` call may still lower: inlined locals can repeat
    /// (`b := f(a, a)`), so depth alone does not bound the work.
    budget: Cell<usize>,
}

/// A local declaration: (name, position after which it is visible, what).
type Decl = (String, usize, DeclKind);

#[derive(Clone, Copy)]
enum DeclKind {
    /// The value node's id lives in the tree: store byte range to find it again.
    Value {
        start: usize,
        end: usize,
    },
    Range {
        body_start: usize,
        body_end: usize,
    },
    Unknown,
}

/// Named children without comments (which tree-sitter-go names too).
pub fn named_children<'t>(n: Node<'t>) -> impl Iterator<Item = Node<'t>> {
    crate::frontend::queries::named_children(n).filter(|c| c.kind() != "comment")
}

/// The first named child that is not a comment.
pub fn first(n: Node) -> Option<Node> {
    named_children(n).next()
}

/// Every function around `n`, innermost first.
pub fn enclosing_functions(n: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut cur = n.parent();
    while let Some(p) = cur {
        if matches!(p.kind(), "function_declaration" | "method_declaration" | "func_literal") {
            out.push(p);
        }
        cur = p.parent();
    }
    out
}

/// The parameters of a function, in order: (type node, name node).
pub fn params<'t>(func: Node<'t>) -> Vec<(Option<Node<'t>>, Node<'t>)> {
    let mut out = Vec::new();
    let Some(list) = func.child_by_field_name("parameters") else { return out };
    for p in named_children(list) {
        let ty = p.child_by_field_name("type");
        let mut cursor = p.walk();
        for name in p.children_by_field_name("name", &mut cursor) {
            out.push((ty, name));
        }
    }
    out
}

impl<'a> Lower<'a> {
    pub fn new(text: &'a str, file: FileId) -> Lower<'a> {
        Lower {
            text,
            file,
            imports: HashMap::new(),
            decls: RefCell::default(),
            touched: RefCell::default(),
            budget: Cell::new(0),
        }
    }

    pub fn span(&self, n: Node) -> Span {
        Span::new(self.file, n.start_byte(), n.end_byte())
    }

    pub fn text(&self, n: Node) -> &'a str {
        self.text.get(n.byte_range()).unwrap_or("")
    }

    /// The SDK package an import local name stands for: (SDK root, package).
    pub fn sdk_package(&self, local: &str) -> Option<(&'static str, &'static str)> {
        let (root, pkg) = sdk_of(self.imports.get(local)?)?;
        let pkg = match pkg {
            "mcp" => "mcp",
            "server" => "server",
            _ => "",
        };
        Some((root, pkg))
    }

    pub fn is_import(&self, local: &str) -> bool {
        self.imports.contains_key(local)
    }

    pub fn expr(&self, n: Node) -> Expr {
        self.budget.set(MAX_NODES);
        self.expr_at(n, 0)
    }

    /// A string literal's value (escapes of interpreted strings decoded).
    pub fn string(&self, n: Node) -> Option<String> {
        match n.kind() {
            "raw_string_literal" => {
                let t = self.text(n);
                Some(t.trim_start_matches('`').trim_end_matches('`').replace('\r', ""))
            }
            "interpreted_string_literal" => {
                let mut out = String::new();
                for c in named_children(n) {
                    match c.kind() {
                        "interpreted_string_literal_content" => out.push_str(self.text(c)),
                        "escape_sequence" => out.push_str(&unescape(self.text(c))?),
                        _ => return None,
                    }
                }
                Some(out)
            }
            _ => None,
        }
    }

    fn expr_at(&self, n: Node, depth: usize) -> Expr {
        let span = self.span(n);
        let budget = self.budget.get();
        if depth > MAX_DEPTH || budget == 0 {
            return Expr::Unresolved(span);
        }
        self.budget.set(budget - 1);
        let d = depth + 1;
        match n.kind() {
            "true" => Expr::Bool(true, span),
            "false" => Expr::Bool(false, span),
            "nil" => Expr::Null(span),
            "int_literal" | "float_literal" | "imaginary_literal" | "rune_literal" => {
                Expr::Number(self.text(n).to_string(), span)
            }
            "interpreted_string_literal" | "raw_string_literal" => match self.string(n) {
                Some(s) => Expr::Str(s, span),
                None => Expr::Other(span),
            },
            "identifier" => self.ident(n, d),
            "selector_expression" => {
                let (Some(operand), Some(field)) = (n.child_by_field_name("operand"), n.child_by_field_name("field"))
                else {
                    return Expr::Unresolved(span);
                };
                let field = self.text(field).to_string();
                match self.expr_at(operand, d) {
                    Expr::Ref { mut path, .. } => {
                        path.push(field);
                        Expr::Ref { path, span }
                    }
                    base => Expr::Index { base: Box::new(base), key: field_key(&field).to_string(), span },
                }
            }
            "unary_expression" => {
                let op = n.child_by_field_name("operator").map(|o| self.text(o)).unwrap_or("");
                match (op, n.child_by_field_name("operand")) {
                    ("&" | "*", Some(operand)) => self.expr_at(operand, d),
                    _ => Expr::Unresolved(span),
                }
            }
            "parenthesized_expression" | "literal_element" => match first(n) {
                Some(inner) => self.expr_at(inner, d),
                None => Expr::Unresolved(span),
            },
            "composite_literal" => self.composite(n, d),
            "literal_value" => self.object(n, span, d),
            "call_expression" => self.call(n, d),
            "func_literal" => Expr::Other(span),
            // `tools[i]`: not followed, but a `range` index still marks a loop.
            "index_expression" => {
                let before = self.touched.borrow().range.len();
                for part in ["operand", "index"] {
                    if let Some(p) = n.child_by_field_name(part) {
                        self.expr_at(p, d);
                    }
                }
                if self.touched.borrow().range.len() > before {
                    self.touched.borrow_mut().range.push(span);
                }
                Expr::Unresolved(span)
            }
            _ => Expr::Unresolved(span),
        }
    }

    fn ident(&self, n: Node, d: usize) -> Expr {
        let span = self.span(n);
        let name = self.text(n);
        if name == "_" {
            return Expr::Unresolved(span);
        }
        match self.local(n, name) {
            Some(Local::Value(v)) => self.expr_at(v, d),
            Some(Local::Param { ty, .. }) => {
                self.touched.borrow_mut().params.push((span, name.to_string()));
                let class = ty.map_or(Expr::Unresolved(span), |t| self.type_expr(t));
                Expr::Instance { class: Box::new(class), span }
            }
            Some(Local::Range) => {
                self.touched.borrow_mut().range.push(span);
                Expr::Unresolved(span)
            }
            Some(Local::Unknown) => Expr::Unresolved(span),
            None => Expr::Ref { path: vec![name.to_string()], span },
        }
    }

    /// The name of a type of this package: `*Server` / `Server[T]` → `Server`.
    pub fn type_name(&self, t: Node) -> Option<String> {
        match t.kind() {
            "pointer_type" | "parenthesized_type" => self.type_name(first(t)?),
            "generic_type" => self.type_name(t.child_by_field_name("type")?),
            "type_identifier" => Some(self.text(t).to_string()),
            _ => None,
        }
    }

    /// Whether an identifier is a parameter (or receiver) of a function around it.
    pub fn is_param(&self, ident: Node) -> bool {
        ident.kind() == "identifier" && matches!(self.local(ident, self.text(ident)), Some(Local::Param { .. }))
    }

    /// The value a local variable is bound to (`h := func(...) {...}`).
    pub fn local_value<'t>(&self, ident: Node<'t>) -> Option<Node<'t>> {
        match self.local(ident, self.text(ident))? {
            Local::Value(v) => Some(v),
            _ => None,
        }
    }

    /// The package type of a local value: a parameter or receiver of that
    /// type, or a variable holding a literal of it (`r := &Registry{}`).
    pub fn local_type(&self, ident: Node) -> Option<String> {
        if ident.kind() != "identifier" {
            return None;
        }
        match self.local(ident, self.text(ident))? {
            Local::Param { ty } => self.type_name(ty?),
            Local::Value(v) => {
                let v = if v.kind() == "unary_expression" { v.child_by_field_name("operand")? } else { v };
                (v.kind() == "composite_literal").then(|| self.type_name(v.child_by_field_name("type")?)).flatten()
            }
            _ => None,
        }
    }

    /// A type as a name the resolver can follow: `*mcp.Server` → `mcp.Server`.
    pub fn type_expr(&self, t: Node) -> Expr {
        let span = self.span(t);
        match t.kind() {
            "pointer_type" | "parenthesized_type" => first(t).map_or(Expr::Unresolved(span), |i| self.type_expr(i)),
            "generic_type" => t.child_by_field_name("type").map_or(Expr::Unresolved(span), |i| self.type_expr(i)),
            "type_elem" => first(t).map_or(Expr::Unresolved(span), |i| self.type_expr(i)),
            "type_identifier" => Expr::Ref { path: vec![self.text(t).to_string()], span },
            "qualified_type" => match (t.child_by_field_name("package"), t.child_by_field_name("name")) {
                (Some(p), Some(n)) => {
                    Expr::Ref { path: vec![self.text(p).to_string(), self.text(n).to_string()], span }
                }
                _ => Expr::Unresolved(span),
            },
            _ => Expr::Unresolved(span),
        }
    }

    fn composite(&self, n: Node, d: usize) -> Expr {
        let span = self.span(n);
        let ty = n.child_by_field_name("type");
        if let Some(table) = ty.filter(|t| t.kind() == "map_type").and_then(|t| self.annotations_table(n, t, d)) {
            return table;
        }
        if ty.is_some_and(|t| {
            matches!(t.kind(), "slice_type" | "array_type" | "implicit_length_array_type" | "map_type")
        }) {
            return Expr::Other(span);
        }
        let Some(body) = n.child_by_field_name("body") else { return Expr::Unresolved(span) };
        let mut object = self.object(body, span, d);
        // A tool literal's input schema, when its properties are a literal map.
        if let (Some(ty), Expr::Object { entries, .. }) = (ty, &mut object) {
            let is_tool = self.is_sdk_type(ty, GO_SDK, "Tool") || self.is_sdk_type(ty, MCP_GO, "Tool");
            if let Some(props) =
                is_tool.then(|| self.keyed(body, "InputSchema")).flatten().and_then(|s| self.schema_properties(s))
            {
                entries.push(Entry::Pair {
                    key: PARAMS_KEY.into(),
                    key_span: span,
                    value: Expr::Str(props.join(","), span),
                });
            }
        }
        // go-sdk ≥ 1.7 writes its two plain-`bool` hints whenever annotations exist.
        if let (Some(ty), Expr::Object { entries, .. }) = (ty, &mut object) {
            if self.is_sdk_type(ty, GO_SDK, "ToolAnnotations") {
                let spec = format!("readOnlyHint idempotentHint if {GO_SDK} >= v1.7.0");
                entries.push(Entry::Pair {
                    key: SDK_DEFAULTS_KEY.into(),
                    key_span: span,
                    value: Expr::Str(spec, span),
                });
            }
        }
        object
    }

    /// `map[string]*mcp.ToolAnnotations{"list_x": readOnly, ...}`: a table
    /// of annotations by tool name, as an object (a key that is not a string
    /// literal may be any key).
    fn annotations_table(&self, n: Node, ty: Node, d: usize) -> Option<Expr> {
        let value_ty = ty.child_by_field_name("value")?;
        let value_ty = if value_ty.kind() == "pointer_type" { first(value_ty)? } else { value_ty };
        if !(self.is_sdk_type(value_ty, GO_SDK, "ToolAnnotations")
            || self.is_sdk_type(value_ty, MCP_GO, "ToolAnnotation"))
        {
            return None;
        }
        let span = self.span(n);
        let mut entries = Vec::new();
        for el in named_children(n.child_by_field_name("body")?).filter(|e| e.kind() == "keyed_element") {
            let (Some(k), Some(v)) = (el.child_by_field_name("key"), el.child_by_field_name("value")) else { continue };
            let key_node = if k.kind() == "literal_element" { first(k).unwrap_or(k) } else { k };
            match self.string(key_node) {
                Some(key) => {
                    entries.push(Entry::Pair { key, key_span: self.span(key_node), value: self.expr_at(v, d) })
                }
                None => entries.push(Entry::Spread(Expr::Unresolved(self.span(key_node)))),
            }
        }
        Some(Expr::Object { entries, span })
    }

    /// The property names of a schema literal: `&jsonschema.Schema{Properties:
    /// map[string]*jsonschema.Schema{"a": ...}}`, `mcp.ToolInputSchema{...}`
    /// or `map[string]any{"properties": map[string]any{...}}`.
    fn schema_properties(&self, schema: Node) -> Option<Vec<String>> {
        let schema = if schema.kind() == "unary_expression" { schema.child_by_field_name("operand")? } else { schema };
        if schema.kind() != "composite_literal" {
            return None;
        }
        let body = schema.child_by_field_name("body")?;
        let props = self.keyed(body, "Properties").or_else(|| self.keyed_string(body, "properties"))?;
        let props = if props.kind() == "unary_expression" { props.child_by_field_name("operand")? } else { props };
        let map = props.child_by_field_name("body").filter(|_| props.kind() == "composite_literal")?;
        let mut names = Vec::new();
        for el in named_children(map).filter(|e| e.kind() == "keyed_element") {
            let key = el.child_by_field_name("key")?;
            names.push(self.string(first(key).unwrap_or(key))?);
        }
        Some(names)
    }

    /// The value of the element keyed by the field `key` in a struct literal body.
    pub fn keyed<'t>(&self, body: Node<'t>, key: &str) -> Option<Node<'t>> {
        named_children(body).filter(|e| e.kind() == "keyed_element").find_map(|e| {
            let k = e.child_by_field_name("key")?;
            let k = first(k).unwrap_or(k);
            let v = e.child_by_field_name("value")?;
            (k.kind() == "identifier" && self.text(k) == key).then(|| first(v).unwrap_or(v))
        })
    }

    /// The value of the element keyed by the string `key` in a map literal.
    fn keyed_string<'t>(&self, body: Node<'t>, key: &str) -> Option<Node<'t>> {
        named_children(body).filter(|e| e.kind() == "keyed_element").find_map(|e| {
            let k = e.child_by_field_name("key")?;
            let k = first(k).unwrap_or(k);
            (self.string(k).as_deref() == Some(key))
                .then(|| e.child_by_field_name("value"))
                .flatten()
                .map(|v| first(v).unwrap_or(v))
        })
    }

    /// Whether a type node is `pkg.name` of the given SDK.
    fn is_sdk_type(&self, ty: Node, sdk: &str, name: &str) -> bool {
        ty.kind() == "qualified_type"
            && ty.child_by_field_name("name").is_some_and(|n| self.text(n) == name)
            && ty
                .child_by_field_name("package")
                .is_some_and(|p| self.sdk_package(self.text(p)).is_some_and(|(r, _)| r == sdk))
    }

    /// The keyed elements of a struct literal, Go field names mapped to wire names.
    fn object(&self, body: Node, span: Span, d: usize) -> Expr {
        let mut entries = Vec::new();
        for el in named_children(body) {
            if el.kind() != "keyed_element" {
                continue;
            }
            let (Some(k), Some(v)) = (el.child_by_field_name("key"), el.child_by_field_name("value")) else { continue };
            let key_node = if k.kind() == "literal_element" { first(k).unwrap_or(k) } else { k };
            if !matches!(key_node.kind(), "identifier" | "field_identifier") {
                continue;
            }
            entries.push(Entry::Pair {
                key: field_key(self.text(key_node)).to_string(),
                key_span: self.span(key_node),
                value: self.expr_at(v, d),
            });
        }
        Expr::Object { entries, span }
    }

    fn call(&self, n: Node, d: usize) -> Expr {
        let span = self.span(n);
        let Some(function) = n.child_by_field_name("function") else { return Expr::Unresolved(span) };
        let args: Vec<Node> =
            n.child_by_field_name("arguments").map(|a| named_children(a).collect()).unwrap_or_default();
        // `new(bool)`: a pointer to false.
        if function.kind() == "identifier" && self.text(function) == "new" && self.local(function, "new").is_none() {
            if let [ty] = args.as_slice() {
                if self.text(*ty) == "bool" {
                    return Expr::Bool(false, span);
                }
            }
        }
        if let Some((pkg, name)) = self.package_member(function) {
            let sdk = self.sdk_package(pkg);
            if sdk.is_some_and(|(root, p)| root == MCP_GO && p == "mcp") {
                if let Some(effect) = self.option_effect(n, d) {
                    return effect;
                }
                match name {
                    "NewTool" => return self.new_tool(n, &args, d),
                    "NewToolWithRawSchema" => {
                        let entries = args
                            .first()
                            .map(|a| Entry::Pair {
                                key: "name".into(),
                                key_span: self.span(*a),
                                value: self.expr_at(*a, d),
                            })
                            .into_iter()
                            .collect();
                        return Expr::Object { entries, span };
                    }
                    _ => {}
                }
            }
            if POINTER_HELPERS.contains(&name) && args.len() == 1 && args[0].kind() != "variadic_argument" {
                return self.expr_at(args[0], d);
            }
        }
        // `s.newTool()` on a value of a package type: the method `Type.newTool`.
        let method = (function.kind() == "selector_expression")
            .then(|| {
                let ty = self.local_type(function.child_by_field_name("operand")?)?;
                Some(format!("{ty}.{}", self.text(function.child_by_field_name("field")?)))
            })
            .flatten();
        let callee = match method {
            Some(m) => Expr::Ref { path: vec![m], span: self.span(function) },
            None => self.expr_at(function, d),
        };
        let args = args
            .iter()
            .map(|a| {
                let (node, spread) = if a.kind() == "variadic_argument" {
                    (first(*a).unwrap_or(*a), Spread::List)
                } else {
                    (*a, Spread::No)
                };
                Arg { keyword: None, keyword_span: None, value: self.expr_at(node, d), spread }
            })
            .collect();
        Expr::Call { callee: Box::new(callee), args, span }
    }

    /// `pkg.Name` (or `pkg.Name[T]`) where `pkg` is an import of this file.
    pub fn package_member(&self, function: Node) -> Option<(&'a str, &'a str)> {
        let function = generic_operand(function);
        if function.kind() != "selector_expression" {
            return None;
        }
        let operand = function.child_by_field_name("operand")?;
        let field = function.child_by_field_name("field")?;
        if operand.kind() != "identifier" || !self.is_import(self.text(operand)) {
            return None;
        }
        if self.local(operand, self.text(operand)).is_some() {
            return None;
        }
        Some((self.text(operand), self.text(field)))
    }

    /// mcp-go `mcp.NewTool(name, opts...)`: options apply in order on top of
    /// the spec defaults `NewTool` pre-fills; `WithToolAnnotation` replaces
    /// the whole annotations struct, defaults included.
    fn new_tool(&self, call: Node, args: &[Node], d: usize) -> Expr {
        let span = self.span(call);
        let mut entries = Vec::new();
        if let Some(name) = args.first() {
            entries.push(Entry::Pair { key: "name".into(), key_span: self.span(*name), value: self.expr_at(*name, d) });
        }
        let mut annotations = vec![Entry::Pair {
            key: SDK_DEFAULTS_KEY.into(),
            key_span: span,
            value: Expr::Str(ALL_HINTS.into(), span),
        }];
        let mut replaced = false;
        let mut params: Vec<String> = Vec::new();
        let mut params_known = true;
        let mut options = Vec::new();
        self.expand_options(&args[args.len().min(1)..], &mut options, 0);
        for opt in &options {
            let opt = match opt {
                Opt::Node(n) => n,
                // The enclosing function's `opts ...mcp.ToolOption`: its caller's.
                Opt::Param(n) => {
                    annotations.push(Entry::Spread(self.expr_at(*n, d)));
                    params_known = false;
                    continue;
                }
                // `opts...` of something else: may set anything.
                Opt::Unknown(span) => {
                    annotations.push(Entry::Spread(Expr::Unresolved(*span)));
                    params_known = false;
                    continue;
                }
            };
            let opt_span = self.span(*opt);
            let mcp_go_option = (opt.kind() == "call_expression")
                .then(|| opt.child_by_field_name("function"))
                .flatten()
                .and_then(|f| self.package_member(f))
                .filter(|(pkg, _)| self.sdk_package(pkg).is_some_and(|(root, _)| root == MCP_GO));
            let Some((_, name)) = mcp_go_option else {
                // A project option (`readOnly()`) or one held in a variable:
                // its effect, when a function or binding of the tree says it.
                annotations.push(Entry::Spread(self.expr_at(*opt, d)));
                params_known = false;
                continue;
            };
            let opt_args: Vec<Node> =
                opt.child_by_field_name("arguments").map(|a| named_children(a).collect()).unwrap_or_default();
            match name {
                "WithToolAnnotation" => {
                    let value = opt_args.first().map_or(Expr::Unresolved(opt_span), |a| self.expr_at(*a, d));
                    annotations = vec![Entry::Spread(value)];
                    replaced = true;
                }
                "WithTitle" | "WithToolTitle" => {
                    if let Some(a) = opt_args.first() {
                        entries.push(Entry::Pair {
                            key: "title".into(),
                            key_span: opt_span,
                            value: self.expr_at(*a, d),
                        });
                    }
                }
                _ if PARAM_OPTIONS.contains(&name) => match opt_args.first().and_then(|a| self.string(*a)) {
                    Some(p) => params.push(p),
                    None => params_known = false,
                },
                // A schema the handler's input type may tell.
                _ if name.ends_with("InputSchema") => params_known = false,
                _ => {
                    if let Some(Expr::Object { entries: effect, .. }) = self.option_effect(*opt, d) {
                        annotations.extend(effect);
                    }
                }
            }
        }
        let annotations = match annotations.as_slice() {
            // Only `WithToolAnnotation(x)`: the annotations are `x` itself (a preset keeps its name).
            [Entry::Spread(only)] if replaced => only.clone(),
            _ => Expr::Object { entries: annotations, span },
        };
        entries.push(Entry::Pair { key: "annotations".into(), key_span: span, value: annotations });
        if params_known {
            entries.push(Entry::Pair {
                key: PARAMS_KEY.into(),
                key_span: span,
                value: Expr::Str(params.join(","), span),
            });
        }
        Expr::Object { entries, span }
    }

    /// Options in order, `xs...` expanded when `xs` is a slice literal, an
    /// `append(...)` of them, or a variadic parameter of the function.
    fn expand_options<'t>(&self, nodes: &[Node<'t>], out: &mut Vec<Opt<'t>>, depth: usize) {
        for n in nodes {
            match (n.kind(), first(*n)) {
                ("variadic_argument", Some(inner)) => {
                    let before = out.len();
                    self.expand_slice(inner, out, depth + 1);
                    // Not followed: point at the whole `xs...`.
                    if let [Opt::Unknown(span)] = &mut out[before..] {
                        *span = self.span(*n);
                    }
                }
                ("variadic_argument", None) => out.push(Opt::Unknown(self.span(*n))),
                _ => out.push(Opt::Node(*n)),
            }
        }
    }

    fn expand_slice<'t>(&self, n: Node<'t>, out: &mut Vec<Opt<'t>>, depth: usize) {
        if depth > 8 {
            out.push(Opt::Unknown(self.span(n)));
            return;
        }
        match n.kind() {
            "identifier" => match self.local(n, self.text(n)) {
                Some(Local::Param { .. }) => out.push(Opt::Param(n)),
                Some(Local::Value(v)) => self.expand_slice(v, out, depth + 1),
                _ => out.push(Opt::Unknown(self.span(n))),
            },
            "composite_literal" if n.child_by_field_name("type").is_some_and(|t| t.kind() == "slice_type") => {
                let Some(body) = n.child_by_field_name("body") else { return };
                for el in named_children(body) {
                    match (el.kind(), first(el)) {
                        ("literal_element", Some(v)) => out.push(Opt::Node(v)),
                        _ => out.push(Opt::Unknown(self.span(el))),
                    }
                }
            }
            "call_expression" => {
                let function = n.child_by_field_name("function");
                let is_append = function.is_some_and(|f| {
                    f.kind() == "identifier" && self.text(f) == "append" && self.local(f, "append").is_none()
                });
                let args: Vec<Node> =
                    n.child_by_field_name("arguments").map(|a| named_children(a).collect()).unwrap_or_default();
                match (is_append, args.split_first()) {
                    (true, Some((base, more))) => {
                        self.expand_slice(*base, out, depth + 1);
                        self.expand_options(more, out, depth + 1);
                    }
                    _ => out.push(Opt::Unknown(self.span(n))),
                }
            }
            _ => out.push(Opt::Unknown(self.span(n))),
        }
    }

    /// What an mcp-go annotation option does to the annotations, as an
    /// object to merge: `WithReadOnlyHintAnnotation(v)` → `{readOnlyHint: v}`,
    /// `WithToolAnnotation(x)` → everything before dropped, then `x`.
    /// `None` for other calls (they are lowered as calls).
    fn option_effect(&self, call: Node, d: usize) -> Option<Expr> {
        let function = call.child_by_field_name("function")?;
        let (pkg, name) = self.package_member(function)?;
        if !self.sdk_package(pkg).is_some_and(|(root, p)| root == MCP_GO && p == "mcp") {
            return None;
        }
        let span = self.span(call);
        let arg = call.child_by_field_name("arguments").and_then(first);
        let value = || arg.map_or(Expr::Unresolved(span), |a| self.expr_at(a, d));
        let key_span = function.child_by_field_name("field").map_or(span, |f| self.span(f));
        let key = match name {
            "WithReadOnlyHintAnnotation" => "readOnlyHint",
            "WithDestructiveHintAnnotation" => "destructiveHint",
            "WithIdempotentHintAnnotation" => "idempotentHint",
            "WithOpenWorldHintAnnotation" => "openWorldHint",
            "WithTitleAnnotation" => "title",
            "WithToolAnnotation" => {
                let reset = Entry::Pair { key: RESET_KEY.into(), key_span, value: Expr::Bool(true, span) };
                return Some(Expr::Object { entries: vec![reset, Entry::Spread(value())], span });
            }
            // Any other option (`WithString`, `WithDescription`, ...) leaves
            // the annotations alone, also behind a project helper.
            _ if name.starts_with("With") => return Some(Expr::Object { entries: vec![], span }),
            _ => return None,
        };
        Some(Expr::Object { entries: vec![Entry::Pair { key: key.into(), key_span, value: value() }], span })
    }

    // -- locals ----------------------------------------------------------------

    /// What `name` used at `at` means inside the functions around it, if it is local.
    fn local<'t>(&self, at: Node<'t>, name: &str) -> Option<Local<'t>> {
        let pos = at.start_byte();
        for func in enclosing_functions(at) {
            let mut best: Option<(usize, DeclKind)> = None;
            for (n, p, kind) in self.declarations(func).iter() {
                if n != name || *p >= pos {
                    continue;
                }
                if let DeclKind::Range { body_start, body_end } = kind {
                    if !(*body_start <= pos && pos < *body_end) {
                        continue;
                    }
                }
                if best.is_none_or(|(bp, _)| *p >= bp) {
                    best = Some((*p, *kind));
                }
            }
            if let Some((_, kind)) = best {
                return Some(match kind {
                    DeclKind::Value { start, end } => match func.descendant_for_byte_range(start, end) {
                        Some(v) if v.start_byte() == start && v.end_byte() == end => Local::Value(outermost(v)),
                        _ => Local::Unknown,
                    },
                    DeclKind::Range { .. } => Local::Range,
                    DeclKind::Unknown => Local::Unknown,
                });
            }
            for (ty, n) in params(func) {
                if self.text(n) == name {
                    return Some(Local::Param { ty });
                }
            }
            if let Some(recv) = func.child_by_field_name("receiver") {
                for p in named_children(recv) {
                    if p.child_by_field_name("name").is_some_and(|n| self.text(n) == name) {
                        return Some(Local::Param { ty: p.child_by_field_name("type") });
                    }
                }
            }
        }
        None
    }

    /// Every local declaration in a function's own body (not in nested function literals).
    fn declarations(&self, func: Node) -> std::cell::Ref<'_, Vec<Decl>> {
        let id = func.id();
        if !self.decls.borrow().contains_key(&id) {
            let mut out = Vec::new();
            if let Some(body) = func.child_by_field_name("body") {
                self.collect_decls(body, &mut out);
            }
            self.decls.borrow_mut().insert(id, out);
        }
        std::cell::Ref::map(self.decls.borrow(), |m| &m[&id])
    }

    fn collect_decls(&self, root: Node, out: &mut Vec<Decl>) {
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "func_literal" => continue,
                "short_var_declaration" | "assignment_statement" => {
                    let op = n.child_by_field_name("operator").map(|o| self.text(o)).unwrap_or("");
                    let left: Vec<Node> =
                        n.child_by_field_name("left").map(|l| named_children(l).collect()).unwrap_or_default();
                    let right: Vec<Node> =
                        n.child_by_field_name("right").map(|r| named_children(r).collect()).unwrap_or_default();
                    let plain = n.kind() == "short_var_declaration" || op == "=";
                    self.pair_up(&left, &right, n.end_byte(), plain, out);
                }
                "var_spec" => {
                    let mut cursor = n.walk();
                    let names: Vec<Node> = n.children_by_field_name("name", &mut cursor).collect();
                    let values: Vec<Node> =
                        n.child_by_field_name("value").map(|v| named_children(v).collect()).unwrap_or_default();
                    if values.is_empty() {
                        // `var x T`: a zero value, later assignments decide.
                        for name in names {
                            out.push((self.text(name).to_string(), n.end_byte(), DeclKind::Unknown));
                        }
                    } else {
                        self.pair_up(&names, &values, n.end_byte(), true, out);
                    }
                }
                "range_clause" => {
                    let body = n.parent().and_then(|f| f.child_by_field_name("body"));
                    let (bs, be) = body.map_or((0, 0), |b| (b.start_byte(), b.end_byte()));
                    if let Some(left) = n.child_by_field_name("left") {
                        for name in named_children(left) {
                            out.push((
                                self.text(name).to_string(),
                                bs,
                                DeclKind::Range { body_start: bs, body_end: be },
                            ));
                        }
                    }
                }
                _ => {}
            }
            for c in named_children(n) {
                stack.push(c);
            }
        }
    }

    fn pair_up(&self, left: &[Node], right: &[Node], at: usize, plain: bool, out: &mut Vec<Decl>) {
        for (i, l) in left.iter().enumerate() {
            if l.kind() != "identifier" {
                continue;
            }
            let kind = if !plain {
                DeclKind::Unknown
            } else if left.len() == right.len() {
                DeclKind::Value { start: right[i].start_byte(), end: right[i].end_byte() }
            } else if i == 0 && right.len() == 1 && right[0].kind() == "call_expression" {
                // `t, h := searchTool()`: the first result of the call.
                DeclKind::Value { start: right[0].start_byte(), end: right[0].end_byte() }
            } else {
                DeclKind::Unknown
            };
            out.push((self.text(*l).to_string(), at, kind));
        }
    }
}

/// `f[T]` parses as an index expression: the function is its operand.
pub fn generic_operand(n: Node) -> Node {
    match n.kind() {
        "index_expression" => n.child_by_field_name("operand").unwrap_or(n),
        _ => n,
    }
}

/// The outermost node with the same byte range (a `descendant_for_byte_range`
/// hit may be an inner wrapper-less child).
fn outermost(n: Node) -> Node {
    let mut cur = n;
    while let Some(p) = cur.parent() {
        if p.byte_range() == cur.byte_range() && p.kind() != "expression_list" {
            cur = p;
        } else {
            break;
        }
    }
    cur
}

/// Go field names of tools and annotations → the keys the resolver reads.
pub fn field_key(field: &str) -> &str {
    match field {
        "Name" => "name",
        "Title" => "title",
        "Description" => "description",
        "Annotations" => "annotations",
        "ReadOnlyHint" => "readOnlyHint",
        "DestructiveHint" => "destructiveHint",
        "IdempotentHint" => "idempotentHint",
        "OpenWorldHint" => "openWorldHint",
        other => other,
    }
}

fn unescape(esc: &str) -> Option<String> {
    let body = esc.strip_prefix('\\')?;
    Some(match body {
        "n" => "\n".into(),
        "t" => "\t".into(),
        "r" => "\r".into(),
        "\\" => "\\".into(),
        "\"" => "\"".into(),
        "'" => "'".into(),
        "a" => "\u{7}".into(),
        "b" => "\u{8}".into(),
        "f" => "\u{c}".into(),
        "v" => "\u{b}".into(),
        _ => {
            let (radix, digits) = match body.chars().next()? {
                'x' | 'u' | 'U' => (16, &body[1..]),
                '0'..='7' => (8, body),
                _ => return None,
            };
            char::from_u32(u32::from_str_radix(digits, radix).ok()?)?.to_string()
        }
    })
}
