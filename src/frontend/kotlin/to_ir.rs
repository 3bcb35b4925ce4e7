//! Kotlin syntax (tree-sitter-kotlin-ng) → the language-neutral IR
//! ([`crate::ir`]). Syntax and the language's own semantics only: nothing
//! here knows which calls register tools.
//!
//! Kotlin semantics the IR leaves to frontends:
//! - imports: `import a.b.C` binds `C` to member `C` of module `a.b`,
//!   `import a.b.C as D` binds `D`, `import a.b.*` every member; the
//!   top-level declarations of a file are order-free (functions and classes
//!   first, then properties in source order), and a package's files share
//!   them ([`crate::resolve`] groups a directory's files);
//! - a trailing lambda (`f(a) { ... }`, `f { ... }`) is the keyword argument
//!   [`TRAILING_LAMBDA`], bound to the callee's last parameter;
//! - a lambda's `it` is its parameter when it declares none; its receiver
//!   (`T.() -> R` lambdas, extension functions) is the parameter `this`,
//!   a keyword-only one a receiver lambda is called with, defaulting to the
//!   enclosing receiver;
//! - an extension function `fun T.f(a)` is a function whose first
//!   parameter `this` is typed `T`, marked `receiver_first`: `x.f(a)` on a
//!   value without a member `f` calls it with `x` first;
//! - a bare name or call (`server`, `addTool(...)`) is a local, else a
//!   member of the enclosing class, else a member of the implicit receiver
//!   `this` (the evaluator falls back to the name in scope when the
//!   receiver has no such member), else the name;
//! - the scope functions `apply`, `also`, `let`, `run`, `with`, and
//!   `listOf`/`mutableListOf`/`mapOf` (the standard library) are lowered to
//!   what they do; `if`/`when`/`try` used as values are functions run in
//!   place;
//! - a class's primary constructor parameters declared `val`/`var`, its
//!   property initialisers and `init` blocks form its constructor, in
//!   order; companion-object and `object` members are static.
//!
//! Depth-bounded like the other lowerings.

use std::collections::HashSet;

use tree_sitter::Node;

use crate::frontend::fields::Fields;
use crate::ir::{
    self, Arg, BinaryOp, Block, Case, Class, ClassKind, Element, Entry, Expr, FuncId, FuncKind, Function, Import, Lit,
    Member, MemberValue, Module, Param, ParamKind, Pattern, Place, Spread, Stmt, UnaryOp, TRAILING_LAMBDA,
};
use crate::model::Lang;
use crate::source::{FileId, Span};

/// Nesting levels lowered (each level is several frames: a call's
/// arguments, a lambda's body); deeper code is unknown.
const MAX_DEPTH: usize = 100;

/// The name of a receiver parameter (no Kotlin identifier can spell it).
pub const RECEIVER: &str = "this";

/// Lowers one Kotlin file from its parse tree.
pub fn lower(file: FileId, text: &str, root: Node) -> Module {
    let mut cx = Cx {
        fields: Fields::of(root),
        text,
        file,
        module: Module::new(file, Lang::Kotlin),
        depth: 0,
        locals: vec![],
        globals: HashSet::new(),
        json_dsl: false,
        receivers: vec![],
        tmp: 0,
    };
    cx.module.body = cx.source_file(root);
    cx.module
}

/// An enclosing receiver of implicit member references.
enum Recv {
    /// A class or object body: its members by name (instance members are
    /// `this.x`, static ones `Class.x`).
    Class { name: String, members: HashSet<String>, statics: HashSet<String> },
    /// An extension function's or a lambda's receiver: the parameter `this`.
    Param,
}

struct Cx<'a> {
    fields: Fields,
    text: &'a str,
    file: FileId,
    module: Module,
    depth: usize,
    /// Names bound by the enclosing functions and lambdas, innermost last.
    locals: Vec<HashSet<String>>,
    /// Names the file declares at its top level or imports.
    globals: HashSet<String>,
    /// The file imports kotlinx.serialization's `buildJsonObject`.
    json_dsl: bool,
    receivers: Vec<Recv>,
    /// A counter for the names of temporaries.
    tmp: usize,
}

fn kids(n: Node) -> Vec<Node> {
    let mut cursor = n.walk();
    n.named_children(&mut cursor).filter(|c| !matches!(c.kind(), "line_comment" | "block_comment")).collect()
}

fn all_kids(n: Node) -> Vec<Node> {
    let mut cursor = n.walk();
    n.children(&mut cursor).filter(|c| !matches!(c.kind(), "line_comment" | "block_comment")).collect()
}

fn kid<'t>(n: Node<'t>, kind: &str) -> Option<Node<'t>> {
    kids(n).into_iter().find(|c| c.kind() == kind)
}

/// Whether `kind` is an expression node.
fn is_expr(kind: &str) -> bool {
    !matches!(
        kind,
        "modifiers"
            | "type_arguments"
            | "value_arguments"
            | "annotated_lambda"
            | "user_type"
            | "nullable_type"
            | "function_type"
            | "type_parameters"
            | "label"
            | "annotation"
            | "type_constraints"
            | "variable_declaration"
            | "multi_variable_declaration"
            | "parenthesized_type"
            | "non_nullable_type"
            | "type_modifiers"
    )
}

/// The standard library's list and map builders.
fn list_builder(name: &str) -> bool {
    matches!(
        name,
        "listOf"
            | "mutableListOf"
            | "arrayListOf"
            | "arrayOf"
            | "setOf"
            | "mutableSetOf"
            | "hashSetOf"
            | "linkedSetOf"
            | "listOfNotNull"
            | "emptyList"
            | "emptySet"
            | "emptyArray"
    )
}

fn map_builder(name: &str) -> bool {
    matches!(name, "mapOf" | "mutableMapOf" | "hashMapOf" | "linkedMapOf" | "emptyMap")
}

/// The JVM's collection classes a Kotlin file constructs empty
/// (`ConcurrentHashMap<String, Tool>()`, `ArrayList<Tool>()`).
fn empty_jvm_collection(name: &str) -> Option<bool> {
    match name {
        "HashMap" | "LinkedHashMap" | "ConcurrentHashMap" | "TreeMap" => Some(true),
        "ArrayList" | "LinkedList" | "CopyOnWriteArrayList" | "HashSet" | "LinkedHashSet" => Some(false),
        _ => None,
    }
}

impl<'a> Cx<'a> {
    fn span(&self, n: Node) -> Span {
        Span::new(self.file, n.start_byte(), n.end_byte())
    }
    fn text(&self, n: Node) -> String {
        self.text.get(n.byte_range()).unwrap_or("").to_string()
    }
    fn fresh(&mut self, stem: &str) -> String {
        self.tmp += 1;
        format!("${stem}{}", self.tmp)
    }

    fn is_local(&self, name: &str) -> bool {
        self.locals.iter().any(|s| s.contains(name))
    }
    fn bind_local(&mut self, name: &str) {
        if let Some(s) = self.locals.last_mut() {
            s.insert(name.to_string());
        }
    }
    fn bind_pattern(&mut self, p: &Pattern) {
        match p {
            Pattern::Name(n, _) => self.bind_local(&n.clone()),
            Pattern::List { items, .. } => {
                for i in items.iter().flatten() {
                    self.bind_pattern(i);
                }
            }
            Pattern::Object { props, .. } => {
                for (_, p) in props {
                    self.bind_pattern(p);
                }
            }
            Pattern::Default(p, _) => self.bind_pattern(p),
            Pattern::Ignore => {}
        }
    }

    /// The enclosing receiver as a value: a receiver parameter, the class
    /// instance, or nothing known.
    fn receiver_expr(&self, span: Span) -> Expr {
        match self.receivers.last() {
            Some(Recv::Param) => Expr::Name(RECEIVER.into(), span),
            Some(Recv::Class { .. }) => Expr::This(span),
            None => Expr::Unknown(span),
        }
    }

    /// A class receiver (innermost first) that declares `name`: the
    /// expression reading it (`this.name`, `Class.name`).
    fn class_member(&self, name: &str, span: Span) -> Option<Expr> {
        let mut seen_param = false;
        for r in self.receivers.iter().rev() {
            match r {
                Recv::Param => seen_param = true,
                Recv::Class { name: class, members, statics } => {
                    if statics.contains(name) {
                        let object = Box::new(Expr::Name(class.clone(), span));
                        return Some(Expr::Member { object, name: name.into(), span });
                    }
                    if members.contains(name) {
                        // Inside a receiver lambda of a method, `this` is
                        // still the instance lexically (closures see it).
                        let _ = seen_param;
                        return Some(Expr::Member { object: Box::new(Expr::This(span)), name: name.into(), span });
                    }
                    // Only the innermost class is the implicit receiver.
                    return None;
                }
            }
        }
        None
    }

