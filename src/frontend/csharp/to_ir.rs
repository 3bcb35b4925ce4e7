//! C# syntax (tree-sitter-c-sharp) → the language-neutral IR
//! ([`crate::ir`]). Syntax only: nothing here knows which attributes or
//! calls register tools.
//!
//! C# semantics the IR leaves to frontends:
//! - `using N;` (also `global using`, `using static`) imports namespace `N`
//!   whole: an import of `*` from module `N` (a name the file lacks is
//!   looked up in it); `using A = N;` binds `A` to the module `N`.
//!   Namespaces (block or file-scoped) are flattened into the file: the
//!   files of one project share their top-level names (a project is one
//!   assembly, `resolve/csharp.rs`).
//! - Attributes are metadata the runtime reads by reflection; they never
//!   wrap what they are attached to. Each `[A(x, K = v)]` lowers to a call
//!   of the attribute's constructor with its arguments and two keywords no
//!   identifier can spell: [`TARGET`], the declaration it is attached to
//!   (`Class.Method` for a method, the class for a class), and, on a
//!   method, [`RETURNS`], the name of its declared return type as written
//!   (`Task`, `ValueTask`, `string`); an attribute on a method's
//!   parameter is a call of the same kind, for the method, with a third,
//!   [`PARAMETER`], the parameter's name. The calls run after every
//!   declaration of the file. `[XAttribute]` and `[X]` name one class (the
//!   language looks `X` up as `XAttribute` too): the suffix is dropped.
//! - A class's fields, `const`s and properties are its members (`const`
//!   and `static` ones static), with their initialisers; a get-only
//!   property with an expression body is a getter. Methods are members
//!   (static or not), constructors are constructors. Nested types are
//!   lowered beside their outer type. Parts of a `partial` class in one
//!   file are one class; parts in other files join in the project scope.
//! - `nameof(x.y)` is the string `"y"`; `typeof(T)` is `T`;
//!   `$"...{e}..."` is a concatenation; `new T { A = v }` and `new T(args)
//!   { A = v }` are typed records ([`Expr::Struct`]) of `T` (constructor
//!   arguments are lost); `new[] { ... }`, `[ ... ]` and `new List<T> { ...
//!   }` of items are lists; casts, `await`, `x!`, `(x)` pass the value
//!   through; `x?.y` is `x.y`.
//! - Generic type arguments of a call (`WithTools<T>()`) are keywords `[0]`,
//!   `[1]`, as in the Go lowering.
//!
//! Depth-bounded like the other lowerings: nesting beyond [`MAX_DEPTH`]
//! is `Unknown`.

use tree_sitter::Node;

use super::{is_dictionary_type, is_sequence_type};
use crate::frontend::fields::Fields;
use crate::ir::{
    self, Arg, BinaryOp, Block, Case, Class, ClassKind, Element, Entry, Expr, FuncId, FuncKind, Function, Import, Lit,
    Member, MemberValue, Module, Param, ParamKind, Pattern, Place, Spread, Stmt, UnaryOp,
};
use crate::model::Lang;
use crate::source::{FileId, Span};

const MAX_DEPTH: usize = 200;

/// The keyword an attribute call passes the declaration it is attached to.
pub const TARGET: &str = "@target";
/// The keyword an attribute call on a method passes its return type's name.
pub const RETURNS: &str = "@returns";
/// The keyword an attribute on a method's parameter passes that
/// parameter's name (the call is the method's, as [`TARGET`] says).
pub use crate::ir::PARAMETER;

pub fn lower(file: FileId, text: &str, root: Node) -> Module {
    let mut cx = Cx {
        fields: Fields::of(root),
        text,
        file,
        module: Module::new(file, Lang::CSharp),
        depth: 0,
        attrs: vec![],
        classes: vec![],
        class: None,
        locals: vec![],
        in_attribute: false,
        using_static: false,
        returns: None,
        member_types: vec![],
        primary: vec![],
        primary_body: vec![],
    };
    let mut imports = vec![];
    let mut decls = vec![];
    let mut stmts = vec![];
    cx.compilation_unit(root, &mut imports, &mut decls, &mut stmts);
    let mut body = imports;
    body.extend(decls);
    body.append(&mut cx.attrs);
    body.extend(stmts);
    cx.module.body = body;
    cx.module
}

struct Cx<'a> {
    fields: Fields,
    text: &'a str,
    file: FileId,
    module: Module,
    depth: usize,
    /// Attribute calls, run after every declaration.
    attrs: Vec<Stmt>,
    /// Classes lowered so far, by name (partial parts join the first).
    classes: Vec<(String, crate::ir::ClassId)>,
    /// The class whose members are being lowered: its name and its
    /// members' names (static or not), which a bare name means unless a
    /// local or parameter shadows it.
    class: Option<(String, Vec<(String, bool)>)>,
    /// Locals and parameters in scope in the function being lowered.
    locals: Vec<String>,
    /// Lowering an attribute's arguments.
    in_attribute: bool,
    /// The file has a `using static` directive (its members are bare names).
    using_static: bool,
    /// The declared types of the enclosing class's fields and properties:
    /// what a target-typed `_x = new() { ... }` makes.
    member_types: Vec<(String, Expr)>,
    /// The parameters of the enclosing class's primary constructor.
    primary: Vec<String>,
    /// Instance initialisers that read them: the constructor's statements.
    primary_body: Vec<Stmt>,
    /// The declared result type of the method or property being lowered
    /// (`Task<T>` and `ValueTask<T>` unwrapped): what a target-typed
    /// `return new() { ... }` makes.
    returns: Option<Expr>,
}

/// The named children, and the `this` / `base` expressions, which the
/// grammar leaves anonymous (`return this;`, `Use(this)`); not the `this`
/// of an extension method's parameter or a constructor's `: this(...)`.
fn kids(n: Node) -> Vec<Node> {
    let mut cursor = n.walk();
    let keyword_only = matches!(n.kind(), "parameter" | "constructor_initializer");
    n.children(&mut cursor)
        .filter(
            |c| {
                if c.is_named() {
                    c.kind() != "comment"
                } else {
                    !keyword_only && matches!(c.kind(), "this" | "base")
                }
            },
        )
        .collect()
}

const TYPE_DECLS: &[&str] = &[
    "class_declaration",
    "struct_declaration",
    "record_declaration",
    "record_struct_declaration",
    "interface_declaration",
];