    /// A bare name read (not called).
    fn name_expr(&self, name: String, span: Span) -> Expr {
        match name.as_str() {
            "true" => return Expr::Lit(Lit::Bool(true), span),
            "false" => return Expr::Lit(Lit::Bool(false), span),
            "null" => return Expr::Lit(Lit::Null, span),
            _ => {}
        }
        if self.is_local(&name) {
            return Expr::Name(name, span);
        }
        if let Some(e) = self.class_member(&name, span) {
            return e;
        }
        let upper = name.starts_with(|c: char| c.is_uppercase());
        if !upper && !self.globals.contains(&name) && matches!(self.receivers.last(), Some(Recv::Param)) {
            // A name in scope (a top-level one of the package, which this
            // file cannot see), else a property of the implicit receiver:
            // when the name is not found, either may be meant.
            let member = Expr::Member { object: Box::new(Expr::Name(RECEIVER.into(), span)), name: name.clone(), span };
            return Expr::Binary {
                op: BinaryOp::Coalesce,
                left: Box::new(Expr::Name(name, span)),
                right: Box::new(member),
                span,
            };
        }
        Expr::Name(name, span)
    }

    /// The callee of a bare call `name(...)`.
    fn bare_callee(&self, name: String, span: Span) -> Expr {
        if self.is_local(&name) {
            return Expr::Name(name, span);
        }
        if let Some(e) = self.class_member(&name, span) {
            return e;
        }
        // A constructor.
        if name.starts_with(|c: char| c.is_uppercase()) {
            return Expr::Name(name, span);
        }
        match self.receivers.last() {
            // A member of the implicit receiver, or (the evaluator falls
            // back) a function in scope, an extension one called on it.
            Some(Recv::Param) => Expr::Member { object: Box::new(Expr::Name(RECEIVER.into(), span)), name, span },
            // An inherited member, or a function in scope.
            Some(Recv::Class { .. }) if !self.globals.contains(&name) => {
                Expr::Member { object: Box::new(Expr::This(span)), name, span }
            }
            _ => Expr::Name(name, span),
        }
    }

    // -- top level --------------------------------------------------------

    fn source_file(&mut self, root: Node) -> Block {
        let items = kids(root);
        for n in &items {
            match n.kind() {
                "import" => {
                    if let Some(i) = self.import(*n) {
                        if i.module == "kotlinx.serialization.json"
                            && matches!(i.member.as_deref(), Some("buildJsonObject" | "*"))
                        {
                            self.json_dsl = true;
                        }
                        self.globals.insert(i.local.clone());
                    }
                }
                "function_declaration" | "class_declaration" | "object_declaration" | "property_declaration" => {
                    for name in self.declared_names(*n) {
                        self.globals.insert(name);
                    }
                }
                _ => {}
            }
        }
        let mut imports = vec![];
        let mut decls = vec![];
        let mut values = vec![];
        for n in items {
            match n.kind() {
                "import" => imports.extend(self.import(n).map(Stmt::Import)),
                "function_declaration" => decls.push(Stmt::Func(self.function(n, FuncKind::Plain))),
                "class_declaration" | "object_declaration" => {
                    if let Some(id) = self.class(n) {
                        decls.push(Stmt::Class(id));
                    }
                }
                "property_declaration" => values.extend(self.property(n)),
                "package_header" | "file_annotation" | "shebang" | "type_alias" => {}
                "ERROR" => {}
                _ => values.extend(self.stmt(n)),
            }
        }
        imports.extend(decls);
        imports.extend(values);
        imports
    }

    fn declared_names(&self, n: Node) -> Vec<String> {
        match n.kind() {
            "property_declaration" => {
                let mut out = vec![];
                for c in kids(n) {
                    match c.kind() {
                        "variable_declaration" => out.extend(kid(c, "identifier").map(|i| self.text(i))),
                        "multi_variable_declaration" => {
                            for v in kids(c) {
                                out.extend(kid(v, "identifier").map(|i| self.text(i)));
                            }
                        }
                        _ => {}
                    }
                }
                out
            }
            _ => self.fields.get(n, "name").map(|i| vec![self.text(i)]).unwrap_or_default(),
        }
    }

    fn import(&self, n: Node) -> Option<Import> {
        let path = kid(n, "qualified_identifier").or_else(|| kid(n, "identifier"))?;
        let segments: Vec<String> = kids(path).into_iter().map(|s| self.text(s)).collect();
        let segments = if segments.is_empty() { vec![self.text(path)] } else { segments };
        let star = all_kids(n).iter().any(|c| c.kind() == "*");
        let alias = kids(n).into_iter().rfind(|c| c.kind() == "identifier").filter(|a| *a != path);
        let span = self.span(n);
        if star {
            return Some(Import { local: "*".into(), module: segments.join("."), member: Some("*".into()), span });
        }
        let (last, module) = segments.split_last()?;
        let local = alias.map(|a| self.text(a)).unwrap_or_else(|| last.clone());
        Some(Import { local, module: module.join("."), member: Some(last.clone()), span })
    }

    // -- declarations -----------------------------------------------------

    /// A property: `val x = v`, `val (a, b) = v`, `val x by lazy { v }`.
    fn property(&mut self, n: Node) -> Block {
        let span = self.span(n);
        let mut target = None;
        let mut value = None;
        let mut delegated = false;
        for c in kids(n) {
            match c.kind() {
                "variable_declaration" => {
                    target = kid(c, "identifier").map(|i| Pattern::Name(self.text(i), self.span(i)));
                }
                "multi_variable_declaration" => {
                    let items = kids(c)
                        .into_iter()
                        .map(|v| {
                            kid(v, "identifier").map(|i| {
                                let name = self.text(i);
                                if name == "_" {
                                    Pattern::Ignore
                                } else {
                                    Pattern::Name(name, self.span(i))
                                }
                            })
                        })
                        .collect();
                    target = Some(Pattern::List { items, rest: None, span: self.span(c) });
                }
                "property_delegate" => {
                    delegated = true;
                    value = kids(c).first().map(|e| self.delegate(*e));
                }
                // `val x get() = v`: what the getter returns now.
                "getter" if value.is_none() => {
                    value = kid(c, "function_body").map(|b| self.body_value(b));
                }
                k if is_expr(k) && value.is_none() && !delegated => value = Some(self.expr(c)),
                _ => {}
            }
        }
        let Some(target) = target else { return vec![Stmt::Unsupported(span)] };
        self.bind_pattern(&target);
        let value = value.unwrap_or(Expr::Unknown(span));
        vec![Stmt::Let { target, value, span }]
    }

    /// A class property with a getter (`val x: T get() = v`, `val x get()
    /// { return v }`) as a getter method member; false (nothing added) when
    /// the property has no getter body.
    fn getter_method(&mut self, n: Node, out: &mut Vec<Member>) -> bool {
        let Some(body) = kid(n, "getter").and_then(|g| kid(g, "function_body")) else { return false };
        let Some(id) = kid(n, "variable_declaration").and_then(|v| kid(v, "identifier")) else { return false };
        let span = self.span(n);
        // The body sees no constructor locals.
        let ctor_scope = std::mem::take(&mut self.locals);
        self.locals.push(HashSet::new());
        let block = self.function_body(body);
        self.locals = ctor_scope;
        let func = self.module.add_func(Function {
            name: Some(self.text(id)),
            name_span: self.span(id),
            kind: FuncKind::Getter,
            lexical_this: false,
            ..Function::closure(span, vec![], block, span)
        });
        out.push(Member {
            alias: None,
            name: self.text(id),
            name_span: self.span(id),
            is_static: false,
            value: MemberValue::Method(func),
            annotation: None,
        });
        true
    }

    /// `by lazy { v }`: the lambda's value; another delegate is unknown.
    fn delegate(&mut self, e: Node) -> Expr {
        let span = self.span(e);
        if e.kind() == "call_expression" {
            let parts = kids(e);
            if let (Some(f), Some(l)) = (parts.first(), parts.iter().find(|c| c.kind() == "annotated_lambda")) {
                if self.text(*f) == "lazy" {
                    if let Some(lambda) = kid(*l, "lambda_literal") {
                        let f = self.lambda(lambda);
                        return Expr::Call { callee: Box::new(f), args: vec![], span };
                    }
                }
            }
        }
        Expr::Unknown(span)
    }

    /// The value a `function_body` (`= expr` or a block) returns when run:
    /// a function run in place.
    fn body_value(&mut self, body: Node) -> Expr {
        let span = self.span(body);
        self.locals.push(HashSet::new());
        let block = self.function_body(body);
        self.locals.pop();
        let id = self.module.add_func(Function::closure(span, vec![], block, span));
        Expr::Call { callee: Box::new(Expr::Func(id, span)), args: vec![], span }
    }

    fn function_body(&mut self, body: Node) -> Block {
        let Some(inner) = kids(body).into_iter().next() else { return vec![] };
        if inner.kind() == "block" {
            self.block(inner)
        } else {
            let span = self.span(inner);
            vec![Stmt::Return { value: Some(self.expr(inner)), span }]
        }
    }