impl<'a> Cx<'a> {
    fn field<'t>(&self, n: Node<'t>, name: &'static str) -> Option<Node<'t>> {
        self.fields.get(n, name)
    }
    fn span(&self, n: Node) -> Span {
        Span::new(self.file, n.start_byte(), n.end_byte())
    }
    fn text(&self, n: Node) -> &'a str {
        self.text.get(n.byte_range()).unwrap_or("")
    }
    fn modifiers(&self, n: Node) -> Vec<&'a str> {
        kids(n).into_iter().filter(|c| c.kind() == "modifier").map(|c| self.text(c).trim()).collect()
    }

    /// Top-level items, iteratively through nested namespaces.
    /// Top-level items in source order, iteratively through namespaces and
    /// `#if` / `#region` blocks (every branch's items, in order).
    fn compilation_unit(&mut self, root: Node, imports: &mut Block, decls: &mut Block, stmts: &mut Block) {
        let mut todo: Vec<Node> = kids(root).into_iter().rev().collect();
        let mut guard = 0;
        while let Some(c) = todo.pop() {
            guard += 1;
            if guard > 100_000 {
                break;
            }
            match c.kind() {
                "using_directive" => imports.extend(self.using(c)),
                "namespace_declaration" => {
                    if let Some(b) = self.field(c, "body") {
                        todo.extend(kids(b).into_iter().rev());
                    }
                }
                // Older grammars nest the rest of the file in it.
                "file_scoped_namespace_declaration" | "declaration_list" => todo.extend(kids(c).into_iter().rev()),
                k if k.starts_with("preproc_") => {
                    todo.extend(kids(c).into_iter().rev().filter(|k| k.kind() != "parenthesized_expression"))
                }
                k if TYPE_DECLS.contains(&k) => self.type_decl(c, decls),
                "global_statement" => {
                    for s in kids(c) {
                        stmts.extend(self.stmt(s));
                    }
                }
                k if k.ends_with("_statement") => stmts.extend(self.stmt(c)),
                _ => {}
            }
        }
    }

    fn using(&mut self, n: Node) -> Option<Stmt> {
        let span = self.span(n);
        if self.text(n).split_whitespace().any(|w| w == "static") {
            self.using_static = true;
        }
        let alias = self.field(n, "name");
        let target = kids(n)
            .into_iter()
            .rev()
            .find(|c| matches!(c.kind(), "qualified_name" | "identifier" | "generic_name") && Some(*c) != alias)?;
        let module = self.text(target).split_whitespace().collect::<String>();
        let module = module.strip_prefix("global::").unwrap_or(&module).to_string();
        Some(Stmt::Import(match alias {
            Some(a) => Import { local: self.text(a).to_string(), module, member: None, span },
            None => Import { local: "*".into(), module, member: Some("*".into()), span },
        }))
    }

    /// A class, struct, record or interface (and the types nested in it).
    fn type_decl(&mut self, n: Node, out: &mut Block) {
        let mut todo = vec![n];
        while let Some(n) = todo.pop() {
            if self.module.classes.len() > 5_000 {
                return;
            }
            let Some(name_node) = self.field(n, "name") else { continue };
            let name = self.text(name_node).to_string();
            let kind = match n.kind() {
                "interface_declaration" => ClassKind::Interface,
                "struct_declaration" | "record_struct_declaration" => ClassKind::Struct,
                _ => ClassKind::Class,
            };
            let mut bases = vec![];
            for c in kids(n) {
                if c.kind() == "base_list" {
                    for b in kids(c).into_iter().filter(|b| b.kind() != "argument_list") {
                        bases.push(self.type_expr(b));
                    }
                }
            }
            let target = Expr::Name(name.clone(), self.span(name_node));
            self.attributes(n, target, None);
            let mut members = vec![];
            let primary_list = kids(n).into_iter().find(|c| c.kind() == "parameter_list");
            let primary: Vec<String> = primary_list
                .map(|l| {
                    kids(l)
                        .into_iter()
                        .filter_map(|p| self.field(p, "name"))
                        .map(|p| self.text(p).to_string())
                        .collect()
                })
                .unwrap_or_default();
            // A primary constructor's parameters are read as the fields its
            // constructor keeps them in.
            let mut names = self.field(n, "body").map(|b| self.member_names(b)).unwrap_or_default();
            names.extend(primary.iter().map(|p| (p.clone(), false)));
            let outer = self.class.replace((name.clone(), names));
            let types = self.field(n, "body").map(|b| self.member_types(b)).unwrap_or_default();
            let outer_types = std::mem::replace(&mut self.member_types, types);
            let outer_primary = std::mem::replace(&mut self.primary, primary);
            let outer_primary_body = std::mem::take(&mut self.primary_body);
            if let Some(body) = self.field(n, "body") {
                for m in preproc_flattened(body) {
                    match m.kind() {
                        k if TYPE_DECLS.contains(&k) => todo.push(m),
                        _ => self.member(m, &name, &mut members),
                    }
                }
            }
            self.class = outer;
            self.member_types = outer_types;
            self.primary = outer_primary;
            let primary_body = std::mem::replace(&mut self.primary_body, outer_primary_body);
            if let Some(list) = primary_list {
                self.primary_constructor(n, list, primary_body, &mut members);
            }
            // Primary-constructor records: their parameters are properties.
            if let Some(params) = primary_list {
                for p in kids(params) {
                    if let Some(pn) = self.field(p, "name") {
                        members.push(Member {
                            alias: None,
                            name: self.text(pn).to_string(),
                            name_span: self.span(pn),
                            is_static: false,
                            value: MemberValue::Field(None),
                            annotation: self.field(p, "type").map(|t| self.type_expr(t)),
                        });
                    }
                }
            }
            if let Some(&(_, id)) = self.classes.iter().find(|(c, _)| *c == name) {
                let class = &mut self.module.classes[id.0 as usize];
                class.members.extend(members);
                class.bases.extend(bases);
                continue;
            }
            let id = self.module.add_class(Class {
                name: Some(name.clone()),
                name_span: self.span(name_node),
                kind,
                bases,
                members,
                decorators: vec![],
                instances_see_statics: true,
                span: self.span(n),
            });
            self.classes.push((name.clone(), id));
            out.push(Stmt::Class(id));
            // `[X]` names the attribute class `XAttribute` too.
            let short = strip_attribute(&name);
            if short != name {
                let at = self.span(name_node);
                out.push(Stmt::Let { target: Pattern::Name(short, at), value: Expr::Name(name, at), span: at });
            }
        }
    }

    /// The attribute lists of a declaration, as calls run later.
    fn attributes(&mut self, decl: Node, target: Expr, returns: Option<Expr>) {
        for list in kids(decl).into_iter().filter(|c| c.kind() == "attribute_list") {
            // `[return: X]`, `[assembly: X]` apply elsewhere.
            if kids(list).iter().any(|c| c.kind() == "attribute_target_specifier") {
                continue;
            }
            for a in kids(list).into_iter().filter(|c| c.kind() == "attribute") {
                let Some(name) = self.field(a, "name") else { continue };
                let callee = self.attribute_name(name);
                let mut args = vec![];
                for list in kids(a).into_iter().filter(|c| c.kind() == "attribute_argument_list") {
                    for arg in kids(list).into_iter().filter(|c| c.kind() == "attribute_argument") {
                        let keyword = self.field(arg, "name").map(|k| self.text(k).to_string());
                        let value = kids(arg).into_iter().rev().find(|c| Some(*c) != self.field(arg, "name"));
                        let Some(value) = value else { continue };
                        self.in_attribute = true;
                        let value = self.expr(value);
                        self.in_attribute = false;
                        args.push(Arg { keyword, value, spread: Spread::No, span: self.span(arg) });
                    }
                }
                let span = self.span(a);
                args.push(Arg { keyword: Some(TARGET.into()), value: target.clone(), spread: Spread::No, span });
                if let Some(r) = &returns {
                    args.push(Arg { keyword: Some(RETURNS.into()), value: r.clone(), spread: Spread::No, span });
                }
                self.attrs.push(Stmt::Expr(Expr::Call { callee: Box::new(callee), args, span }));
            }
        }
    }

    /// The string literal of a declaration's `[Description("...")]`
    /// (System.ComponentModel's, however qualified).
    fn description(&self, decl: Node) -> Option<(String, Span)> {
        for list in kids(decl).into_iter().filter(|c| c.kind() == "attribute_list") {
            for a in kids(list).into_iter().filter(|c| c.kind() == "attribute") {
                let name = self.field(a, "name").map(|n| self.text(n)).unwrap_or("");
                let last = name.rsplit('.').next().unwrap_or(name);
                if strip_attribute(last) != "Description" {
                    continue;
                }
                let args = kids(a).into_iter().find(|c| c.kind() == "attribute_argument_list")?;
                let arg = kids(args).into_iter().next()?;
                let lit = kids(arg).into_iter().next()?;
                return string_value(self.text(lit)).map(|s| (s, self.span(lit)));
            }
        }
        None
    }

    /// `McpServerToolAttribute` → `McpServerTool`; `A.B.C` as members.
    fn attribute_name(&mut self, n: Node) -> Expr {
        let e = self.type_expr(n);
        match e {
            Expr::Name(s, sp) => Expr::Name(strip_attribute(&s), sp),
            Expr::Member { object, name, span } => Expr::Member { object, name: strip_attribute(&name), span },
            other => other,
        }
    }

    fn member(&mut self, m: Node, class: &str, out: &mut Vec<Member>) {
        let mods = self.modifiers(m);
        let is_static = mods.iter().any(|m| *m == "static" || *m == "const");
        match m.kind() {
            "field_declaration" | "event_field_declaration" => {
                let Some(decl) = kids(m).into_iter().find(|c| c.kind() == "variable_declaration") else { return };
                let ty = self.field(decl, "type").map(|t| self.type_expr(t));
                // A field declared without a value has its type's default
                // (`private bool readOnly;` is `false`, a `string` or a
                // `bool?` is `null`), unless an attribute marks it for
                // something to set. Other types are left unknown: a server
                // a method nobody ran sets is no `null`.
                let attributed = kids(m).into_iter().any(|c| c.kind() == "attribute_list");
                let zero = self.field(decl, "type").filter(|_| !attributed).and_then(|t| {
                    let at = self.span(t);
                    match (t.kind(), self.text(t)) {
                        ("predefined_type", "bool") => Some(Expr::Lit(Lit::Bool(false), at)),
                        (
                            "predefined_type",
                            "int" | "long" | "short" | "byte" | "uint" | "ulong" | "double" | "float" | "decimal",
                        ) => Some(Expr::Lit(Lit::Num("0".into()), at)),
                        ("predefined_type", "string") | ("nullable_type", _) => Some(Expr::Lit(Lit::Null, at)),
                        _ => None,
                    }
                });
                for v in kids(decl).into_iter().filter(|c| c.kind() == "variable_declarator") {
                    let Some(name) = self.field(v, "name") else { continue };
                    let init_node = kids(v).into_iter().find(|c| Some(*c) != Some(name));
                    let mut init =
                        init_node.map(|e| self.typed_init(e, self.field(decl, "type"))).or_else(|| zero.clone());
                    if let (Some(e), Some(value), false) = (init_node, &init, is_static) {
                        if self.reads_primary(e) {
                            self.init_in_constructor(self.text(name), value.clone());
                            init = None;
                        }
                    }
                    out.push(Member {
                        alias: None,
                        name: self.text(name).to_string(),
                        name_span: self.span(name),
                        is_static,
                        value: MemberValue::Field(init),
                        annotation: ty.clone(),
                    });
                }
            }
            "property_declaration" => {
                let Some(name) = self.field(m, "name") else { return };
                let ty = self.field(m, "type").map(|t| self.type_expr(t));
                let name_s = self.text(name).to_string();
                // The grammar's `value` is also an expression-bodied
                // property's `=> expr`: a getter, below.
                if let Some(v) = self.field(m, "value").filter(|v| v.kind() != "arrow_expression_clause") {
                    let value = self.typed_init(v, self.field(m, "type"));
                    let value = if !is_static && self.reads_primary(v) {
                        self.init_in_constructor(&name_s, value);
                        None
                    } else {
                        Some(value)
                    };
                    out.push(Member {
                        alias: None,
                        name: name_s,
                        name_span: self.span(name),
                        is_static,
                        value: MemberValue::Field(value),
                        annotation: ty,
                    });
                    return;
                }
                // `=> expr` or `{ get => expr; }` / `{ get { return ...; } }`,
                // whose `new() { ... }` is of the property's type.
                let declared = self.field(m, "type").and_then(|t| self.result_type(t));
                let outer = std::mem::replace(&mut self.returns, declared);
                let arrow = kids(m).into_iter().find(|c| c.kind() == "arrow_expression_clause");
                let getter_body = match arrow {
                    Some(a) => Some(self.arrow_body(a)),
                    None => kids(m)
                        .into_iter()
                        .find(|c| c.kind() == "accessor_list")
                        .and_then(|l| {
                            kids(l).into_iter().find(|a| {
                                kids(*a).iter().any(|c| self.text(*c) == "get") || self.text(*a).starts_with("get")
                            })
                        })
                        .and_then(|acc| {
                            let body = kids(acc)
                                .into_iter()
                                .find(|c| matches!(c.kind(), "block" | "arrow_expression_clause"))?;
                            Some(if body.kind() == "block" { self.block(body) } else { self.arrow_body(body) })
                        }),
                };
                self.returns = outer;
                match getter_body {
                    Some(body) => {
                        let f = Function {
                            results: 1,
                            is_async: false,
                            type_params: vec![],
                            name: Some(name_s.clone()),
                            name_span: self.span(name),
                            params: vec![],
                            body,
                            decorators: vec![],
                            kind: FuncKind::Getter,
                            is_static,
                            lexical_this: false,
                            receiver_first: false,
                            span: self.span(m),
                        };
                        let id = self.module.add_func(f);
                        out.push(Member {
                            alias: None,
                            name: name_s,
                            name_span: self.span(name),
                            is_static,
                            value: MemberValue::Method(id),
                            annotation: ty,
                        });
                    }
                    None => out.push(Member {
                        alias: None,
                        name: name_s,
                        name_span: self.span(name),
                        is_static,
                        value: MemberValue::Field(None),
                        annotation: ty,
                    }),
                }
            }
            "method_declaration" | "constructor_declaration" => {
                let ctor = m.kind() == "constructor_declaration";
                let Some(name) = self.field(m, "name") else { return };
                let name_s = if ctor { "constructor".to_string() } else { self.text(name).to_string() };
                let kind = if ctor { FuncKind::Constructor } else { FuncKind::Method };
                let id = self.function(m, Some(name_s.clone()), self.span(name), kind, is_static);
                // `[Description("...")]` is the method's description, as a
                // docstring is a Python function's: its first statement.
                if let Some((doc, at)) = self.description(m) {
                    self.module.funcs[id.0 as usize].body.insert(0, Stmt::Expr(Expr::Lit(Lit::Str(doc), at)));
                }
                if !ctor {
                    let returns = self.field(m, "returns").or_else(|| self.field(m, "type"));
                    let returns = returns.map(|r| Expr::Lit(Lit::Str(type_base_name(self.text(r))), self.span(r)));
                    let target = Expr::Member {
                        object: Box::new(Expr::Name(class.to_string(), self.span(name))),
                        name: name_s.clone(),
                        span: self.span(name),
                    };
                    self.attributes(m, target.clone(), returns);
                    // `M([McpToolTrigger("x")] Context c)`: a trigger binding
                    // on a parameter makes the method what it is.
                    let params = self.field(m, "parameters").map(kids).unwrap_or_default();
                    for p in params.into_iter().filter(|p| p.kind() == "parameter") {
                        let Some(n) = self.field(p, "name") else { continue };
                        let name = Expr::Lit(Lit::Str(self.text(n).to_string()), self.span(n));
                        let first = self.attrs.len();
                        self.attributes(p, target.clone(), None);
                        for stmt in &mut self.attrs[first..] {
                            if let Stmt::Expr(Expr::Call { args, span, .. }) = stmt {
                                let arg = Arg {
                                    keyword: Some(PARAMETER.into()),
                                    value: name.clone(),
                                    spread: Spread::No,
                                    span: *span,
                                };
                                args.push(arg);
                            }
                        }
                    }
                }
                out.push(Member {
                    alias: None,
                    name: name_s,
                    name_span: self.span(name),
                    is_static,
                    value: MemberValue::Method(id),
                    annotation: None,
                });
            }
            _ => {}
        }
    }

    fn function(&mut self, n: Node, name: Option<String>, name_span: Span, kind: FuncKind, is_static: bool) -> FuncId {
        let saved = self.locals.len();
        // A lambda's result type is not written: it makes nothing target-typed.
        let declared = self.field(n, "returns").or_else(|| self.field(n, "type")).and_then(|t| self.result_type(t));
        let outer = std::mem::replace(&mut self.returns, declared);
        let params = self.field(n, "parameters").map(|p| self.params(p)).unwrap_or_default();
        // `void Add<T>()`: `typeof(T)` in the body is the caller's type argument.
        let type_params: Vec<String> = self
            .field(n, "type_parameters")
            .or_else(|| kids(n).into_iter().find(|c| c.kind() == "type_parameter_list"))
            .map(|l| {
                kids(l)
                    .into_iter()
                    .filter(|t| t.kind() == "type_parameter")
                    .filter_map(|t| {
                        self.field(t, "name").or_else(|| kids(t).into_iter().find(|c| c.kind() == "identifier"))
                    })
                    .map(|i| self.text(i).to_string())
                    .collect()
            })
            .unwrap_or_default();
        self.locals.extend(params.iter().map(|p| p.name.clone()));
        self.locals.extend(type_params.iter().cloned());
        // `: base(args)` runs first.
        let base_call =
            kids(n).into_iter().find(|c| c.kind() == "constructor_initializer").and_then(|c| self.base_call(c));
        let mut body =
            match self.field(n, "body").or_else(|| kids(n).into_iter().find(|c| c.kind() == "arrow_expression_clause"))
            {
                Some(b) if b.kind() == "block" => self.block(b),
                Some(b) if b.kind() == "arrow_expression_clause" => self.arrow_body(b),
                Some(b) if b.kind() == "assignment_expression" => self.expr_stmt(b),
                Some(b) => {
                    let e = self.expr(b);
                    vec![Stmt::Return { value: Some(e), span: self.span(b) }]
                }
                None => vec![],
            };
        body.splice(0..0, base_call);
        self.locals.truncate(saved);
        self.returns = outer;
        self.module.add_func(Function {
            results: 1,
            is_async: false,
            type_params,
            name,
            name_span,
            params,
            body,
            decorators: vec![],
            kind,
            is_static,
            lexical_this: kind == FuncKind::Plain,
            receiver_first: false,
            span: self.span(n),
        })
    }

    fn arrow_body(&mut self, a: Node) -> Block {
        match kids(a).into_iter().next() {
            // `=> x.P = v` (a setter, an `Action<T>` lambda): the write.
            Some(e) if e.kind() == "assignment_expression" => self.expr_stmt(e),
            Some(e) => {
                let v = self.returned(e);
                vec![Stmt::Return { value: Some(v), span: self.span(a) }]
            }
            None => vec![],
        }
    }

    /// An assigned expression: `new() { ... }` written to a field or
    /// property of the class (`_x`, `this._x`) is of its declared type.
    fn assigned(&mut self, l: Node, r: Node) -> Expr {
        let init = kids(r).into_iter().find(|c| c.kind() == "initializer_expression");
        if let (true, Some(init)) = (r.kind() == "implicit_object_creation_expression", init) {
            let member = match l.kind() {
                "identifier" => match self.name(l) {
                    Expr::Member { name, .. } => Some(name),
                    _ => None,
                },
                "member_access_expression" => self
                    .field(l, "expression")
                    .filter(|o| o.kind() == "this_expression" || self.text(*o) == "this")
                    .and_then(|_| self.field(l, "name"))
                    .map(|n| self.text(n).to_string()),
                _ => None,
            };
            let ty = member.and_then(|m| self.member_types.iter().find(|(n, _)| *n == m).map(|(_, t)| t.clone()));
            if let Some(ty) = ty {
                return self.initializer(init, Some(ty), self.span(r));
            }
        }
        self.expr(r)
    }

    /// What a `foreach` binds: a name, or `var (a, (b, _))` deconstructing
    /// each element (a tuple, a dictionary's `KeyValuePair`) by position.
    fn foreach_pattern(&mut self, l: Node) -> Pattern {
        match l.kind() {
            "identifier" => {
                self.locals.push(self.text(l).to_string());
                Pattern::Name(self.text(l).to_string(), self.span(l))
            }
            "tuple_pattern" => {
                let items = kids(l)
                    .into_iter()
                    .filter(|c| c.is_named())
                    .map(|c| match c.kind() {
                        "discard" => None,
                        _ => Some(self.foreach_pattern(c)),
                    })
                    .collect();
                Pattern::List { items, rest: None, span: self.span(l) }
            }
            _ => Pattern::Ignore,
        }
    }

    /// A returned expression: `new() { ... }` is of the declared result type.
    fn returned(&mut self, e: Node) -> Expr {
        let init = kids(e).into_iter().find(|c| c.kind() == "initializer_expression");
        match (e.kind(), self.returns.clone(), init) {
            ("implicit_object_creation_expression", Some(ty), Some(init)) => {
                self.initializer(init, Some(ty), self.span(e))
            }
            _ => self.expr(e),
        }
    }

    /// The type a method or property declares it gives, as a value:
    /// `Task<T>` / `ValueTask<T>` give `T`; `void` and the like, nothing.
    fn result_type(&mut self, t: Node) -> Option<Expr> {
        if t.kind() == "generic_name" {
            let base = kids(t).into_iter().find(|c| c.kind() == "identifier").map(|b| self.text(b).to_string());
            if matches!(base.as_deref(), Some("Task" | "ValueTask")) {
                let args = kids(t).into_iter().find(|c| c.kind() == "type_argument_list")?;
                let inner = kids(args).into_iter().next()?;
                return self.result_type(inner);
            }
        }
        match self.type_expr(t) {
            Expr::Unknown(_) => None,
            Expr::Name(n, _) if matches!(n.as_str(), "void" | "Task" | "ValueTask" | "var") => None,
            ty => Some(ty),
        }
    }

    fn params(&mut self, list: Node) -> Vec<Param> {
        let mut out = vec![];
        let ps = if list.kind() == "parameter_list" { kids(list) } else { vec![list] };
        for p in ps {
            let (name, ty) = match p.kind() {
                "parameter" => (self.field(p, "name"), self.field(p, "type")),
                // `t => ...`: the grammar aliases a lone parameter as `implicit_parameter`.
                "identifier" | "implicit_parameter" => (Some(p), None),
                _ => continue,
            };
            let Some(name) = name else { continue };
            let rest = kids(p).iter().any(|c| c.kind() == "modifier" && self.text(*c) == "params")
                || self.text(p).trim_start().starts_with("params ");
            let default = kids(p)
                .into_iter()
                .rfind(|c| {
                    Some(*c) != Some(name) && Some(*c) != ty && c.kind() != "modifier" && c.kind() != "attribute_list"
                })
                .map(|d| self.expr(d));
            out.push(Param {
                name: self.text(name).to_string(),
                pattern: None,
                default,
                kind: if rest { ParamKind::Rest } else { ParamKind::Positional },
                annotation: ty.map(|t| self.type_expr(t)),
                span: self.span(p),
            });
        }
        out
    }

    /// A type as a value: its name (generic arguments dropped), members for
    /// qualified names.
    fn type_expr(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        match n.kind() {
            "identifier" | "predefined_type" => Expr::Name(self.text(n).to_string(), span),
            "generic_name" => match kids(n).into_iter().find(|c| c.kind() == "identifier") {
                // A sequence of `T` (what a container fills with every `T`):
                // the element type kept, as Java's `List<T>` is.
                Some(i) if is_sequence_type(self.text(i)) => {
                    let args: Vec<Node> =
                        kids(n).into_iter().filter(|c| c.kind() == "type_argument_list").flat_map(kids).collect();
                    match args.as_slice() {
                        [t] => Expr::Index {
                            object: Box::new(Expr::Name(self.text(i).to_string(), span)),
                            index: Box::new(self.type_expr(*t)),
                            span,
                        },
                        _ => Expr::Name(self.text(i).to_string(), span),
                    }
                }
                Some(i) => Expr::Name(self.text(i).to_string(), span),
                None => Expr::Unknown(span),
            },
            "qualified_name" => {
                let text: String = self.text(n).split_whitespace().collect();
                let text = text.strip_prefix("global::").unwrap_or(&text).to_string();
                let base = text.split('<').next().unwrap_or("");
                let mut parts = base.split('.');
                let mut e = Expr::Name(parts.next().unwrap_or("").to_string(), span);
                for p in parts {
                    e = Expr::Member { object: Box::new(e), name: p.to_string(), span };
                }
                e
            }
            "nullable_type" | "primary_constructor_base_type" => match kids(n).into_iter().next() {
                Some(t) => self.type_expr(t),
                None => Expr::Unknown(span),
            },
            "alias_qualified_name" => match self.field(n, "name") {
                Some(t) => self.type_expr(t),
                None => Expr::Unknown(span),
            },
            _ => Expr::Unknown(span),
        }
    }

    fn block(&mut self, n: Node) -> Block {
        let mut out = vec![];
        for s in preproc_flattened(n) {
            out.extend(self.stmt(s));
        }
        out
    }

    fn stmt(&mut self, n: Node) -> Block {
        if self.depth > MAX_DEPTH {
            return vec![Stmt::Unsupported(self.span(n))];
        }
        self.depth += 1;
        let out = self.stmt_inner(n);
        self.depth -= 1;
        out
    }

    fn body_of(&mut self, n: Option<Node>) -> Block {
        match n {
            Some(b) if b.kind() == "block" => self.block(b),
            Some(b) => self.stmt(b),
            None => vec![],
        }
    }

    fn stmt_inner(&mut self, n: Node) -> Block {
        let span = self.span(n);
        match n.kind() {
            "block" => self.block(n),
            "local_declaration_statement" | "field_declaration" => {
                let Some(decl) = kids(n).into_iter().find(|c| c.kind() == "variable_declaration") else {
                    return vec![];
                };
                self.variable_declaration(decl)
            }
            "variable_declaration" => self.variable_declaration(n),
            "expression_statement" => match kids(n).into_iter().next() {
                Some(e) => self.expr_stmt(e),
                None => vec![],
            },
            "return_statement" => {
                let value = kids(n).into_iter().next().map(|e| self.returned(e));
                vec![Stmt::Return { value, span }]
            }
            "if_statement" => {
                let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let then = self.body_of(self.field(n, "consequence"));
                let otherwise = self.body_of(self.field(n, "alternative"));
                vec![Stmt::If { cond, then, otherwise, span }]
            }
            "foreach_statement" => {
                let pattern = self.field(n, "left").map_or(Pattern::Ignore, |l| self.foreach_pattern(l));
                let iter = self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                let body = self.body_of(self.field(n, "body"));
                vec![Stmt::ForEach { pattern, iter, body, span }]
            }
            "for_statement" => {
                let mut out = vec![];
                if let Some(init) = self.field(n, "initializer") {
                    out.extend(self.stmt(init));
                }
                let body = self.body_of(self.field(n, "body"));
                out.push(Stmt::While { cond: Expr::Unknown(span), body, span });
                out
            }
            "while_statement" | "do_statement" => {
                let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let body = self.body_of(self.field(n, "body"));
                vec![Stmt::While { cond, body, span }]
            }
            "switch_statement" => {
                let scrutinee = self.field(n, "value").map_or(Expr::Unknown(span), |v| self.expr(v));
                let mut cases = vec![];
                if let Some(body) = self.field(n, "body") {
                    for sec in kids(body).into_iter().filter(|c| c.kind() == "switch_section") {
                        let mut test = None;
                        let mut block = vec![];
                        for c in kids(sec) {
                            match c.kind() {
                                "constant_pattern" => {
                                    test = kids(c).into_iter().next().map(|e| self.expr(e));
                                }
                                k if k.ends_with("_pattern") || k == "case_pattern_switch_label" => {
                                    test = Some(Expr::Unknown(self.span(c)));
                                }
                                k if k.ends_with("_statement") || k == "block" => block.extend(self.stmt(c)),
                                _ => {}
                            }
                        }
                        cases.push(Case { test, body: block });
                    }
                }
                vec![Stmt::Switch { scrutinee, cases, span }]
            }
            "try_statement" => {
                let body = self.body_of(self.field(n, "body"));
                let mut handlers = vec![];
                let mut finally = vec![];
                for c in kids(n) {
                    match c.kind() {
                        "catch_clause" => {
                            let b = kids(c).into_iter().find(|b| b.kind() == "block");
                            handlers.push(self.body_of(b));
                        }
                        "finally_clause" => {
                            let b = kids(c).into_iter().find(|b| b.kind() == "block");
                            finally = self.body_of(b);
                        }
                        _ => {}
                    }
                }
                vec![Stmt::Try { body, handlers, finally, span }]
            }
            "using_statement" | "lock_statement" | "checked_statement" | "unsafe_statement" | "fixed_statement" => {
                let mut out = vec![];
                for c in kids(n) {
                    if c.kind() == "variable_declaration" {
                        out.extend(self.variable_declaration(c));
                    }
                }
                out.extend(
                    self.body_of(self.field(n, "body").or_else(|| kids(n).into_iter().rfind(|c| c.kind() == "block"))),
                );
                out
            }
            "labeled_statement" => kids(n).into_iter().skip(1).flat_map(|c| self.stmt(c)).collect(),
            "break_statement" => vec![Stmt::Break(span)],
            "continue_statement" => vec![Stmt::Continue(span)],
            "local_function_statement" => {
                let Some(name) = self.field(n, "name") else { return vec![] };
                let name_s = self.text(name).to_string();
                let id = self.function(n, Some(name_s), self.span(name), FuncKind::Plain, false);
                vec![Stmt::Func(id)]
            }
            "empty_statement" => vec![],
            "throw_statement" => vec![Stmt::Return { value: None, span }],
            _ => vec![Stmt::Unsupported(span)],
        }
    }

    fn variable_declaration(&mut self, decl: Node) -> Block {
        let mut out = vec![];
        for v in kids(decl).into_iter().filter(|c| c.kind() == "variable_declarator") {
            let Some(name) = self.field(v, "name") else { continue };
            let init = kids(v).into_iter().find(|c| Some(*c) != Some(name) && c.kind() != "bracketed_argument_list");
            let value = match init {
                Some(e) => self.typed_init(e, self.field(decl, "type")),
                None => Expr::Lit(Lit::Null, self.span(v)),
            };
            self.locals.push(self.text(name).to_string());
            out.push(Stmt::Let {
                target: Pattern::Name(self.text(name).to_string(), self.span(name)),
                value,
                span: self.span(v),
            });
        }
        out
    }

    /// An initialiser under a declared type: a target-typed `new() { ... }`
    /// makes a value of that type (`static readonly Tool T = new() { ... }`).
    fn typed_init(&mut self, e: Node, ty: Option<Node>) -> Expr {
        let e = match e.kind() {
            "equals_value_clause" => match kids(e).into_iter().next() {
                Some(v) => v,
                None => return Expr::Unknown(self.span(e)),
            },
            _ => e,
        };
        let ty = ty.filter(|t| t.kind() != "implicit_type");
        match (e.kind(), ty) {
            ("implicit_object_creation_expression", Some(t)) => {
                let init = kids(e).into_iter().find(|c| c.kind() == "initializer_expression");
                let args = kids(e).into_iter().find(|c| c.kind() == "argument_list");
                self.creation(Some(t), args, init, self.span(e))
            }
            // `[]` makes an empty collection of the declared type: a
            // dictionary is a map, not a list.
            ("collection_expression", Some(t))
                if !kids(e).iter().any(|c| c.is_named()) && is_dictionary_type(self.base_name(t)) =>
            {
                let class = self.type_expr(t);
                Expr::New { class: Box::new(class), args: vec![], span: self.span(e) }
            }
            _ => self.init_expr(e),
        }
    }

    /// `new T(args) { ... }`, and a target-typed `new(args) { ... }` under
    /// a declared type `T`.
    fn creation(&mut self, t: Option<Node>, args: Option<Node>, init: Option<Node>, span: Span) -> Expr {
        let ty = t.map_or(Expr::Unknown(span), |t| self.type_expr(t));
        let args = self.args(args);
        let list_type =
            t.is_some_and(|t| matches!(self.base_name(t), "List" | "HashSet" | "Collection" | "LinkedList"));
        match init {
            Some(init) => self.initializer(init, Some(ty), span),
            // `new List<T>()` is an empty list, `new List<T>(xs)` a copy of `xs`.
            None if list_type => {
                let items = match args.as_slice() {
                    [Arg { keyword: None, value, spread: Spread::No, .. }] => {
                        vec![Element::Spread(value.clone())]
                    }
                    _ => vec![],
                };
                Expr::List { items, span }
            }
            None => Expr::New { class: Box::new(ty), args, span },
        }
    }

    /// A type's name without its type arguments (`Dictionary` of
    /// `Dictionary<string, int>`).
    fn base_name(&self, t: Node) -> &'a str {
        match t.kind() {
            "generic_name" => kids(t).into_iter().next().map_or("", |b| self.text(b)),
            _ => self.text(t),
        }
    }

    /// A declarator's initialiser (`= e`; older grammars wrap it).
    fn init_expr(&mut self, e: Node) -> Expr {
        if e.kind() == "equals_value_clause" {
            return match kids(e).into_iter().next() {
                Some(v) => self.expr(v),
                None => Expr::Unknown(self.span(e)),
            };
        }
        self.expr(e)
    }

    fn expr_stmt(&mut self, e: Node) -> Block {
        let span = self.span(e);
        if e.kind() == "assignment_expression" {
            let (Some(l), Some(r)) = (self.field(e, "left"), self.field(e, "right")) else { return vec![] };
            let operator = self.field(e, "operator").map(|o| self.text(o)).unwrap_or("=");
            let mut value = self.assigned(l, r);
            if operator == "??=" {
                let old = self.expr(l);
                value = Expr::Binary { op: BinaryOp::Coalesce, left: Box::new(old), right: Box::new(value), span };
            } else if operator == "+=" {
                let old = self.expr(l);
                value = Expr::Binary { op: BinaryOp::Add, left: Box::new(old), right: Box::new(value), span };
            } else if operator != "=" {
                value = Expr::Unknown(span);
            }
            return match self.place(l) {
                Some(Place::Name(n, s)) => vec![Stmt::Let { target: Pattern::Name(n, s), value, span }],
                Some(p) => vec![Stmt::Assign { target: p, value, span }],
                None => vec![Stmt::Expr(value)],
            };
        }
        vec![Stmt::Expr(self.expr(e))]
    }

    fn place(&mut self, n: Node) -> Option<Place> {
        let span = self.span(n);
        match n.kind() {
            // A member of the enclosing class that no local shadows is
            // written as `this.X` (a constructor's `_tools = ...`).
            "identifier" => match self.name(n) {
                Expr::Member { object, name, span } => Some(Place::Member { object: *object, name, span }),
                _ => Some(Place::Name(self.text(n).to_string(), span)),
            },
            "member_access_expression" => {
                let object = self.expr(self.field(n, "expression")?);
                let name = self.member_name(self.field(n, "name")?);
                Some(Place::Member { object, name, span })
            }
            "element_access_expression" => {
                let object = self.expr(self.field(n, "expression")?);
                let sub = self.field(n, "subscript")?;
                let index = kids(sub).into_iter().next().map_or(Expr::Unknown(span), |a| self.arg_value(a));
                Some(Place::Index { object, index, span })
            }
            _ => None,
        }
    }

    fn member_name(&self, n: Node) -> String {
        match n.kind() {
            "generic_name" => {
                kids(n).into_iter().find(|c| c.kind() == "identifier").map_or("", |i| self.text(i)).to_string()
            }
            _ => self.text(n).to_string(),
        }
    }

    fn arg_value(&mut self, a: Node) -> Expr {
        let name = self.field(a, "name");
        match kids(a).into_iter().rfind(|c| Some(*c) != name) {
            Some(v) => self.expr(v),
            None => Expr::Unknown(self.span(a)),
        }
    }

    fn args(&mut self, list: Option<Node>) -> Vec<Arg> {
        let Some(list) = list else { return vec![] };
        let mut out = vec![];
        for a in kids(list).into_iter().filter(|c| c.kind() == "argument") {
            let keyword = self.field(a, "name").map(|k| self.text(k).to_string());
            let value = self.arg_value(a);
            out.push(Arg { keyword, value, spread: Spread::No, span: self.span(a) });
        }
        out
    }

    fn expr(&mut self, n: Node) -> Expr {
        if self.depth > MAX_DEPTH {
            return Expr::Unknown(self.span(n));
        }
        self.depth += 1;
        let out = self.expr_inner(n);
        self.depth -= 1;
        out
    }

    fn first(&mut self, n: Node) -> Expr {
        match kids(n).into_iter().next() {
            Some(c) => self.expr(c),
            None => Expr::Unknown(self.span(n)),
        }
    }

    fn expr_inner(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        match n.kind() {
            "identifier" => self.name(n),
            "this_expression" | "this" => Expr::This(span),
            "base_expression" | "base" => Expr::Super(span),
            "boolean_literal" => Expr::Lit(Lit::Bool(self.text(n) == "true"), span),
            "null_literal" => Expr::Lit(Lit::Null, span),
            "integer_literal" | "real_literal" => Expr::Lit(Lit::Num(self.text(n).to_string()), span),
            "string_literal" | "verbatim_string_literal" | "raw_string_literal" | "character_literal" => {
                match string_value(self.text(n)) {
                    Some(s) => Expr::Lit(Lit::Str(s), span),
                    None => Expr::Unknown(span),
                }
            }
            "interpolated_string_expression" => self.interpolated(n),
            "parenthesized_expression" | "checked_expression" => self.first(n),
            "cast_expression" => match self.field(n, "value") {
                Some(v) => self.expr(v),
                None => Expr::Unknown(span),
            },
            "as_expression" => match self.field(n, "left") {
                Some(v) => self.expr(v),
                None => Expr::Unknown(span),
            },
            "await_expression" | "postfix_unary_expression" | "ref_expression" => {
                let v = self.first(n);
                Expr::Unary { op: UnaryOp::Transparent, operand: Box::new(v), span }
            }
            "prefix_unary_expression" => {
                let op = self.text(n).trim_start().chars().next().unwrap_or(' ');
                let v = self.first(n);
                let op = match op {
                    '!' => UnaryOp::Not,
                    '-' => UnaryOp::Neg,
                    '+' => UnaryOp::Transparent,
                    _ => UnaryOp::Opaque,
                };
                Expr::Unary { op, operand: Box::new(v), span }
            }
            "binary_expression" => {
                let (Some(l), Some(r)) = (self.field(n, "left"), self.field(n, "right")) else {
                    return Expr::Unknown(span);
                };
                let op = match self.field(n, "operator").map(|o| self.text(o)).unwrap_or("") {
                    "==" => BinaryOp::Eq,
                    "!=" => BinaryOp::NotEq,
                    "&&" => BinaryOp::And,
                    "||" => BinaryOp::Or,
                    "??" => BinaryOp::Coalesce,
                    "+" => BinaryOp::Add,
                    op => BinaryOp::arithmetic_or_ordering(op),
                };
                // `x ?? throw new E()`: no path goes on with the right side, so
                // the value is `x` not null.
                if op == BinaryOp::Coalesce && r.kind() == "throw_expression" {
                    return Expr::Unary { op: UnaryOp::NonNull, operand: Box::new(self.expr(l)), span };
                }
                let (l, r) = (self.expr(l), self.expr(r));
                Expr::Binary { op, left: Box::new(l), right: Box::new(r), span }
            }
            "conditional_expression" => {
                let (Some(c), Some(a), Some(b)) =
                    (self.field(n, "condition"), self.field(n, "consequence"), self.field(n, "alternative"))
                else {
                    return Expr::Unknown(span);
                };
                let (c, a, b) = (self.expr(c), self.expr(a), self.expr(b));
                Expr::Cond { test: Box::new(c), then: Box::new(a), otherwise: Box::new(b), span }
            }
            "member_access_expression" => {
                let Some(name) = self.field(n, "name") else { return Expr::Unknown(span) };
                let object = match self.field(n, "expression") {
                    Some(o) => self.expr(o),
                    None => return Expr::Unknown(span),
                };
                Expr::Member { object: Box::new(object), name: self.member_name(name), span }
            }
            "conditional_access_expression" => {
                // `x?.y`: the member of `x` (null stays unknown downstream).
                let parts = kids(n);
                let Some(first) = parts.first() else { return Expr::Unknown(span) };
                let mut e = self.expr(*first);
                for p in parts.iter().skip(1) {
                    if p.kind() == "member_binding_expression" {
                        if let Some(nm) = self.field(*p, "name") {
                            e = Expr::Member { object: Box::new(e), name: self.member_name(nm), span };
                            continue;
                        }
                    }
                    return Expr::Unknown(span);
                }
                e
            }
            "element_access_expression" => {
                let (Some(o), Some(sub)) = (self.field(n, "expression"), self.field(n, "subscript")) else {
                    return Expr::Unknown(span);
                };
                let object = self.expr(o);
                let index = kids(sub).into_iter().next().map_or(Expr::Unknown(span), |a| self.arg_value(a));
                Expr::Index { object: Box::new(object), index: Box::new(index), span }
            }
            "invocation_expression" => self.invocation(n, span),
            "typeof_expression" => match self.field(n, "type") {
                Some(t) => self.type_expr(t),
                None => Expr::Unknown(span),
            },
            "object_creation_expression" => {
                self.creation(self.field(n, "type"), self.field(n, "arguments"), self.field(n, "initializer"), span)
            }
            "implicit_object_creation_expression" => {
                match kids(n).into_iter().find(|c| c.kind() == "initializer_expression") {
                    Some(init) => self.initializer(init, None, span),
                    None => Expr::Unknown(span),
                }
            }
            "anonymous_object_creation_expression" => {
                let mut entries = vec![];
                for c in kids(n) {
                    if c.kind() == "identifier" {
                        // `new { x }` names the member after the value.
                        let key = self.text(c).to_string();
                        entries.push(Entry::Pair { key, key_span: self.span(c), value: self.expr(c) });
                    } else if c.kind() == "assignment_expression" || c.kind() == "name_equals" {
                        if let Some(e) = self.assignment_entry(c) {
                            entries.push(e);
                        }
                    }
                }
                Expr::Object { entries, span }
            }
            "array_creation_expression" | "implicit_array_creation_expression" | "stackalloc_expression" => {
                match kids(n).into_iter().find(|c| c.kind() == "initializer_expression") {
                    Some(init) => self.list_of(kids(init), span),
                    None => Expr::List { items: vec![], span },
                }
            }
            "collection_expression" => self.list_of(kids(n), span),
            "initializer_expression" => self.initializer(n, None, span),
            "lambda_expression" | "anonymous_method_expression" => {
                let id = self.function(n, None, span, FuncKind::Plain, false);
                Expr::Func(id, span)
            }
            "generic_name" | "qualified_name" | "predefined_type" => self.type_expr(n),
            "default_expression" => Expr::Lit(Lit::Null, span),
            "tuple_expression" => {
                let items = kids(n).into_iter().map(|a| Element::Item(self.arg_value(a))).collect();
                Expr::List { items, span }
            }
            "assignment_expression" => {
                // An assignment used as a value: its right side.
                match self.field(n, "right") {
                    Some(r) => self.expr(r),
                    None => Expr::Unknown(span),
                }
            }
            _ => Expr::Unknown(span),
        }
    }

    /// A bare name: a local or parameter, else a member of the enclosing
    /// class (`this.X`; `Type.X` for a static in an attribute), else a name.
    fn name(&self, n: Node) -> Expr {
        let span = self.span(n);
        let name = self.text(n);
        if !self.locals.iter().any(|l| l == name) {
            if let Some((class, members)) = &self.class {
                if let Some((_, is_static)) = members.iter().find(|(m, _)| m == name) {
                    // Static fields and methods see the class as `this`,
                    // instances see the statics: only an attribute's
                    // arguments, run outside the class, name it.
                    let object = if *is_static && self.in_attribute {
                        Expr::Name(class.clone(), span)
                    } else {
                        Expr::This(span)
                    };
                    return Expr::Member { object: Box::new(object), name: name.to_string(), span };
                }
                // In an attribute's arguments, a bare name this part of the
                // class does not declare is a constant of another part of a
                // `partial` class, or of a base: the class's static (unless
                // a `using static` may bring it; not the `X` of `X.Y`).
                let object_of_member = n
                    .parent()
                    .is_some_and(|p| p.kind() == "member_access_expression" && self.field(p, "expression") == Some(n));
                if self.in_attribute && !self.using_static && !object_of_member {
                    let object = Expr::Name(class.clone(), span);
                    return Expr::Member { object: Box::new(object), name: name.to_string(), span };
                }
            }
        }
        Expr::Name(name.to_string(), span)
    }

    /// The declared types of a class body's fields and properties.
    fn member_types(&mut self, body: Node) -> Vec<(String, Expr)> {
        let mut out = vec![];
        for m in preproc_flattened(body) {
            match m.kind() {
                "field_declaration" => {
                    for d in kids(m).into_iter().filter(|c| c.kind() == "variable_declaration") {
                        let Some(ty) = self.field(d, "type").and_then(|t| self.result_type(t)) else { continue };
                        for v in kids(d).into_iter().filter(|c| c.kind() == "variable_declarator") {
                            if let Some(nm) = self.field(v, "name") {
                                out.push((self.text(nm).to_string(), ty.clone()));
                            }
                        }
                    }
                }
                "property_declaration" => {
                    if let (Some(nm), Some(ty)) =
                        (self.field(m, "name"), self.field(m, "type").and_then(|t| self.result_type(t)))
                    {
                        out.push((self.text(nm).to_string(), ty));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The names of a class body's fields, properties and methods, and
    /// whether each is static.
    fn member_names(&self, body: Node) -> Vec<(String, bool)> {
        let mut out = vec![];
        for m in preproc_flattened(body) {
            let mods = self.modifiers(m);
            let is_static = mods.iter().any(|m| *m == "static" || *m == "const");
            match m.kind() {
                "field_declaration" | "event_field_declaration" => {
                    for d in kids(m).into_iter().filter(|c| c.kind() == "variable_declaration") {
                        for v in kids(d).into_iter().filter(|c| c.kind() == "variable_declarator") {
                            if let Some(nm) = self.field(v, "name") {
                                out.push((self.text(nm).to_string(), is_static));
                            }
                        }
                    }
                }
                "property_declaration" | "method_declaration" => {
                    if let Some(nm) = self.field(m, "name") {
                        out.push((self.text(nm).to_string(), is_static));
                    }
                }
                _ => {}
            }
        }
        out
    }

    fn list_of(&mut self, items: Vec<Node>, span: Span) -> Expr {
        let mut out = vec![];
        for mut i in items {
            // A collection expression's `[a, ..b]` wraps each element.
            for _ in 0..2 {
                match (i.kind(), kids(i).as_slice()) {
                    ("collection_element" | "expression_element", [inner]) => i = *inner,
                    _ => break,
                }
            }
            if i.kind() == "spread_element" {
                out.push(Element::Spread(self.first(i)));
            } else {
                out.push(Element::Item(self.expr(i)));
            }
        }
        Expr::List { items: out, span }
    }

    /// `{ A = 1, B = x }` (a record's members), `{ 1, 2 }` (a collection's
    /// items) or `{ ["k"] = v }` / `{ { "k", v } }` (a dictionary's).
    fn initializer(&mut self, init: Node, ty: Option<Expr>, span: Span) -> Expr {
        let items = kids(init);
        let assigns = items.iter().all(|c| c.kind() == "assignment_expression");
        if !items.is_empty() && assigns {
            let mut entries = vec![];
            for c in items {
                if let Some(e) = self.assignment_entry(c) {
                    entries.push(e);
                }
            }
            return match ty {
                Some(ty) => Expr::Struct { ty: Box::new(ty), entries, span },
                None => Expr::Object { entries, span },
            };
        }
        if items.iter().all(|c| c.kind() == "initializer_expression") && !items.is_empty() {
            // `{ { "k", v } }`: dictionary entries.
            let mut entries = vec![];
            for pair in items {
                let kv = kids(pair);
                if let [k, v] = kv.as_slice() {
                    let (key, value) = (self.expr(*k), self.expr(*v));
                    match key {
                        Expr::Lit(Lit::Str(s), ks) => entries.push(Entry::Pair { key: s, key_span: ks, value }),
                        key => entries.push(Entry::Computed { key, value }),
                    }
                }
            }
            return match ty {
                Some(ty) => Expr::Struct { ty: Box::new(ty), entries, span },
                None => Expr::Object { entries, span },
            };
        }
        if items.is_empty() {
            if let Some(ty) = ty {
                return Expr::Struct { ty: Box::new(ty), entries: vec![], span };
            }
        }
        self.list_of(items, span)
    }

    fn assignment_entry(&mut self, c: Node) -> Option<Entry> {
        let l = self.field(c, "left")?;
        let r = self.field(c, "right")?;
        let value = self.expr(r);
        match l.kind() {
            "identifier" => Some(Entry::Pair { key: self.text(l).to_string(), key_span: self.span(l), value }),
            "element_binding_expression" | "implicit_element_access" => {
                // `[k]`: the argument, inside a `bracketed_argument_list` in
                // some grammar versions, directly below in others.
                let key = kids(l)
                    .into_iter()
                    .find_map(|k| match k.kind() {
                        "bracketed_argument_list" => kids(k).into_iter().next(),
                        "argument" => Some(k),
                        _ => None,
                    })
                    .map(|a| self.arg_value(a))
                    .unwrap_or(Expr::Unknown(self.span(l)));
                Some(match key {
                    Expr::Lit(Lit::Str(s), ks) => Entry::Pair { key: s, key_span: ks, value },
                    key => Entry::Computed { key, value },
                })
            }
            _ => None,
        }
    }

    fn invocation(&mut self, n: Node, span: Span) -> Expr {
        let Some(f) = self.field(n, "function") else { return Expr::Unknown(span) };
        let arg_list = self.field(n, "arguments");
        // `nameof(a.b)`: the last name, as the compiler writes it.
        if f.kind() == "identifier" && self.text(f) == "nameof" {
            if let Some(a) = arg_list.and_then(|l| kids(l).into_iter().next()) {
                let t = self.text(a);
                let last = t.rsplit('.').next().unwrap_or(t).split('<').next().unwrap_or("").trim();
                return Expr::Lit(Lit::Str(last.to_string()), span);
            }
        }
        let mut args = self.args(arg_list);
        // Generic type arguments: keywords `[0]`, `[1]`.
        let generic = match f.kind() {
            "generic_name" => Some(f),
            "member_access_expression" => self.field(f, "name").filter(|nm| nm.kind() == "generic_name"),
            _ => None,
        };
        if let Some(g) = generic {
            if let Some(list) = kids(g).into_iter().find(|c| c.kind() == "type_argument_list") {
                for (i, t) in kids(list).into_iter().enumerate() {
                    let value = self.type_expr(t);
                    args.push(Arg {
                        keyword: Some(ir::type_argument(i)),
                        value,
                        spread: Spread::No,
                        span: self.span(t),
                    });
                }
            }
        }
        // `Make<T>(x)`: the method `Make`, resolved as a bare name is.
        let bare =
            (f.kind() == "generic_name").then(|| kids(f).into_iter().find(|c| c.kind() == "identifier")).flatten();
        let callee = match bare {
            Some(id) => self.name(id),
            None => self.expr(f),
        };
        Expr::Call { callee: Box::new(callee), args, span }
    }

    fn interpolated(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        let mut parts = vec![];
        for c in kids(n) {
            match c.kind() {
                "string_content" | "string_literal_content" => {
                    parts.push(Expr::Lit(Lit::Str(unescape(self.text(c))), self.span(c)))
                }
                "escape_sequence" => parts.push(Expr::Lit(Lit::Str(unescape(self.text(c))), self.span(c))),
                "interpolation" => {
                    let inner = kids(c).into_iter().find(|k| {
                        !matches!(
                            k.kind(),
                            "interpolation_brace" | "interpolation_alignment_clause" | "interpolation_format_clause"
                        )
                    });
                    let has_format = kids(c).iter().any(|k| {
                        k.kind() == "interpolation_format_clause" || k.kind() == "interpolation_alignment_clause"
                    });
                    match inner {
                        Some(e) if !has_format => parts.push(self.expr(e)),
                        _ => parts.push(Expr::Unknown(self.span(c))),
                    }
                }
                "interpolation_start" | "interpolation_quote" => {}
                _ => {}
            }
        }
        Expr::Concat { parts, span }
    }
}

/// The children of a body with `#if` / `#else` / `#region` blocks opened
/// up: every branch's items, in source order (which branch is compiled is
/// not known here).
fn preproc_flattened(n: Node) -> Vec<Node> {
    let mut out = vec![];
    let mut todo: Vec<Node> = kids(n).into_iter().rev().collect();
    while let Some(c) = todo.pop() {
        if c.kind().starts_with("preproc_") {
            todo.extend(kids(c).into_iter().rev().filter(|k| k.kind() != "parenthesized_expression"));
        } else {
            out.push(c);
        }
    }
    out
}

/// `McpServerToolAttribute` names the attribute class `McpServerTool` is
/// short for.
fn strip_attribute(name: &str) -> String {
    match name.strip_suffix("Attribute") {
        Some(s) if !s.is_empty() => s.to_string(),
        _ => name.to_string(),
    }
}

/// The name of a type as written, without namespace or type arguments
/// (`System.Threading.Tasks.Task<string>` → `Task`).
fn type_base_name(t: &str) -> String {
    let base = t.split('<').next().unwrap_or(t).trim().trim_end_matches('?');
    base.rsplit('.').next().unwrap_or(base).trim().to_string()
}

/// A C# string literal's value: regular (`"a\n"`), verbatim (`@"a""b"`),
/// raw (`"""a"""`); `None` for anything else.
fn string_value(t: &str) -> Option<String> {
    let t = t.trim();
    if let Some(rest) = t.strip_prefix('@').or_else(|| t.strip_prefix("$@").or_else(|| t.strip_prefix("@$"))) {
        if t.starts_with('$') || t.starts_with("@$") {
            return None;
        }
        let inner = rest.strip_prefix('"')?.strip_suffix('"')?;
        return Some(inner.replace("\"\"", "\""));
    }
    if t.starts_with("\"\"\"") {
        let quotes = t.chars().take_while(|c| *c == '"').count();
        let inner = t.get(quotes..t.len().checked_sub(quotes)?)?;
        let inner = inner.trim_matches(|c| c == '\n' || c == '\r');
        return Some(inner.trim().to_string());
    }
    if let Some(inner) = t.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')) {
        return Some(unescape(inner));
    }
    let inner = t.strip_prefix('"')?;
    let inner = inner.strip_suffix("\"u8").or_else(|| inner.strip_suffix('"'))?;
    Some(unescape(inner))
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some(o) => out.push(o),
            None => out.push('\\'),
        }
    }
    out
}

mod primary;
#[cfg(test)]
mod tests;