    /// A function declaration (a method when `kind` says so). An extension
    /// function's receiver is its first parameter, `this`.
    fn function(&mut self, n: Node, kind: FuncKind) -> FuncId {
        let span = self.span(n);
        let name = self.fields.get(n, "name");
        let mut receiver_ty = None;
        let mut params = vec![];
        let mut body = None;
        let mut seen_name = false;
        let mut type_params = vec![];
        for c in all_kids(n) {
            match c.kind() {
                "identifier" if Some(c) == name => seen_name = true,
                "type_parameters" => {
                    type_params = kids(c)
                        .into_iter()
                        .filter(|t| t.kind() == "type_parameter")
                        .filter_map(|t| kid(t, "identifier").map(|i| self.text(i)))
                        .collect()
                }
                // The type before the name is the receiver (`fun Server.f()`).
                "user_type" | "nullable_type" | "parenthesized_type" if !seen_name => receiver_ty = Some(c),
                "function_value_parameters" => params = self.params(c),
                "function_body" => body = Some(c),
                _ => {}
            }
        }
        let extension = receiver_ty.is_some();
        let decorators = self.annotations(n);
        if let Some(ty) = receiver_ty {
            let annotation = Some(self.type_expr(ty));
            params.insert(
                0,
                Param {
                    name: RECEIVER.into(),
                    pattern: None,
                    default: None,
                    kind: ParamKind::Positional,
                    annotation,
                    span: self.span(ty),
                },
            );
            self.receivers.push(Recv::Param);
        }
        self.locals.push(params.iter().map(|p| p.name.clone()).chain(type_params.iter().cloned()).collect());
        let body = body.map(|b| self.function_body(b)).unwrap_or_default();
        self.locals.pop();
        if extension {
            self.receivers.pop();
        }
        self.module.add_func(Function {
            results: 1,
            is_async: false,
            type_params,
            name: name.map(|n| self.text(n)),
            name_span: name.map_or(span, |n| self.span(n)),
            params,
            body,
            decorators,
            kind,
            is_static: false,
            lexical_this: kind != FuncKind::Method,
            receiver_first: extension,
            span,
        })
    }

    /// A declaration's annotations, as the Java frontend lowers them: `@A`
    /// and `@A(k = v)` are the calls `A()` and `A(k=v)` applied to it (an
    /// unnamed argument is `value`); an annotation given as an argument
    /// (`McpTool.McpAnnotations(readOnlyHint = true)`) is a call like any.
    fn annotations(&mut self, n: Node) -> Vec<Expr> {
        let mut out = vec![];
        for a in kid(n, "modifiers").map(kids).unwrap_or_default().into_iter().filter(|a| a.kind() == "annotation") {
            let span = self.span(a);
            let (ty, list) =
                match kids(a).into_iter().find(|c| matches!(c.kind(), "user_type" | "constructor_invocation")) {
                    Some(c) if c.kind() == "constructor_invocation" => (kid(c, "user_type"), kid(c, "value_arguments")),
                    Some(c) => (Some(c), None),
                    None => continue,
                };
            let Some(ty) = ty else { continue };
            let callee = self.type_expr(ty);
            let mut args = list.map(|l| self.args(l)).unwrap_or_default();
            for a in &mut args {
                if a.keyword.is_none() && a.spread == Spread::No {
                    a.keyword = Some("value".into());
                }
            }
            out.push(Expr::Call { callee: Box::new(callee), args, span });
        }
        out
    }

    fn params(&mut self, list: Node) -> Vec<Param> {
        let mut out: Vec<Param> = vec![];
        let mut vararg = false;
        let mut after_eq = false;
        for c in all_kids(list) {
            match c.kind() {
                "parameter_modifiers" => vararg = self.text(c).contains("vararg"),
                "parameter" => {
                    let Some(id) = kid(c, "identifier") else { continue };
                    let annotation = kids(c).into_iter().find(|t| t.kind() != "identifier").map(|t| self.type_expr(t));
                    out.push(Param {
                        name: self.text(id),
                        pattern: None,
                        default: None,
                        kind: if vararg { ParamKind::Rest } else { ParamKind::Positional },
                        annotation,
                        span: self.span(c),
                    });
                    vararg = false;
                }
                "=" => after_eq = true,
                k if after_eq && c.is_named() && is_expr(k) => {
                    after_eq = false;
                    let d = self.expr(c);
                    if let Some(p) = out.last_mut() {
                        p.default = Some(d);
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// A type as a callee-like expression (`Server`, `a.b.Tool`, `Tool.Input`).
    fn type_expr(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        if self.depth > MAX_DEPTH {
            return Expr::Unknown(span);
        }
        self.depth += 1;
        let e = self.type_expr_inner(n, span);
        self.depth -= 1;
        e
    }

    fn type_expr_inner(&mut self, n: Node, span: Span) -> Expr {
        match n.kind() {
            "user_type" => {
                let mut e: Option<Expr> = None;
                for id in kids(n).into_iter().filter(|c| c.kind() == "identifier") {
                    let name = self.text(id);
                    e = Some(match e {
                        None => Expr::Name(name, self.span(id)),
                        Some(o) => {
                            Expr::Member { object: Box::new(o), name, span: Span { end: id.end_byte() as u32, ..span } }
                        }
                    });
                }
                e.unwrap_or(Expr::Unknown(span))
            }
            "nullable_type" | "parenthesized_type" | "non_nullable_type" => match kids(n).first() {
                Some(inner) => self.type_expr(*inner),
                None => Expr::Unknown(span),
            },
            // A type where the grammar saw an expression (`f < T > (x)`, `T::class`).
            "identifier" => Expr::Name(self.text(n), span),
            "navigation_expression" => self.expr(n),
            _ => Expr::Unknown(span),
        }
    }

    /// A class, interface, enum, data class or `object`.
    fn class(&mut self, n: Node) -> Option<crate::ir::ClassId> {
        if self.depth > MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let id = self.class_inner(n);
        self.depth -= 1;
        id
    }

    fn class_inner(&mut self, n: Node) -> Option<crate::ir::ClassId> {
        let span = self.span(n);
        let name_node = self.fields.get(n, "name");
        let name = name_node.map(|n| self.text(n));
        let is_object = n.kind() == "object_declaration";
        let keyword = all_kids(n).into_iter().find(|c| matches!(c.kind(), "class" | "interface" | "object"));
        let is_enum = kid(n, "modifiers").is_some_and(|m| self.text(m).split_whitespace().any(|w| w == "enum"));
        let is_data = kid(n, "modifiers").is_some_and(|m| self.text(m).split_whitespace().any(|w| w == "data"));
        let kind = match keyword.map(|k| k.kind()) {
            Some("interface") => ClassKind::Interface,
            _ if is_enum => ClassKind::Enum,
            // A record type: a parameter declared with it is an instance
            // whose fields its callers set (as a Go struct's).
            _ if is_data => ClassKind::Struct,
            _ => ClassKind::Class,
        };
        let ctor_params = kid(n, "primary_constructor").and_then(|p| kid(p, "class_parameters"));
        let body = kid(n, "class_body").or_else(|| kid(n, "enum_class_body"));
        let body_items = body.map(kids).unwrap_or_default();

        // Member names, for implicit `this.x` / `Class.x` references.
        let mut members = HashSet::new();
        let mut statics = HashSet::new();
        if let Some(p) = ctor_params {
            for cp in kids(p).into_iter().filter(|c| c.kind() == "class_parameter") {
                let declares = all_kids(cp).iter().any(|c| matches!(c.kind(), "val" | "var"));
                if let (true, Some(id)) = (declares, kid(cp, "identifier")) {
                    members.insert(self.text(id));
                }
            }
        }
        for item in &body_items {
            match item.kind() {
                "function_declaration" | "property_declaration" | "class_declaration" | "object_declaration" => {
                    let names = self.declared_names(*item);
                    if is_object || matches!(item.kind(), "class_declaration" | "object_declaration") {
                        statics.extend(names);
                    } else {
                        members.extend(names);
                    }
                }
                "companion_object" => {
                    if let Some(cb) = kid(*item, "class_body") {
                        for m in kids(cb) {
                            statics.extend(self.declared_names(m));
                        }
                    }
                }
                _ => {}
            }
        }
        let class_name = name.clone().unwrap_or_default();
        self.receivers.push(Recv::Class { name: class_name.clone(), members, statics });
        // Code in a class body sees only its own locals.
        let saved_locals = std::mem::take(&mut self.locals);

        let mut out_members = vec![];
        let mut bases = vec![];
        let mut ctor_body: Block = vec![];
        let mut ctor_params_ir = vec![];
        if let Some(ds) = kid(n, "delegation_specifiers") {
            for d in kids(ds).into_iter().filter(|c| c.kind() == "delegation_specifier") {
                let Some(inner) = kids(d).into_iter().next() else { continue };
                match inner.kind() {
                    "constructor_invocation" => {
                        if let Some(t) = kid(inner, "user_type") {
                            bases.push(self.type_expr(t));
                        }
                        // `: Base(args)` runs the base constructor first.
                        let args = kid(inner, "value_arguments").map(|a| self.args(a)).unwrap_or_default();
                        let s = self.span(inner);
                        ctor_body.push(Stmt::Expr(Expr::Call { callee: Box::new(Expr::Super(s)), args, span: s }));
                    }
                    "user_type" => bases.push(self.type_expr(inner)),
                    "explicit_delegation" => {
                        if let Some(t) = kid(inner, "user_type") {
                            bases.push(self.type_expr(t));
                        }
                    }
                    _ => {}
                }
            }
        }
        self.locals.push(HashSet::new());
        if let Some(p) = ctor_params {
            let mut after_eq = false;
            for cp in all_kids(p) {
                if cp.kind() != "class_parameter" {
                    continue;
                }
                let Some(id) = kid(cp, "identifier") else { continue };
                let pname = self.text(id);
                let mut annotation = None;
                let mut default = None;
                for c in all_kids(cp) {
                    match c.kind() {
                        "=" => after_eq = true,
                        "user_type" | "nullable_type" | "function_type" | "parenthesized_type" if !after_eq => {
                            annotation = Some(self.type_expr(c))
                        }
                        k if after_eq && c.is_named() && is_expr(k) && c != id => {
                            default = Some(self.expr(c));
                            after_eq = false;
                        }
                        _ => {}
                    }
                }
                after_eq = false;
                let declares = all_kids(cp).iter().any(|c| matches!(c.kind(), "val" | "var"));
                let pspan = self.span(cp);
                if declares {
                    out_members.push(Member {
                        alias: None,
                        name: pname.clone(),
                        name_span: self.span(id),
                        is_static: false,
                        value: MemberValue::Field(None),
                        annotation: annotation.clone(),
                    });
                    ctor_body.push(Stmt::Assign {
                        target: Place::Member { object: Expr::This(pspan), name: pname.clone(), span: pspan },
                        value: Expr::Name(pname.clone(), self.span(id)),
                        span: pspan,
                    });
                }
                self.bind_local(&pname);
                ctor_params_ir.push(Param {
                    name: pname,
                    pattern: None,
                    default,
                    kind: ParamKind::Positional,
                    annotation,
                    span: pspan,
                });
            }
        }
        for item in body_items {
            match item.kind() {
                "function_declaration" => {
                    // A method does not see the constructor's parameters.
                    let ctor_scope = std::mem::take(&mut self.locals);
                    let id = self.function(item, FuncKind::Method);
                    self.locals = ctor_scope;
                    if let Some(fname) = self.fields.get(item, "name") {
                        out_members.push(Member {
                            alias: None,
                            name: self.text(fname),
                            name_span: self.span(fname),
                            is_static: is_object,
                            value: MemberValue::Method(id),
                            annotation: None,
                        });
                    }
                }
                // `val tools get() = listOf(...)` in a class: read each time,
                // so a base's `init` reads what the subclass's getter says
                // (a field would not be set yet).
                "property_declaration" if !is_object && self.getter_method(item, &mut out_members) => {}
                "property_declaration" => {
                    let annotation = kid(item, "variable_declaration")
                        .and_then(|v| kids(v).into_iter().find(|c| c.kind() != "identifier"))
                        .map(|t| self.type_expr(t));
                    // A property is a member, not a local of the constructor:
                    // an `init` block's bare `names` is `this.names` (a
                    // constructor parameter of that name still wins).
                    let scope = self.locals.last().cloned();
                    let lowered = self.property(item);
                    if let (Some(scope), Some(last)) = (scope, self.locals.last_mut()) {
                        *last = scope;
                    }
                    for stmt in lowered {
                        let Stmt::Let { target: Pattern::Name(pname, at), value, span } = stmt else { continue };
                        if is_object {
                            out_members.push(Member {
                                alias: None,
                                name: pname,
                                name_span: at,
                                is_static: true,
                                value: MemberValue::Field(Some(value)),
                                annotation: annotation.clone(),
                            });
                        } else {
                            out_members.push(Member {
                                alias: None,
                                name: pname.clone(),
                                name_span: at,
                                is_static: false,
                                value: MemberValue::Field(None),
                                annotation: annotation.clone(),
                            });
                            if !matches!(value, Expr::Unknown(_)) {
                                ctor_body.push(Stmt::Assign {
                                    target: Place::Member { object: Expr::This(at), name: pname, span: at },
                                    value,
                                    span,
                                });
                            }
                        }
                    }
                }
                "anonymous_initializer" => {
                    if let Some(b) = kid(item, "block") {
                        let block = self.block(b);
                        ctor_body.extend(block);
                    }
                }
                "companion_object" => {
                    if let Some(cb) = kid(item, "class_body") {
                        let ctor_scope = std::mem::take(&mut self.locals);
                        self.statics(cb, &mut out_members);
                        self.locals = ctor_scope;
                    }
                }
                "class_declaration" | "object_declaration" => {
                    let ctor_scope = std::mem::take(&mut self.locals);
                    let nested = self.class(item);
                    self.locals = ctor_scope;
                    if let (Some(id), Some(nn)) = (nested, self.fields.get(item, "name")) {
                        let s = self.span(item);
                        out_members.push(Member {
                            alias: None,
                            name: self.text(nn),
                            name_span: self.span(nn),
                            is_static: true,
                            value: MemberValue::Field(Some(Expr::Class(id, s))),
                            annotation: None,
                        });
                    }
                }
                _ => {}
            }
        }
        self.locals.pop();
        if !is_object && (!ctor_body.is_empty() || !ctor_params_ir.is_empty()) {
            let ctor = self.module.add_func(Function {
                results: 1,
                is_async: false,
                type_params: vec![],
                name: Some("<init>".into()),
                name_span: name_node.map_or(span, |n| self.span(n)),
                params: ctor_params_ir,
                body: ctor_body,
                decorators: vec![],
                kind: FuncKind::Constructor,
                is_static: false,
                lexical_this: false,
                receiver_first: false,
                span,
            });
            out_members.push(Member {
                alias: None,
                name: "<init>".into(),
                name_span: name_node.map_or(span, |n| self.span(n)),
                is_static: false,
                value: MemberValue::Method(ctor),
                annotation: None,
            });
        } else if is_object && !ctor_body.is_empty() {
            // An object's `init` runs when it is first used: as a static
            // initialiser that runs when the class is made.
            let f = self.module.add_func(Function::closure(span, vec![], ctor_body, span));
            out_members.push(Member {
                alias: None,
                name: "<clinit>".into(),
                name_span: span,
                is_static: true,
                value: MemberValue::Field(Some(Expr::Call {
                    callee: Box::new(Expr::Func(f, span)),
                    args: vec![],
                    span,
                })),
                annotation: None,
            });
        }
        self.locals = saved_locals;
        self.receivers.pop();
        let decorators = self.annotations(n);
        Some(self.module.add_class(Class {
            name,
            name_span: name_node.map_or(span, |n| self.span(n)),
            kind,
            bases,
            members: out_members,
            decorators,
            instances_see_statics: true,
            span,
        }))
    }

    /// A companion object's members: static fields and methods.
    fn statics(&mut self, body: Node, out: &mut Vec<Member>) {
        self.locals.push(HashSet::new());
        for m in kids(body) {
            match m.kind() {
                "function_declaration" => {
                    let id = self.function(m, FuncKind::Method);
                    if let Some(fname) = self.fields.get(m, "name") {
                        out.push(Member {
                            alias: None,
                            name: self.text(fname),
                            name_span: self.span(fname),
                            is_static: true,
                            value: MemberValue::Method(id),
                            annotation: None,
                        });
                    }
                }
                "property_declaration" => {
                    for stmt in self.property(m) {
                        let Stmt::Let { target: Pattern::Name(pname, at), value, .. } = stmt else { continue };
                        out.push(Member {
                            alias: None,
                            name: pname,
                            name_span: at,
                            is_static: true,
                            value: MemberValue::Field(Some(value)),
                            annotation: None,
                        });
                    }
                }
                _ => {}
            }
        }
        self.locals.pop();
    }

    // -- statements -------------------------------------------------------

    fn block(&mut self, n: Node) -> Block {
        let mut out = vec![];
        for c in kids(n) {
            out.extend(self.stmt(c));
        }
        out
    }

    /// A block whose last expression is its value (a lambda's body, a
    /// branch of `if` used as a value): that expression is returned.
    fn value_block(&mut self, items: &[Node]) -> Block {
        let mut out = vec![];
        for (i, c) in items.iter().enumerate() {
            let last = i + 1 == items.len();
            if last && is_value_expr(c.kind()) {
                let span = self.span(*c);
                let value = self.expr(*c);
                out.push(Stmt::Return { value: Some(value), span });
            } else {
                out.extend(self.stmt(*c));
            }
        }
        out
    }

    fn stmt(&mut self, n: Node) -> Block {
        let span = self.span(n);
        if self.depth > MAX_DEPTH {
            return vec![Stmt::Unsupported(span)];
        }
        self.depth += 1;
        let out = self.stmt_inner(n, span);
        self.depth -= 1;
        out
    }

    fn stmt_inner(&mut self, n: Node, span: Span) -> Block {
        match n.kind() {
            "property_declaration" => self.property(n),
            "function_declaration" => {
                if let Some(name) = self.fields.get(n, "name") {
                    let name = self.text(name);
                    self.bind_local(&name);
                }
                vec![Stmt::Func(self.function(n, FuncKind::Plain))]
            }
            "class_declaration" | "object_declaration" => self.class(n).map(Stmt::Class).into_iter().collect(),
            "assignment" => self.assignment(n, span),
            "block" => self.block(n),
            "for_statement" => self.for_stmt(n, span),
            "while_statement" => {
                let cond = self.fields.get(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let body = self.loop_body(n);
                vec![Stmt::While { cond, body, span }]
            }
            "do_while_statement" => {
                let cond = self.fields.get(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let mut body = self.loop_body(n);
                // The body runs at least once.
                let first = body.clone();
                body.extend(first.iter().cloned());
                let mut out = first;
                out.push(Stmt::While { cond, body: std::mem::take(&mut body), span });
                out
            }
            "if_expression" => self.if_stmt(n, span),
            "when_expression" => self.when_stmt(n, span, false),
            "try_expression" => self.try_stmt(n, span, false),
            "return_expression" => {
                let label = self.fields.get(n, "label");
                let value = kids(n).into_iter().rfind(|c| is_expr(c.kind()) && Some(*c) != label);
                let value = value.map(|v| self.expr(v));
                vec![Stmt::Return { value, span }]
            }
            "identifier" if self.text(n) == "break" => vec![Stmt::Break(span)],
            "identifier" if self.text(n) == "continue" => vec![Stmt::Continue(span)],
            "labeled_expression" => {
                kids(n).into_iter().filter(|c| c.kind() != "label").flat_map(|c| self.stmt(c)).collect()
            }
            "throw_expression" => vec![Stmt::Return { value: None, span }],
            "ERROR" | "type_alias" | "annotation" => vec![Stmt::Unsupported(span)],
            k if is_expr(k) => vec![Stmt::Expr(self.expr(n))],
            _ => vec![Stmt::Unsupported(span)],
        }
    }

    fn loop_body(&mut self, n: Node) -> Block {
        let body = kids(n).into_iter().filter(|c| Some(*c) != self.fields.get(n, "condition")).last();
        match body {
            Some(b) if b.kind() == "block" => self.block(b),
            Some(b) => self.stmt(b),
            None => vec![],
        }
    }

    fn assignment(&mut self, n: Node, span: Span) -> Block {
        let (Some(l), Some(r)) = (self.fields.get(n, "left"), self.fields.get(n, "right")) else {
            return vec![Stmt::Unsupported(span)];
        };
        let op = self.fields.get(n, "operator").map(|o| self.text(o)).unwrap_or_default();
        let mut value = self.expr(r);
        if op == "+=" {
            // `xs += x` is `xs = xs.plus(x)` (or `xs.plusAssign(x)` on a
            // mutable list: the same list after).
            let left = self.expr(l);
            let callee = Expr::Member { object: Box::new(left), name: "plus".into(), span };
            let arg = Arg { keyword: None, value, spread: Spread::No, span: self.span(r) };
            value = Expr::Call { callee: Box::new(callee), args: vec![arg], span };
        } else if op != "=" {
            value = Expr::Unknown(span);
        }
        match self.place(l) {
            Some(target) => vec![Stmt::Assign { target, value, span }],
            None => vec![Stmt::Unsupported(span)],
        }
    }

    fn place(&mut self, n: Node) -> Option<Place> {
        let span = self.span(n);
        match n.kind() {
            "identifier" => match self.name_expr(self.text(n), span) {
                Expr::Name(name, s) => Some(Place::Name(name, s)),
                Expr::Member { object, name, span } => Some(Place::Member { object: *object, name, span }),
                Expr::Binary { right, .. } => match *right {
                    Expr::Name(name, s) => Some(Place::Name(name, s)),
                    _ => None,
                },
                _ => None,
            },
            "navigation_expression" => {
                let parts = kids(n);
                let (obj, field) = (parts.first()?, parts.last()?);
                let object = self.expr(*obj);
                Some(Place::Member { object, name: self.text(*field), span })
            }
            "index_expression" => {
                let parts = kids(n);
                let object = self.expr(*parts.first()?);
                let index = self.expr(*parts.get(1)?);
                Some(Place::Index { object, index, span })
            }
            "parenthesized_expression" if self.depth <= MAX_DEPTH => {
                self.depth += 1;
                let p = kids(n).first().and_then(|inner| self.place(*inner));
                self.depth -= 1;
                p
            }
            _ => None,
        }
    }

    fn for_stmt(&mut self, n: Node, span: Span) -> Block {
        let mut pattern = Pattern::Ignore;
        let mut iter = None;
        let mut body = None;
        let mut seen_in = false;
        for c in all_kids(n) {
            match c.kind() {
                "variable_declaration" => {
                    pattern =
                        kid(c, "identifier").map_or(Pattern::Ignore, |i| Pattern::Name(self.text(i), self.span(i)))
                }
                "multi_variable_declaration" => {
                    let items = kids(c)
                        .into_iter()
                        .map(|v| kid(v, "identifier").map(|i| Pattern::Name(self.text(i), self.span(i))))
                        .collect();
                    pattern = Pattern::List { items, rest: None, span: self.span(c) };
                }
                "in" => seen_in = true,
                k if seen_in && iter.is_none() && c.is_named() && is_expr(k) => iter = Some(self.expr(c)),
                k if iter.is_some() && c.is_named() && k != "label" && k != "annotation" => body = Some(c),
                _ => {}
            }
        }
        self.locals.push(HashSet::new());
        self.bind_pattern(&pattern);
        let body = match body {
            Some(b) if b.kind() == "block" => self.block(b),
            Some(b) => self.stmt(b),
            None => vec![],
        };
        self.locals.pop();
        vec![Stmt::ForEach { pattern, iter: iter.unwrap_or(Expr::Unknown(span)), body, span }]
    }

    fn branch(&mut self, n: Node) -> Block {
        if n.kind() == "block" {
            self.locals.push(HashSet::new());
            let b = self.block(n);
            self.locals.pop();
            b
        } else {
            self.stmt(n)
        }
    }

    fn if_stmt(&mut self, n: Node, span: Span) -> Block {
        let cond_node = self.fields.get(n, "condition");
        let cond = cond_node.map_or(Expr::Unknown(span), |c| self.expr(c));
        let branches: Vec<Node> =
            kids(n).into_iter().filter(|c| Some(*c) != cond_node && c.kind() != "annotation").collect();
        let then = branches.first().map(|b| self.branch(*b)).unwrap_or_default();
        let otherwise = branches.get(1).map(|b| self.branch(*b)).unwrap_or_default();
        vec![Stmt::If { cond, then, otherwise, span }]
    }

    /// `when`: each entry's body an alternative; `as_value`: each returns
    /// its value (run as a function in place).
    fn when_stmt(&mut self, n: Node, span: Span, as_value: bool) -> Block {
        let subject = kid(n, "when_subject");
        let mut pre = vec![];
        let scrutinee = match subject {
            Some(s) => {
                // `when (val x = v)` binds x.
                let inner: Vec<Node> = kids(s);
                match (inner.iter().find(|c| c.kind() == "variable_declaration"), inner.last()) {
                    (Some(v), Some(e)) if is_expr(e.kind()) => {
                        let value = self.expr(*e);
                        if let Some(i) = kid(*v, "identifier") {
                            let name = self.text(i);
                            self.bind_local(&name);
                            pre.push(Stmt::Let { target: Pattern::Name(name.clone(), self.span(i)), value, span });
                            Expr::Name(name, self.span(i))
                        } else {
                            value
                        }
                    }
                    (_, Some(e)) => self.expr(*e),
                    _ => Expr::Unknown(span),
                }
            }
            None => Expr::Unknown(span),
        };
        let mut cases = vec![];
        for entry in kids(n).into_iter().filter(|c| c.kind() == "when_entry") {
            let cond = self.fields.get(entry, "condition");
            let test = cond.map(|c| self.expr(c));
            let body_node = kids(entry).into_iter().rfind(|c| Some(*c) != cond);
            let body = match body_node {
                Some(b) if as_value => {
                    let items = if b.kind() == "block" { kids(b) } else { vec![b] };
                    self.locals.push(HashSet::new());
                    let v = self.value_block(&items);
                    self.locals.pop();
                    v
                }
                Some(b) => self.branch(b),
                None => vec![],
            };
            cases.push(Case { test, body });
        }
        pre.push(Stmt::Switch { scrutinee, cases, span });
        pre
    }

    fn try_stmt(&mut self, n: Node, span: Span, as_value: bool) -> Block {
        let mut body = vec![];
        let mut handlers = vec![];
        let mut finally = vec![];
        for c in kids(n) {
            match c.kind() {
                "block" => {
                    body = if as_value {
                        let items = kids(c);
                        self.value_block(&items)
                    } else {
                        self.branch(c)
                    }
                }
                "catch_block" => {
                    let h = kid(c, "block").map(|b| {
                        if as_value {
                            let items = kids(b);
                            self.value_block(&items)
                        } else {
                            self.branch(b)
                        }
                    });
                    handlers.push(h.unwrap_or_default());
                }
                "finally_block" => finally = kid(c, "block").map(|b| self.branch(b)).unwrap_or_default(),
                _ => {}
            }
        }
        vec![Stmt::Try { body, handlers, finally, span }]
    }

    // -- expressions ------------------------------------------------------

    fn expr(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        if self.depth > MAX_DEPTH {
            return Expr::Unknown(span);
        }
        self.depth += 1;
        let e = self.expr_inner(n, span);
        self.depth -= 1;
        e
    }

    fn expr_inner(&mut self, n: Node, span: Span) -> Expr {
        match n.kind() {
            "identifier" => self.name_expr(self.text(n), span),
            "number_literal" | "float_literal" => Expr::Lit(Lit::Num(self.text(n)), span),
            "character_literal" => {
                let t = self.text(n);
                Expr::Lit(Lit::Str(t.trim_matches('\'').to_string()), span)
            }
            "string_literal" | "multiline_string_literal" => self.string(n, span),
            "parenthesized_expression" | "annotated_expression" | "labeled_expression" => {
                kids(n).into_iter().rfind(|c| is_expr(c.kind())).map_or(Expr::Unknown(span), |c| self.expr(c))
            }
            "this_expression" => {
                // `this@Label`: the class of that name, else a receiver.
                let label = kid(n, "identifier").map(|l| self.text(l));
                match label {
                    Some(l) if self.receivers.iter().any(|r| matches!(r, Recv::Class { name, .. } if *name == l)) => {
                        Expr::This(span)
                    }
                    _ => self.receiver_expr(span),
                }
            }
            "super_expression" => Expr::Super(span),
            "navigation_expression" => {
                let parts = kids(n);
                match (parts.first(), parts.last()) {
                    (Some(o), Some(f)) if parts.len() >= 2 => {
                        let name = self.text(*f);
                        if f.kind() != "identifier" {
                            return Expr::Unknown(span);
                        }
                        // `T::class`: the class itself (its `simpleName`, `java`).
                        if name == "class" && all_kids(n).iter().any(|c| c.kind() == "::") {
                            return self.type_expr(*o);
                        }
                        let object = self.expr(*o);
                        Expr::Member { object: Box::new(object), name, span }
                    }
                    _ => Expr::Unknown(span),
                }
            }
            "index_expression" => {
                let parts = kids(n);
                match (parts.first(), parts.get(1)) {
                    (Some(o), Some(i)) => {
                        Expr::Index { object: Box::new(self.expr(*o)), index: Box::new(self.expr(*i)), span }
                    }
                    _ => Expr::Unknown(span),
                }
            }
            "call_expression" => self.call(n, span),
            "callable_reference" => {
                // `::f` is the function; `Type::f` its member.
                let parts = kids(n);
                let Some(last) = parts.last().filter(|l| l.kind() == "identifier") else {
                    return Expr::Unknown(span);
                };
                let name = self.text(*last);
                match parts.len() {
                    1 => self.name_expr(name, span),
                    _ => {
                        let recv = self.type_expr(parts[0]);
                        Expr::Member { object: Box::new(recv), name, span }
                    }
                }
            }
            "lambda_literal" => self.lambda(n),
            "anonymous_function" => {
                let params = kid(n, "function_value_parameters").map(|p| self.params(p)).unwrap_or_default();
                self.locals.push(params.iter().map(|p| p.name.clone()).collect());
                let body = kid(n, "function_body").map(|b| self.function_body(b)).unwrap_or_default();
                self.locals.pop();
                let id = self.module.add_func(Function::closure(span, params, body, span));
                Expr::Func(id, span)
            }
            "unary_expression" => {
                let operand = self.fields.get(n, "argument").map_or(Expr::Unknown(span), |a| self.expr(a));
                let op = match self.fields.get(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("!") => UnaryOp::Not,
                    Some("-") => UnaryOp::Neg,
                    Some("!!") => UnaryOp::NonNull,
                    Some("+") => UnaryOp::Transparent,
                    _ => UnaryOp::Opaque,
                };
                Expr::Unary { op, operand: Box::new(operand), span }
            }
            "binary_expression" => {
                if let Some(call) = self.generic_call(n, span) {
                    return call;
                }
                let left = self.fields.get(n, "left").map_or(Expr::Unknown(span), |l| self.expr(l));
                let right = self.fields.get(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                let op = match self.fields.get(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("==" | "===") => BinaryOp::Eq,
                    Some("!=" | "!==") => BinaryOp::NotEq,
                    Some("&&") => BinaryOp::And,
                    Some("||") => BinaryOp::Or,
                    Some("?:") => BinaryOp::Coalesce,
                    Some("+") => BinaryOp::Add,
                    Some(op) => BinaryOp::arithmetic_or_ordering(op),
                    None => BinaryOp::Other,
                };
                Expr::Binary { op, left: Box::new(left), right: Box::new(right), span }
            }
            "infix_expression" => {
                // `a to b` is a pair; other infix calls are calls of `a`'s method.
                let parts = kids(n);
                if let [l, f, r] = parts.as_slice() {
                    let name = self.text(*f);
                    let left = self.expr(*l);
                    let right = self.expr(*r);
                    if name == "to" {
                        return Expr::List { items: vec![Element::Item(left), Element::Item(right)], span };
                    }
                    let a = Arg { keyword: None, value: right, spread: Spread::No, span: self.span(*r) };
                    let callee = Expr::Member { object: Box::new(left), name, span };
                    return Expr::Call { callee: Box::new(callee), args: vec![a], span };
                }
                Expr::Unknown(span)
            }
            "as_expression" => {
                let operand = self.fields.get(n, "left").map_or(Expr::Unknown(span), |l| self.expr(l));
                Expr::Unary { op: UnaryOp::Transparent, operand: Box::new(operand), span }
            }
            "if_expression" => self.if_value(n, span),
            "when_expression" => {
                self.locals.push(HashSet::new());
                let body = self.when_stmt(n, span, true);
                self.locals.pop();
                self.run_in_place(body, span)
            }
            "try_expression" => {
                self.locals.push(HashSet::new());
                let body = self.try_stmt(n, span, true);
                self.locals.pop();
                self.run_in_place(body, span)
            }
            "collection_literal" => {
                let items = kids(n).into_iter().map(|c| Element::Item(self.expr(c))).collect();
                Expr::List { items, span }
            }
            "spread_expression" => kids(n).first().map_or(Expr::Unknown(span), |c| self.expr(*c)),
            _ => Expr::Unknown(span),
        }
    }

    /// A block run where it is written. The call's span is empty: a call
    /// site that wrote nothing (a tool is reported where its name is).
    fn run_in_place(&mut self, body: Block, span: Span) -> Expr {
        let id = self.module.add_func(Function::closure(span, vec![], body, span));
        let at = Span { end: span.start, ..span };
        Expr::Call { callee: Box::new(Expr::Func(id, span)), args: vec![], span: at }
    }

    /// `if` used as a value: a conditional of the branches' values.
    fn if_value(&mut self, n: Node, span: Span) -> Expr {
        let cond_node = self.fields.get(n, "condition");
        let test = cond_node.map_or(Expr::Unknown(span), |c| self.expr(c));
        let branches: Vec<Node> =
            kids(n).into_iter().filter(|c| Some(*c) != cond_node && c.kind() != "annotation").collect();
        let mut values = vec![];
        for b in branches.iter().take(2) {
            let v = if b.kind() == "block" {
                let items = kids(*b);
                match items.as_slice() {
                    [one] if is_value_expr(one.kind()) => self.expr(*one),
                    _ => {
                        self.locals.push(HashSet::new());
                        let body = self.value_block(&items);
                        self.locals.pop();
                        self.run_in_place(body, self.span(*b))
                    }
                }
            } else {
                self.expr(*b)
            };
            values.push(v);
        }
        let mut values = values.into_iter();
        let then = values.next().unwrap_or(Expr::Unknown(span));
        let otherwise = values.next().unwrap_or(Expr::Lit(Lit::Undefined, span));
        Expr::Cond { test: Box::new(test), then: Box::new(then), otherwise: Box::new(otherwise), span }
    }

    /// A string literal: a string, or a concatenation of its parts when it
    /// interpolates (`"list_$x"`, `"${a.b}"`).
    fn string(&mut self, n: Node, span: Span) -> Expr {
        let mut parts: Vec<Expr> = vec![];
        let mut lit = String::new();
        let mut raw = String::new();
        let mut raw_start = n.start_byte();
        for c in all_kids(n) {
            match c.kind() {
                "string_content" => {
                    if raw.is_empty() {
                        raw_start = c.start_byte();
                    }
                    raw.push_str(&self.text(c));
                }
                "escape_sequence" => {
                    self.flush_raw(&mut raw, raw_start, &mut lit, &mut parts);
                    lit.push_str(&unescape(&self.text(c)));
                }
                "interpolation" => {
                    self.flush_raw(&mut raw, raw_start, &mut lit, &mut parts);
                    if !lit.is_empty() {
                        parts.push(Expr::Lit(Lit::Str(std::mem::take(&mut lit)), span));
                    }
                    let e =
                        kids(c).into_iter().find(|k| is_expr(k.kind())).map_or(Expr::Unknown(span), |e| self.expr(e));
                    parts.push(e);
                }
                _ => {}
            }
        }
        self.flush_raw(&mut raw, raw_start, &mut lit, &mut parts);
        if parts.is_empty() {
            return Expr::Lit(Lit::Str(lit), span);
        }
        if !lit.is_empty() {
            parts.push(Expr::Lit(Lit::Str(lit), span));
        }
        Expr::Concat { parts, span }
    }

    /// Literal text that may hold `$name` templates.
    fn flush_raw(&mut self, raw: &mut String, start: usize, lit: &mut String, parts: &mut Vec<Expr>) {
        let text = std::mem::take(raw);
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            let next = bytes.get(i + 1).copied();
            if c == b'$' && next.is_some_and(|b| b.is_ascii_alphabetic() || b == b'_') {
                let mut j = i + 1;
                while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
                    j += 1;
                }
                let name = &text[i + 1..j];
                let at = Span::new(self.file, start + i, start + j);
                if !lit.is_empty() {
                    parts.push(Expr::Lit(Lit::Str(std::mem::take(lit)), at));
                }
                parts.push(self.name_expr(name.to_string(), at));
                i = j;
                continue;
            }
            let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
            lit.push_str(&text[i..i + ch_len]);
            i += ch_len;
        }
    }

    /// A lambda literal: its parameters (or `it`), and the keyword-only
    /// receiver `this`, which defaults to the enclosing receiver.
    fn lambda(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        if self.depth > MAX_DEPTH {
            return Expr::Unknown(span);
        }
        self.depth += 1;
        let e = self.lambda_inner(n, span);
        self.depth -= 1;
        e
    }

    fn lambda_inner(&mut self, n: Node, span: Span) -> Expr {
        let mut params = vec![];
        if let Some(ps) = kid(n, "lambda_parameters") {
            for p in kids(ps) {
                match p.kind() {
                    "variable_declaration" => {
                        let Some(i) = kid(p, "identifier") else { continue };
                        params.push(Param {
                            name: self.text(i),
                            pattern: None,
                            default: None,
                            kind: ParamKind::Positional,
                            annotation: None,
                            span: self.span(p),
                        });
                    }
                    "multi_variable_declaration" => {
                        let items = kids(p)
                            .into_iter()
                            .map(|v| kid(v, "identifier").map(|i| Pattern::Name(self.text(i), self.span(i))))
                            .collect();
                        let pattern = Pattern::List { items, rest: None, span: self.span(p) };
                        let name = self.fresh("destructured");
                        params.push(Param {
                            name,
                            pattern: Some(pattern),
                            default: None,
                            kind: ParamKind::Positional,
                            annotation: None,
                            span: self.span(p),
                        });
                    }
                    _ => {}
                }
            }
        } else {
            params.push(Param {
                name: "it".into(),
                pattern: None,
                default: None,
                kind: ParamKind::Positional,
                annotation: None,
                span,
            });
        }
        let outer = self.receiver_expr(span);
        params.push(Param {
            name: RECEIVER.into(),
            pattern: None,
            default: Some(outer),
            kind: ParamKind::KeywordOnly,
            annotation: None,
            span,
        });
        let mut scope: HashSet<String> = HashSet::new();
        for p in &params {
            if p.name != RECEIVER {
                scope.insert(p.name.clone());
            }
            if let Some(pat) = &p.pattern {
                let mut names = vec![];
                collect_names(pat, &mut names);
                scope.extend(names);
            }
        }
        self.locals.push(scope);
        self.receivers.push(Recv::Param);
        let items: Vec<Node> = kids(n).into_iter().filter(|c| c.kind() != "lambda_parameters").collect();
        let body = self.value_block(&items);
        self.receivers.pop();
        self.locals.pop();
        let id = self.module.add_func(Function::closure(span, params, body, span));
        Expr::Func(id, span)
    }

    /// A call's arguments, named ones as keywords.
    fn args(&mut self, list: Node) -> Vec<Arg> {
        let mut out = vec![];
        for a in kids(list).into_iter().filter(|c| c.kind() == "value_argument") {
            let parts = kids(a);
            let named = all_kids(a).iter().any(|c| c.kind() == "=");
            let (keyword, value_node) = match (named, parts.as_slice()) {
                (true, [k, v, ..]) => (Some(self.text(*k)), Some(*v)),
                (_, [.., v]) => (None, Some(*v)),
                _ => (None, None),
            };
            let Some(v) = value_node else { continue };
            let spread = if v.kind() == "spread_expression" { Spread::List } else { Spread::No };
            let value = self.expr(v);
            out.push(Arg { keyword, value, spread, span: self.span(a) });
        }
        out
    }

    fn call(&mut self, n: Node, span: Span) -> Expr {
        // `f(a) { ... }` parses as a call of `f(a)` with a lambda: one call.
        let parts = kids(n);
        let mut callee_node = None;
        let mut arg_list = None;
        let mut trailing = None;
        let mut type_args = None;
        for p in &parts {
            match p.kind() {
                "value_arguments" => arg_list = Some(*p),
                "annotated_lambda" => trailing = kid(*p, "lambda_literal"),
                "type_arguments" => type_args = Some(*p),
                _ if callee_node.is_none() => callee_node = Some(*p),
                _ => {}
            }
        }
        let Some(mut callee_node) = callee_node else { return Expr::Unknown(span) };
        if arg_list.is_none() && trailing.is_some() && callee_node.kind() == "call_expression" {
            let inner = kids(callee_node);
            if inner.iter().any(|c| c.kind() == "value_arguments")
                && !inner.iter().any(|c| c.kind() == "annotated_lambda")
            {
                arg_list = inner.iter().find(|c| c.kind() == "value_arguments").copied();
                if let Some(c) = inner.iter().find(|c| !matches!(c.kind(), "value_arguments" | "type_arguments")) {
                    callee_node = *c;
                }
                type_args = inner.iter().find(|c| c.kind() == "type_arguments").copied();
            }
        }
        // Scope functions and collection builders of the standard library.
        if let Some(e) = self.stdlib_call(callee_node, arg_list, trailing, span) {
            return e;
        }
        let callee = if callee_node.kind() == "identifier" {
            let name = self.text(callee_node);
            self.bare_callee(name, self.span(callee_node))
        } else {
            self.expr(callee_node)
        };
        let mut args = arg_list.map(|a| self.args(a)).unwrap_or_default();
        if let Some(l) = trailing {
            let value = self.lambda(l);
            let s = self.span(l);
            args.push(Arg { keyword: Some(TRAILING_LAMBDA.into()), value, spread: Spread::No, span: s });
        }
        if let Some(list) = type_args {
            let types: Vec<Node> = kids(list).into_iter().filter(|t| t.kind() == "type_projection").collect();
            for (i, t) in types.into_iter().enumerate() {
                let value = kids(t).into_iter().next().map_or(Expr::Unknown(self.span(t)), |ty| self.type_expr(ty));
                args.push(Arg { keyword: Some(ir::type_argument(i)), value, spread: Spread::No, span: self.span(t) });
            }
        }
        Expr::Call { callee: Box::new(callee), args, span }
    }

    /// `x.apply { }`, `x.also { }`, `x.let { }`, `x.run { }`, `with(x) { }`,
    /// `run { }`, `listOf(...)`, `mapOf(k to v)`: what the standard library
    /// does, unless the file declares the name itself.
    /// `f<T>(x)`: a call with one type argument and one argument, which
    /// the grammar parses as the comparisons `f < T > (x)`. Kotlin allows
    /// no chained comparison (`a < b > c` does not compile), so that parse
    /// is always this call.
    fn generic_call(&mut self, n: Node, span: Span) -> Option<Expr> {
        let op = |b: Node| self.fields.get(b, "operator").map(|o| self.text(o));
        let (outer_left, paren) = (self.fields.get(n, "left")?, self.fields.get(n, "right")?);
        if op(n).as_deref() != Some(">")
            || outer_left.kind() != "binary_expression"
            || op(outer_left).as_deref() != Some("<")
            || paren.kind() != "parenthesized_expression"
        {
            return None;
        }
        let (callee, ty) = (self.fields.get(outer_left, "left")?, self.fields.get(outer_left, "right")?);
        let is_type = |t: Node| matches!(t.kind(), "identifier" | "navigation_expression");
        if !matches!(callee.kind(), "identifier" | "navigation_expression") || !is_type(ty) {
            return None;
        }
        let [arg] = kids(paren)[..] else { return None };
        let value = self.expr(arg);
        if callee.kind() == "identifier" {
            let name = self.text(callee);
            if list_builder(&name) && !self.is_local(&name) && !self.globals.contains(&name) {
                return Some(Expr::List { items: vec![Element::Item(value)], span });
            }
        }
        let callee = if callee.kind() == "identifier" {
            let name = self.text(callee);
            self.bare_callee(name, self.span(callee))
        } else {
            self.expr(callee)
        };
        let type_arg = self.type_expr(ty);
        let args = vec![
            Arg { keyword: None, value, spread: Spread::No, span: self.span(arg) },
            Arg { keyword: Some(ir::type_argument(0)), value: type_arg, spread: Spread::No, span: self.span(ty) },
        ];
        Some(Expr::Call { callee: Box::new(callee), args, span })
    }

    fn stdlib_call(&mut self, callee: Node, args: Option<Node>, trailing: Option<Node>, span: Span) -> Option<Expr> {
        let (recv, name) = match callee.kind() {
            "identifier" => (None, self.text(callee)),
            "navigation_expression" => {
                let parts = kids(callee);
                let (o, f) = (parts.first()?, parts.last()?);
                if parts.len() < 2 || f.kind() != "identifier" {
                    return None;
                }
                (Some(*o), self.text(*f))
            }
            _ => return None,
        };
        if let (None, "buildJsonObject", Some(lambda), true) = (recv, name.as_str(), trailing, self.json_dsl) {
            return Some(self.json_object(lambda));
        }
        // Imported from `java.util` as a rule, so an import does not shadow
        // them. An initial capacity (`HashMap(16)`) still makes an empty one.
        let capacity = |v: &Node| kids(*v).first().is_some_and(|e| e.kind() == "number_literal");
        let empty = args.is_none_or(|a| kids(a).iter().filter(|c| c.kind() == "value_argument").all(capacity));
        if let (None, true, None, Some(is_map), false) =
            (recv, empty, trailing, empty_jvm_collection(&name), self.is_local(&name))
        {
            return Some(match is_map {
                true => Expr::Object { entries: vec![], span },
                false => Expr::List { items: vec![], span },
            });
        }
        if recv.is_none() && (self.is_local(&name) || self.globals.contains(&name)) {
            return None;
        }
        let arg_nodes: Vec<Node> =
            args.map(|a| kids(a).into_iter().filter(|c| c.kind() == "value_argument").collect()).unwrap_or_default();

        if recv.is_none() && trailing.is_none() && (list_builder(&name) || map_builder(&name)) {
            let a = args.map(|a| self.args(a)).unwrap_or_default();
            if list_builder(&name) {
                let items = a
                    .into_iter()
                    .map(|a| if a.spread == Spread::List { Element::Spread(a.value) } else { Element::Item(a.value) })
                    .collect();
                let list = Expr::List { items, span };
                // `listOfNotNull(a, b)` is `listOf(a, b).filterNotNull()`.
                if name == "listOfNotNull" {
                    let callee = Expr::Member { object: Box::new(list), name: "filterNotNull".into(), span };
                    return Some(Expr::Call { callee: Box::new(callee), args: vec![], span });
                }
                return Some(list);
            }
            let mut entries = vec![];
            for a in a {
                match a.value {
                    Expr::List { items, .. } if items.len() == 2 => {
                        let mut it = items.into_iter();
                        let (Some(Element::Item(k)), Some(Element::Item(v))) = (it.next(), it.next()) else { continue };
                        match k {
                            Expr::Lit(Lit::Str(s), key_span) => {
                                entries.push(Entry::Pair { key: s, key_span, value: v })
                            }
                            k => entries.push(Entry::Computed { key: k, value: v }),
                        }
                    }
                    other => entries.push(Entry::Spread(Expr::Unknown(other.span()))),
                }
            }
            return Some(Expr::Object { entries, span });
        }
        // `Regex(p)`, `p.toRegex()`: a regular expression (`eval/regex_replace.rs`).
        match (recv, name.as_str(), &arg_nodes[..], trailing) {
            (None, "Regex", [_], None) => {
                let mut a = self.args(args?);
                if let (Some(arg), true) = (a.pop(), a.is_empty()) {
                    if arg.keyword.is_none() && arg.spread == Spread::No {
                        return Some(ir::regex(arg.value, "", span));
                    }
                }
                return Some(Expr::Unknown(span));
            }
            (Some(r), "toRegex", [], None) => return Some(ir::regex(self.expr(r), "", span)),
            _ => {}
        }
        let lambda = trailing?;
        // Run in place: a call site that writes nothing ([`Self::run_in_place`]).
        let here = Span { end: span.start, ..span };
        match (recv, name.as_str()) {
            (Some(r), "apply" | "also") if arg_nodes.is_empty() => {
                let recv_value = self.expr(r);
                let f = self.lambda(lambda);
                let tmp = self.fresh("recv");
                let at = self.span(lambda);
                let arg = if name == "apply" {
                    Arg {
                        keyword: Some(RECEIVER.into()),
                        value: Expr::Name(tmp.clone(), at),
                        spread: Spread::No,
                        span: at,
                    }
                } else {
                    Arg { keyword: None, value: Expr::Name(tmp.clone(), at), spread: Spread::No, span: at }
                };
                let body = vec![
                    Stmt::Expr(Expr::Call { callee: Box::new(f), args: vec![arg], span: here }),
                    Stmt::Return { value: Some(Expr::Name(tmp.clone(), at)), span },
                ];
                let param = Param {
                    name: tmp,
                    pattern: None,
                    default: None,
                    kind: ParamKind::Positional,
                    annotation: None,
                    span: at,
                };
                let id = self.module.add_func(Function::closure(at, vec![param], body, span));
                let a = Arg { keyword: None, value: recv_value, spread: Spread::No, span: self.span(r) };
                Some(Expr::Call { callee: Box::new(Expr::Func(id, span)), args: vec![a], span: here })
            }
            (Some(r), "run") if arg_nodes.is_empty() => {
                let value = self.expr(r);
                let f = self.lambda(lambda);
                let a = Arg { keyword: Some(RECEIVER.into()), value, spread: Spread::No, span: self.span(r) };
                Some(Expr::Call { callee: Box::new(f), args: vec![a], span: here })
            }
            (Some(r), "let") if arg_nodes.is_empty() => {
                let value = self.expr(r);
                let f = self.lambda(lambda);
                let a = Arg { keyword: None, value, spread: Spread::No, span: self.span(r) };
                Some(Expr::Call { callee: Box::new(f), args: vec![a], span: here })
            }
            (Some(r), "takeIf" | "takeUnless") if arg_nodes.is_empty() => {
                let value = self.expr(r);
                Some(Expr::Unary { op: UnaryOp::Transparent, operand: Box::new(value), span })
            }
            (None, "with") if arg_nodes.len() == 1 => {
                let a = self.args(args?).into_iter().next()?;
                let f = self.lambda(lambda);
                let a = Arg { keyword: Some(RECEIVER.into()), ..a };
                Some(Expr::Call { callee: Box::new(f), args: vec![a], span: here })
            }
            (None, "run") if arg_nodes.is_empty() => {
                let f = self.lambda(lambda);
                Some(Expr::Call { callee: Box::new(f), args: vec![], span: here })
            }
            _ => None,
        }
    }
}

impl Cx<'_> {
    /// kotlinx.serialization's `buildJsonObject { put("k", v); putJsonObject("k") { ... };
    /// putJsonArray("k") { add(v) } }`: the object it builds, when every
    /// statement is one of these with a literal key; another statement may
    /// have put anything.
    fn json_object(&mut self, lambda: Node) -> Expr {
        let span = self.span(lambda);
        if self.depth > MAX_DEPTH {
            return Expr::Unknown(span);
        }
        self.depth += 1;
        let mut entries = vec![];
        for stmt in kids(lambda).into_iter().filter(|c| c.kind() != "lambda_parameters") {
            match self.json_put(stmt) {
                Some((key, key_span, value)) => entries.push(Entry::Pair { key, key_span, value }),
                None => entries.push(Entry::Spread(Expr::Unknown(self.span(stmt)))),
            }
        }
        self.depth -= 1;
        Expr::Object { entries, span }
    }

    /// One `put`/`putJsonObject`/`putJsonArray` statement: key and value.
    fn json_put(&mut self, stmt: Node) -> Option<(String, Span, Expr)> {
        if stmt.kind() != "call_expression" {
            return None;
        }
        let mut parts = kids(stmt);
        let mut trailing =
            parts.iter().find(|c| c.kind() == "annotated_lambda").and_then(|l| kid(*l, "lambda_literal"));
        let mut callee = *parts.first()?;
        if callee.kind() == "call_expression" && trailing.is_some() {
            parts = kids(callee);
            callee = *parts.first()?;
        } else {
            trailing = trailing.filter(|_| false);
        }
        if callee.kind() != "identifier" {
            return None;
        }
        let method = self.text(callee);
        let args: Vec<Node> = parts
            .iter()
            .find(|c| c.kind() == "value_arguments")
            .map(|a| kids(*a).into_iter().filter(|c| c.kind() == "value_argument").collect())
            .unwrap_or_default();
        let key_node = kids(*args.first()?).into_iter().last()?;
        let Expr::Lit(Lit::Str(key), key_span) = self.expr(key_node) else { return None };
        let value = match (method.as_str(), trailing, args.get(1)) {
            ("put", None, Some(v)) => {
                let v = kids(*v).into_iter().last()?;
                self.expr(v)
            }
            ("putJsonObject", Some(l), None) => self.json_object(l),
            // Its elements are not followed.
            ("putJsonArray", Some(l), None) => Expr::Unknown(self.span(l)),
            _ => return None,
        };
        Some((key, key_span, value))
    }
}

/// Whether a node at the end of a block is a value the block yields.
fn is_value_expr(kind: &str) -> bool {
    is_expr(kind)
        && !matches!(
            kind,
            "property_declaration"
                | "assignment"
                | "for_statement"
                | "while_statement"
                | "do_while_statement"
                | "function_declaration"
                | "class_declaration"
                | "object_declaration"
                | "return_expression"
                | "throw_expression"
                | "ERROR"
        )
}

fn collect_names(p: &Pattern, out: &mut Vec<String>) {
    match p {
        Pattern::Name(n, _) => out.push(n.clone()),
        Pattern::List { items, .. } => items.iter().flatten().for_each(|i| collect_names(i, out)),
        Pattern::Object { props, .. } => props.iter().for_each(|(_, p)| collect_names(p, out)),
        Pattern::Default(p, _) => collect_names(p, out),
        Pattern::Ignore => {}
    }
}

/// A Kotlin escape sequence's character.
fn unescape(s: &str) -> String {
    match s {
        "\\n" => "\n".into(),
        "\\t" => "\t".into(),
        "\\r" => "\r".into(),
        "\\b" => "\u{8}".into(),
        "\\\"" => "\"".into(),
        "\\'" => "'".into(),
        "\\\\" => "\\".into(),
        "\\$" => "$".into(),
        other => match other.strip_prefix("\\u").and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32)
        {
            Some(c) => c.to_string(),
            None => other.trim_start_matches('\\').to_string(),
        },
    }
}

#[cfg(test)]
#[path = "to_ir/tests.rs"]
mod tests;
