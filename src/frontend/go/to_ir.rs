//! Go syntax → the language-neutral IR ([`crate::ir`]). Syntax only:
//! nothing here knows which calls register tools.
//!
//! Go semantics the IR leaves to frontends:
//! - an import binds the alias, else the package name (every candidate
//!   [`super::package_names`] gives: the package clause of the imported
//!   directory is not visible here); imports are the file's own, the rest
//!   of the top level is the package's ([`crate::eval::Linker::package`]);
//! - package-level declarations are order-free: functions, types and
//!   methods come first in the body, then `var`/`const` in source order;
//! - a struct's field members are its JSON fields, named as sent (the
//!   `json` tag's name, else the Go name; unexported and `json:"-"` fields
//!   are left out: only input schemas read them); embedded types are bases;
//! - a method's receiver is `This`; methods declared beside their type are
//!   members of its class, others an `Impl` block for the type's name;
//! - `&x` / `*x` are the value itself (a pointer is its pointee for tool
//!   discovery); `append(xs, a, b...)` is the list `[...xs, a, ...b]`,
//!   `new(T)` the zero value (`false`, `""`, the empty `T{}`), `make(...)`
//!   an empty list or map;
//! - `T{...}` is a typed record ([`Expr::Struct`]), `[]T{...}` a list,
//!   `map[K]V{...}` an object; elided element types (`[]T{{...}}`) are the
//!   enclosing literal's;
//! - several results are a list: `return a, b`, `a, b := f()`;
//! - `for _, v := range xs` binds each element to `v` (the key is unknown).
//!
//! Depth-bounded like the other lowerings.

use tree_sitter::Node;

use super::strings::string;
use crate::frontend::fields::Fields;
use crate::ir::{
    self, Arg, BinaryOp, Block, Case, Class, ClassKind, Element, Entry, Expr, FuncKind, Function, Import, Lit, Member,
    MemberValue, Module, Param, ParamKind, Pattern, Place, Spread, Stmt, UnaryOp,
};
use crate::model::Lang;
use crate::source::{FileId, Span};

const MAX_DEPTH: usize = 200;

/// Lowers one Go file from its parse tree.
pub fn lower<'a>(file: FileId, text: &'a str, root: Node<'a>) -> Module {
    let mut structs = vec![];
    for d in kids(root).into_iter().filter(|d| d.kind() == "type_declaration") {
        for spec in kids(d) {
            let (Some(name), Some(ty)) = (spec.child_by_field_name("name"), spec.child_by_field_name("type")) else {
                continue;
            };
            if ty.kind() == "struct_type" {
                structs.push((text.get(name.byte_range()).unwrap_or("").to_string(), ty));
            }
        }
    }
    let mut cx = Cx {
        structs,
        fields: Fields::of(root),
        text,
        file,
        module: Module::new(file, Lang::Go),
        depth: 0,
        receiver: None,
        ranges: vec![],
    };
    cx.module.body = cx.source_file(root);
    cx.module
}

struct Cx<'a> {
    /// The struct types the file declares at its top level, by name.
    structs: Vec<(String, Node<'a>)>,
    fields: Fields,
    text: &'a str,
    file: FileId,
    module: Module,
    depth: usize,
    /// The receiver name of the method being lowered (read as `This`).
    receiver: Option<String>,
    /// `for i := range xs` loops being lowered: (`xs`, `i`, the element's name).
    ranges: Vec<(String, String, String)>,
}

fn kids(n: Node) -> Vec<Node> {
    let mut cursor = n.walk();
    n.named_children(&mut cursor).filter(|c| c.kind() != "comment").collect()
}

/// The type a method's receiver names (`(s *Server)`, `(s Server[T])`).
fn receiver_type<'t>(cx: &Cx, recv: Node<'t>) -> Option<(Option<String>, String)> {
    let decl = kids(recv).into_iter().find(|c| c.kind() == "parameter_declaration")?;
    let name = cx.field(decl, "name").map(|n| cx.text(n));
    let mut ty = cx.field(decl, "type")?;
    for _ in 0..8 {
        match ty.kind() {
            "pointer_type" => ty = *kids(ty).first()?,
            "generic_type" => ty = cx.field(ty, "type")?,
            "parenthesized_type" => ty = *kids(ty).first()?,
            _ => break,
        }
    }
    (ty.kind() == "type_identifier").then(|| (name, cx.text(ty)))
}

impl Cx<'_> {
    fn field<'t>(&self, n: Node<'t>, name: &'static str) -> Option<Node<'t>> {
        self.fields.get(n, name)
    }
    fn span(&self, n: Node) -> Span {
        Span::new(self.file, n.start_byte(), n.end_byte())
    }
    fn text(&self, n: Node) -> String {
        self.text.get(n.byte_range()).unwrap_or("").to_string()
    }

    /// The Go field names of a struct type in order: an anonymous one, or
    /// one declared at this file's top level.
    fn field_order(&self, ty: Node) -> Vec<String> {
        let st = match ty.kind() {
            "struct_type" => Some(ty),
            "type_identifier" => {
                let name = self.text(ty);
                self.structs.iter().find(|(n, _)| *n == name).map(|(_, st)| *st)
            }
            _ => None,
        };
        let Some(list) = st.and_then(|st| kids(st).into_iter().find(|c| c.kind() == "field_declaration_list")) else {
            return vec![];
        };
        let mut out = vec![];
        for field in kids(list).into_iter().filter(|c| c.kind() == "field_declaration") {
            let mut cursor = field.walk();
            let names: Vec<String> = field.children_by_field_name("name", &mut cursor).map(|n| self.text(n)).collect();
            if names.is_empty() {
                // An embedded type is the field of its own (last) name.
                let ty = self.field(field, "type").map(|t| self.text(t)).unwrap_or_default();
                out.push(ty.trim_start_matches('*').rsplit('.').next().unwrap_or("").to_string());
            }
            out.extend(names);
        }
        out
    }

    /// The element name of the `for i := range xs` loop `xs[i]` indexes.
    fn range_element(&self, list: Node, index: Node) -> Option<String> {
        let (list, index) = (self.text(list), self.text(index));
        self.ranges.iter().rev().find(|(x, i, _)| *x == list && *i == index).map(|(_, _, e)| e.clone())
    }

    // -- top level --------------------------------------------------------

    fn source_file(&mut self, root: Node) -> Block {
        let mut imports = vec![];
        let mut decls = vec![];
        let mut values = vec![];
        // Methods by receiver type name, for the types declared here.
        let mut methods: Vec<(String, Member)> = vec![];
        let mut types: Vec<Node> = vec![];
        for n in kids(root) {
            match n.kind() {
                "import_declaration" => self.imports(n, &mut imports),
                "function_declaration" => {
                    let id = self.function(n, FuncKind::Plain);
                    decls.push(Stmt::Func(id));
                }
                "method_declaration" => {
                    let Some(name) = self.field(n, "name") else { continue };
                    let Some((recv_name, ty)) = self.field(n, "receiver").and_then(|r| receiver_type(self, r)) else {
                        continue;
                    };
                    let saved = std::mem::replace(&mut self.receiver, recv_name);
                    let id = self.function(n, FuncKind::Method);
                    self.receiver = saved;
                    let member = Member {
                        name: self.text(name),
                        name_span: self.span(name),
                        is_static: false,
                        value: MemberValue::Method(id),
                        annotation: None,
                        alias: None,
                    };
                    methods.push((ty, member));
                }
                "type_declaration" => types.push(n),
                "var_declaration" | "const_declaration" => values.extend(self.stmt(n)),
                _ => {}
            }
        }
        for t in types {
            for spec in kids(t) {
                decls.extend(self.type_spec(spec, &mut methods));
            }
        }
        // Methods of a type declared in another file of the package.
        let mut rest: Vec<(String, Vec<Member>)> = vec![];
        for (ty, m) in methods {
            match rest.iter_mut().find(|(t, _)| *t == ty) {
                Some((_, ms)) => ms.push(m),
                None => rest.push((ty, vec![m])),
            }
        }
        for (ty, members) in rest {
            let span = members.first().map_or(Span::new(self.file, 0, 0), |m| m.name_span);
            let id = self.module.add_class(Class {
                name: Some(ty),
                name_span: span,
                kind: ClassKind::Impl,
                bases: vec![],
                members,
                decorators: vec![],
                instances_see_statics: false,
                span,
            });
            decls.push(Stmt::Class(id));
        }
        imports.extend(decls);
        imports.extend(values);
        imports
    }

    fn imports(&mut self, n: Node, out: &mut Block) {
        let mut stack = vec![n];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "import_declaration" | "import_spec_list" => stack.extend(kids(n).into_iter().rev()),
                "import_spec" => {
                    let Some(path) = self.field(n, "path").and_then(|p| string(self.text, p)) else { continue };
                    let span = self.span(n);
                    let locals = match self.field(n, "name") {
                        // Imported for its effects (its `init`s): the package
                        // is loaded, under a name Go code cannot read.
                        Some(a) if a.kind() == "blank_identifier" => vec!["_".to_string()],
                        Some(a) if a.kind() == "dot" => {
                            out.push(Stmt::Import(Import {
                                local: "*".into(),
                                module: path,
                                member: Some("*".into()),
                                span,
                            }));
                            continue;
                        }
                        Some(a) => vec![self.text(a)],
                        None => super::package_names(&path),
                    };
                    for local in locals {
                        out.push(Stmt::Import(Import { local, module: path.clone(), member: None, span }));
                    }
                }
                _ => {}
            }
        }
    }

    /// `type T struct {...}` (a class with the methods declared here), an
    /// interface, or another type bound to what it names.
    fn type_spec(&mut self, spec: Node, methods: &mut Vec<(String, Member)>) -> Option<Stmt> {
        if !matches!(spec.kind(), "type_spec" | "type_alias") {
            return None;
        }
        let name_node = self.field(spec, "name")?;
        let name = self.text(name_node);
        let ty = self.field(spec, "type")?;
        let span = self.span(spec);
        let kind = match ty.kind() {
            "struct_type" => ClassKind::Struct,
            "interface_type" => ClassKind::Interface,
            // A type whose underlying type is a predeclared one (`type
            // ToolName string`): converting to it (`ToolName("echo")`) is
            // the value itself.
            "type_identifier" if is_predeclared(&self.text(ty)) => {
                let param = Param {
                    name: "v".into(),
                    pattern: None,
                    default: None,
                    kind: ParamKind::Positional,
                    annotation: None,
                    span,
                };
                let body = vec![Stmt::Return { value: Some(Expr::Name("v".into(), span)), span }];
                let id = self.module.add_func(Function::closure(self.span(name_node), vec![param], body, span));
                let value = Expr::Func(id, span);
                return Some(Stmt::Let { target: Pattern::Name(name, self.span(name_node)), value, span });
            }
            _ => {
                let value = self.type_expr(ty);
                return Some(Stmt::Let { target: Pattern::Name(name, self.span(name_node)), value, span });
            }
        };
        let mut members = vec![];
        let mut bases = vec![];
        if kind == ClassKind::Struct {
            self.struct_fields(ty, &mut members, &mut bases);
        }
        let mut i = 0;
        while i < methods.len() {
            if methods[i].0 == name {
                members.push(methods.remove(i).1);
            } else {
                i += 1;
            }
        }
        let id = self.module.add_class(Class {
            name: Some(name),
            name_span: self.span(name_node),
            kind,
            bases,
            members,
            decorators: vec![],
            instances_see_statics: false,
            span,
        });
        Some(Stmt::Class(id))
    }

    /// A struct's fields (their types as annotations) and embedded types
    /// (bases: Go promotes their fields and methods).
    fn struct_fields(&mut self, st: Node, members: &mut Vec<Member>, bases: &mut Vec<Expr>) {
        let Some(list) = kids(st).into_iter().find(|c| c.kind() == "field_declaration_list") else { return };
        for field in kids(list).into_iter().filter(|c| c.kind() == "field_declaration") {
            let ty = self.field(field, "type");
            let mut cursor = field.walk();
            let names: Vec<Node> = field.children_by_field_name("name", &mut cursor).collect();
            if names.is_empty() {
                if let Some(ty) = ty {
                    bases.push(self.type_expr(ty));
                }
                continue;
            }
            let tag = self.field(field, "tag").and_then(|t| string(self.text, t));
            let json = tag.as_deref().and_then(super::json_tag_name);
            for n in names {
                // Named as JSON sends it; fields it never sends are left out.
                // JSON never sends an unexported one: kept apart, for its type.
                let go_name = self.text(n);
                let zero = ty.and_then(|t| self.field_zero(t));
                let (name, value) = match &json {
                    _ if !go_name.starts_with(|c: char| c.is_uppercase()) => {
                        (go_name.clone(), MemberValue::Unsent(zero))
                    }
                    Some(j) if j == "-" => continue,
                    Some(j) if !j.is_empty() => (j.clone(), MemberValue::Field(zero)),
                    _ => (go_name.clone(), MemberValue::Field(zero)),
                };
                let alias = (name != go_name).then_some(go_name);
                members.push(Member {
                    name,
                    name_span: self.span(n),
                    is_static: false,
                    value,
                    annotation: ty.map(|t| self.type_expr(t)),
                    alias,
                });
            }
        }
    }

    fn function(&mut self, n: Node, kind: FuncKind) -> crate::ir::FuncId {
        let name = self.field(n, "name");
        let params = self.field(n, "parameters").map(|p| self.params(p)).unwrap_or_default();
        let body = self.field(n, "body").map(|b| self.block(b)).unwrap_or_default();
        let span = self.span(n);
        let results = self.results(n);
        self.module.add_func(Function {
            name: name.map(|n| self.text(n)),
            name_span: name.map_or(span, |n| self.span(n)),
            params,
            body,
            decorators: vec![],
            kind,
            is_static: false,
            // A method's receiver is its own; a function literal sees the
            // enclosing method's.
            lexical_this: kind != FuncKind::Method,
            receiver_first: false,
            results,
            is_async: false,
            type_params: vec![],
            span,
        })
    }

    /// The zero value of a struct field's type, where the type alone says
    /// it: `nil` for a pointer, slice, map, function, channel or interface
    /// (as undefined: a field left out is absent, unlike an explicit `nil`
    /// hint, which is reported); `""`, `false`, `0` for a predeclared type.
    /// A named type may be a struct: none.
    fn field_zero(&self, ty: Node) -> Option<Expr> {
        let span = self.span(ty);
        let lit = match ty.kind() {
            "pointer_type" | "slice_type" | "map_type" | "function_type" | "channel_type" => Lit::Undefined,
            "interface_type" => Lit::Undefined,
            "type_identifier" => match self.text(ty).as_str() {
                "any" | "error" => Lit::Undefined,
                "string" => Lit::Str(String::new()),
                "bool" => Lit::Bool(false),
                t if is_predeclared(t) => Lit::Num("0".into()),
                _ => return None,
            },
            _ => return None,
        };
        Some(Expr::Lit(lit, span))
    }

    /// How many results a function declares: `(T, error)` is two, `(a, b
    /// int)` two, `T` or `(T)` one, none zero.
    fn results(&self, n: Node) -> usize {
        let Some(r) = self.field(n, "result") else { return 0 };
        if r.kind() != "parameter_list" {
            return 1;
        }
        kids(r)
            .into_iter()
            .filter(|d| d.kind() == "parameter_declaration")
            .map(|d| {
                let mut cursor = d.walk();
                d.children_by_field_name("name", &mut cursor).count().max(1)
            })
            .sum()
    }

    fn params(&mut self, list: Node) -> Vec<Param> {
        let mut out = vec![];
        for p in kids(list) {
            let kind = match p.kind() {
                "parameter_declaration" => ParamKind::Positional,
                "variadic_parameter_declaration" => ParamKind::Rest,
                _ => continue,
            };
            let annotation = self.field(p, "type").map(|t| self.type_expr(t));
            let mut cursor = p.walk();
            let names: Vec<Node> = p.children_by_field_name("name", &mut cursor).collect();
            if names.is_empty() {
                // `func(string, int)`: positions without names.
                out.push(Param {
                    name: "_".into(),
                    pattern: None,
                    default: None,
                    kind,
                    annotation: annotation.clone(),
                    span: self.span(p),
                });
            }
            for n in names {
                out.push(Param {
                    name: self.text(n),
                    pattern: None,
                    default: None,
                    kind,
                    annotation: annotation.clone(),
                    span: self.span(n),
                });
            }
        }
        out
    }

    /// A type as a callee-like expression (`mcp.Tool`, `Server`): the
    /// pointer, generic arguments and parentheses dropped.
    fn type_expr(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        match n.kind() {
            "type_identifier" | "identifier" => Expr::Name(self.text(n), span),
            "qualified_type" => match (self.field(n, "package"), self.field(n, "name")) {
                (Some(p), Some(t)) => {
                    Expr::Member { object: Box::new(Expr::Name(self.text(p), self.span(p))), name: self.text(t), span }
                }
                _ => Expr::Unknown(span),
            },
            "pointer_type" | "parenthesized_type" => match kids(n).first() {
                Some(inner) => self.type_expr(*inner),
                None => Expr::Unknown(span),
            },
            "generic_type" => match self.field(n, "type") {
                Some(t) => self.type_expr(t),
                None => Expr::Unknown(span),
            },
            "selector_expression" => self.expr(n),
            _ => Expr::Unknown(span),
        }
    }

    // -- statements -------------------------------------------------------

    fn block(&mut self, n: Node) -> Block {
        let mut out = vec![];
        for c in kids(n) {
            if c.kind() == "statement_list" {
                for s in kids(c) {
                    out.extend(self.stmt(s));
                }
            } else {
                out.extend(self.stmt(c));
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
            "expression_statement" => kids(n).first().map(|e| vec![Stmt::Expr(self.expr(*e))]).unwrap_or_default(),
            "go_statement" | "defer_statement" => {
                kids(n).first().map(|e| vec![Stmt::Expr(self.expr(*e))]).unwrap_or_default()
            }
            "block" | "statement_list" => self.block(n),
            "labeled_statement" => {
                kids(n).into_iter().filter(|c| c.kind() != "label_name").flat_map(|c| self.stmt(c)).collect()
            }
            "short_var_declaration" => {
                let (Some(l), Some(r)) = (self.field(n, "left"), self.field(n, "right")) else {
                    return vec![Stmt::Unsupported(span)];
                };
                let target = self.pattern_list(l);
                let value = self.expr_list(r);
                vec![Stmt::Let { target, value, span }]
            }
            "assignment_statement" => self.assignment(n, span),
            "var_declaration" | "const_declaration" => self.value_decl(n),
            "type_declaration" => {
                let mut none = vec![];
                kids(n).into_iter().filter_map(|s| self.type_spec(s, &mut none)).collect()
            }
            "return_statement" => {
                let value = kids(n).first().map(|l| self.expr_list(*l));
                vec![Stmt::Return { value, span }]
            }
            "if_statement" => self.if_stmt(n, span),
            "expression_switch_statement" => self.switch(n, span),
            "type_switch_statement" => self.type_switch(n, span),
            "select_statement" => {
                let cases = kids(n).into_iter().map(|c| Case { test: None, body: self.case_body(c) }).collect();
                vec![Stmt::Switch { scrutinee: Expr::Unknown(span), cases, span }]
            }
            "for_statement" => self.for_stmt(n, span),
            "break_statement" => vec![Stmt::Break(span)],
            "continue_statement" => vec![Stmt::Continue(span)],
            "empty_statement" | "fallthrough_statement" => vec![],
            // `i++`: `i = i + 1` (a counter a loop tests).
            "inc_statement" | "dec_statement" => {
                let Some(operand) = kids(n).first().copied() else { return vec![] };
                let op = if n.kind() == "inc_statement" { BinaryOp::Add } else { BinaryOp::Sub };
                let one = Expr::Lit(Lit::Num("1".into()), span);
                let value = Expr::Binary { op, left: Box::new(self.expr(operand)), right: Box::new(one), span };
                match self.place(operand) {
                    Some(target) => vec![Stmt::Assign { target, value, span }],
                    None => vec![],
                }
            }
            _ => vec![Stmt::Unsupported(span)],
        }
    }

    fn value_decl(&mut self, n: Node) -> Block {
        let mut out = vec![];
        let mut stack = vec![n];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "var_declaration" | "const_declaration" | "var_spec_list" | "const_spec_list" => {
                    stack.extend(kids(n).into_iter().rev())
                }
                "var_spec" | "const_spec" => {
                    let span = self.span(n);
                    let mut cursor = n.walk();
                    let names: Vec<Node> = n.children_by_field_name("name", &mut cursor).collect();
                    let names: Vec<Node> = names.into_iter().filter(|c| c.kind() == "identifier").collect();
                    let target = self.names_pattern(&names, span);
                    let value = match self.field(n, "value") {
                        Some(v) => self.expr_list(v),
                        None => match self.field(n, "type") {
                            Some(t) => self.zero_value(t, names.len()),
                            None => Expr::Unknown(span),
                        },
                    };
                    out.push(Stmt::Let { target, value, span });
                }
                _ => {}
            }
        }
        out
    }

    /// What `var x T` holds: an empty list or map, an empty record of a
    /// named type, else unknown (numbers, strings, pointers: never hints).
    fn zero_value(&mut self, t: Node, count: usize) -> Expr {
        let span = self.span(t);
        let one = match t.kind() {
            "slice_type" | "array_type" => Expr::List { items: vec![], span },
            "map_type" => Expr::Object { entries: vec![], span },
            "type_identifier" | "qualified_type" | "generic_type" => {
                Expr::Struct { ty: Box::new(self.type_expr(t)), entries: vec![], span }
            }
            "pointer_type" => Expr::Lit(Lit::Null, span),
            _ => Expr::Unknown(span),
        };
        if count <= 1 {
            one
        } else {
            Expr::List { items: (0..count).map(|_| Element::Item(one.clone())).collect(), span }
        }
    }

    fn names_pattern(&self, names: &[Node], span: Span) -> Pattern {
        let one = |n: &Node| {
            let t = self.text(*n);
            if t == "_" {
                Pattern::Ignore
            } else {
                Pattern::Name(t, self.span(*n))
            }
        };
        match names {
            [n] => one(n),
            _ => Pattern::List { items: names.iter().map(|n| Some(one(n))).collect(), rest: None, span },
        }
    }

    /// The left side of `:=` / a range clause: names.
    fn pattern_list(&self, l: Node) -> Pattern {
        let names = kids(l);
        self.names_pattern(&names, self.span(l))
    }

    fn assignment(&mut self, n: Node, span: Span) -> Block {
        let (Some(l), Some(r)) = (self.field(n, "left"), self.field(n, "right")) else {
            return vec![Stmt::Unsupported(span)];
        };
        let op = self.field(n, "operator").map(|o| self.text(o)).unwrap_or_default();
        let lefts = kids(l);
        let rights = kids(r);
        if lefts.len() == 1 {
            let Some(target) = self.place(lefts[0]) else { return vec![Stmt::Unsupported(span)] };
            let value = self.expr_list(r);
            let value = match op.as_str() {
                "=" => value,
                "+=" => Expr::Binary {
                    op: BinaryOp::Add,
                    left: Box::new(self.expr(lefts[0])),
                    right: Box::new(value),
                    span,
                },
                _ => Expr::Unknown(span),
            };
            return vec![Stmt::Assign { target, value, span }];
        }
        // `a, b = x, y` / `a, b = f()`: through a temporary list.
        let tmp = format!("·assign{}", n.start_byte());
        let value = if rights.len() == 1 { self.expr(rights[0]) } else { self.expr_list(r) };
        let mut out = vec![Stmt::Let { target: Pattern::Name(tmp.clone(), span), value, span }];
        for (i, left) in lefts.iter().enumerate() {
            if self.text(*left) == "_" {
                continue;
            }
            let Some(target) = self.place(*left) else { continue };
            let value = Expr::Index {
                object: Box::new(Expr::Name(tmp.clone(), span)),
                index: Box::new(Expr::Lit(Lit::Num(i.to_string()), span)),
                span,
            };
            out.push(Stmt::Assign { target, value, span: self.span(*left) });
        }
        out
    }

    fn place(&mut self, n: Node) -> Option<Place> {
        let span = self.span(n);
        match n.kind() {
            "identifier" if Some(self.text(n)) == self.receiver => None,
            "identifier" => Some(Place::Name(self.text(n), span)),
            "selector_expression" => {
                let object = self.field(n, "operand").map(|o| self.expr(o))?;
                let name = self.field(n, "field").map(|f| self.text(f))?;
                Some(Place::Member { object, name, span })
            }
            "index_expression" => {
                let object = self.field(n, "operand").map(|o| self.expr(o))?;
                let index = self.field(n, "index").map(|i| self.expr(i))?;
                Some(Place::Index { object, index, span })
            }
            "parenthesized_expression" => kids(n).first().and_then(|c| self.place(*c)),
            // `*p = v`: the pointee is the pointer.
            "unary_expression" => self.field(n, "operand").and_then(|o| self.place(o)),
            _ => None,
        }
    }

    fn if_stmt(&mut self, n: Node, span: Span) -> Block {
        let mut out = self.field(n, "initializer").map(|i| self.stmt(i)).unwrap_or_default();
        let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
        let then = self.field(n, "consequence").map(|b| self.block(b)).unwrap_or_default();
        let otherwise = match self.field(n, "alternative") {
            Some(a) if a.kind() == "if_statement" => self.stmt(a),
            Some(a) => self.block(a),
            None => vec![],
        };
        out.push(Stmt::If { cond, then, otherwise, span });
        out
    }

    fn case_body(&mut self, c: Node) -> Block {
        kids(c).into_iter().filter(|k| k.kind() == "statement_list").flat_map(|k| self.block(k)).collect()
    }

    fn switch(&mut self, n: Node, span: Span) -> Block {
        let mut out = self.field(n, "initializer").map(|i| self.stmt(i)).unwrap_or_default();
        // A switch with no tag compares each case with `true`.
        let scrutinee = self.field(n, "value").map_or(Expr::Lit(Lit::Bool(true), span), |v| self.expr(v));
        let mut cases = vec![];
        for c in kids(n) {
            match c.kind() {
                "expression_case" => {
                    let body = self.case_body(c);
                    let values = self.field(c, "value").map(kids).unwrap_or_default();
                    for v in values {
                        cases.push(Case { test: Some(self.expr(v)), body: body.clone() });
                    }
                }
                "default_case" => cases.push(Case { test: None, body: self.case_body(c) }),
                _ => {}
            }
        }
        out.push(Stmt::Switch { scrutinee, cases, span });
        out
    }

    fn type_switch(&mut self, n: Node, span: Span) -> Block {
        let mut out = self.field(n, "initializer").map(|i| self.stmt(i)).unwrap_or_default();
        let value = self.field(n, "value").map_or(Expr::Unknown(span), |v| self.expr(v));
        match self.field(n, "alias") {
            Some(alias) => out.push(Stmt::Let { target: self.pattern_list(alias), value, span }),
            None => out.push(Stmt::Expr(value)),
        }
        let cases = kids(n)
            .into_iter()
            .filter(|c| matches!(c.kind(), "type_case" | "default_case"))
            .map(|c| Case { test: None, body: self.case_body(c) })
            .collect();
        out.push(Stmt::Switch { scrutinee: Expr::Unknown(span), cases, span });
        out
    }

    fn for_stmt(&mut self, n: Node, span: Span) -> Block {
        let mut body = self.field(n, "body").map(|b| self.block(b)).unwrap_or_default();
        let head = kids(n).into_iter().find(|c| c.kind() != "block");
        match head {
            Some(h) if h.kind() == "range_clause" => {
                let iter = self.field(h, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                let pattern = match self.field(h, "left").map(kids) {
                    // `for i := range xs`: indexes (or a map's keys), never
                    // followed; `xs[i]` in the body is the element.
                    Some(names) if names.len() == 1 => {
                        let (name, at) = (self.text(names[0]), self.span(names[0]));
                        let list = self.field(h, "right").filter(|r| r.kind() == "identifier").map(|r| self.text(r));
                        let elem = format!("·elem{}", h.start_byte());
                        if let Some(list) = &list {
                            self.ranges.push((list.clone(), name.clone(), elem.clone()));
                            body = self.field(n, "body").map(|b| self.block(b)).unwrap_or_default();
                            self.ranges.pop();
                        }
                        body.insert(
                            0,
                            Stmt::Let { target: Pattern::Name(name, at), value: Expr::Unknown(at), span: at },
                        );
                        if list.is_some() {
                            Pattern::Name(elem, at)
                        } else {
                            Pattern::Ignore
                        }
                    }
                    Some(names) if names.len() == 2 => {
                        let (key, at) = (self.text(names[0]), self.span(names[0]));
                        if key != "_" {
                            body.insert(
                                0,
                                Stmt::Let { target: Pattern::Name(key, at), value: Expr::Unknown(at), span: at },
                            );
                        }
                        self.names_pattern(&names[1..], span)
                    }
                    _ => Pattern::Ignore,
                };
                vec![Stmt::ForEach { pattern, iter, body, span }]
            }
            Some(h) if h.kind() == "for_clause" => {
                let mut out = self.field(h, "initializer").map(|i| self.stmt(i)).unwrap_or_default();
                let cond = self.field(h, "condition").map_or(Expr::Lit(Lit::Bool(true), span), |c| self.expr(c));
                if let Some(u) = self.field(h, "update") {
                    body.extend(self.stmt(u));
                }
                out.push(Stmt::While { cond, body, span });
                out
            }
            Some(cond) => {
                let cond = self.expr(cond);
                vec![Stmt::While { cond, body, span }]
            }
            None => vec![Stmt::While { cond: Expr::Lit(Lit::Bool(true), span), body, span }],
        }
    }

    // -- expressions ------------------------------------------------------

    /// An expression list: one expression, or the list of several results.
    fn expr_list(&mut self, n: Node) -> Expr {
        if n.kind() != "expression_list" {
            return self.expr(n);
        }
        let items = kids(n);
        match items.as_slice() {
            [one] => self.expr(*one),
            _ => Expr::List {
                items: items.into_iter().map(|e| Element::Item(self.expr(e))).collect(),
                span: self.span(n),
            },
        }
    }

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
            "identifier" | "type_identifier" | "field_identifier" | "package_identifier" => {
                let t = self.text(n);
                if self.receiver.as_deref() == Some(t.as_str()) {
                    Expr::This(span)
                } else {
                    Expr::Name(t, span)
                }
            }
            "true" => Expr::Lit(Lit::Bool(true), span),
            "false" => Expr::Lit(Lit::Bool(false), span),
            "nil" => Expr::Lit(Lit::Null, span),
            "interpreted_string_literal" | "raw_string_literal" => match string(self.text, n) {
                Some(s) => Expr::Lit(Lit::Str(s), span),
                None => Expr::Unknown(span),
            },
            "int_literal" | "float_literal" | "imaginary_literal" | "rune_literal" => {
                Expr::Lit(Lit::Num(self.text(n)), span)
            }
            "parenthesized_expression" => kids(n).first().map_or(Expr::Unknown(span), |c| self.expr(*c)),
            "selector_expression" => match (self.field(n, "operand"), self.field(n, "field")) {
                (Some(o), Some(f)) => Expr::Member { object: Box::new(self.expr(o)), name: self.text(f), span },
                _ => Expr::Unknown(span),
            },
            "qualified_type" | "pointer_type" | "generic_type" => self.type_expr(n),
            "index_expression" => match (self.field(n, "operand"), self.field(n, "index")) {
                // `xs[i]` in `for i := range xs`: the element.
                (Some(o), Some(i)) if self.range_element(o, i).is_some() => {
                    Expr::Name(self.range_element(o, i).unwrap_or_default(), span)
                }
                (Some(o), Some(i)) => {
                    Expr::Index { object: Box::new(self.expr(o)), index: Box::new(self.expr(i)), span }
                }
                _ => Expr::Unknown(span),
            },
            "call_expression" => self.call(n, span),
            "composite_literal" => {
                let ty = self.field(n, "type");
                match self.field(n, "body") {
                    Some(body) => self.literal(ty, body),
                    None => Expr::Unknown(span),
                }
            }
            "func_literal" => {
                let id = self.function(n, FuncKind::Plain);
                Expr::Func(id, span)
            }
            "unary_expression" => {
                let mut operand = self.field(n, "operand").map_or(Expr::Unknown(span), |o| self.expr(o));
                // `&T{...}` is where the record is written.
                if let (Some("&"), Expr::Struct { span: at, .. }) =
                    (self.field(n, "operator").map(|o| self.text(o)).as_deref(), &mut operand)
                {
                    *at = span;
                }
                let op = match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("!") => UnaryOp::Not,
                    Some("-") => UnaryOp::Neg,
                    Some("&" | "*" | "+") => UnaryOp::Transparent,
                    _ => UnaryOp::Opaque,
                };
                Expr::Unary { op, operand: Box::new(operand), span }
            }
            "binary_expression" => {
                let left = self.field(n, "left").map_or(Expr::Unknown(span), |l| self.expr(l));
                let right = self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                let op = match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("==") => BinaryOp::Eq,
                    Some("!=") => BinaryOp::NotEq,
                    Some("&&") => BinaryOp::And,
                    Some("||") => BinaryOp::Or,
                    Some("+") => BinaryOp::Add,
                    Some(op) => BinaryOp::arithmetic_or_ordering(op),
                    None => BinaryOp::Other,
                };
                Expr::Binary { op, left: Box::new(left), right: Box::new(right), span }
            }
            // `x.(T)`, `T(x)`: the value itself.
            "type_assertion_expression" | "type_conversion_expression" => {
                let operand = self.field(n, "operand").map_or(Expr::Unknown(span), |o| self.expr(o));
                Expr::Unary { op: UnaryOp::Transparent, operand: Box::new(operand), span }
            }
            _ => Expr::Unknown(span),
        }
    }

    fn call(&mut self, n: Node, span: Span) -> Expr {
        let Some(function) = self.field(n, "function") else { return Expr::Unknown(span) };
        let arg_nodes = self.field(n, "arguments").map(kids).unwrap_or_default();
        // Builtins whose meaning is the language's.
        if function.kind() == "identifier" {
            match self.text(function).as_str() {
                "append" => {
                    let mut items = vec![];
                    for (i, a) in arg_nodes.iter().enumerate() {
                        match a.kind() {
                            "variadic_argument" => {
                                items.extend(kids(*a).first().map(|e| Element::Spread(self.expr(*e))))
                            }
                            _ if i == 0 => items.push(Element::Spread(self.expr(*a))),
                            _ => items.push(Element::Item(self.expr(*a))),
                        }
                    }
                    return Expr::List { items, span };
                }
                "new" => {
                    if let Some(t) = arg_nodes.first() {
                        return match self.text(*t).as_str() {
                            "bool" => Expr::Lit(Lit::Bool(false), span),
                            "string" => Expr::Lit(Lit::Str(String::new()), span),
                            _ => Expr::Struct { ty: Box::new(self.type_expr(*t)), entries: vec![], span },
                        };
                    }
                }
                // A conversion to a predeclared type (`string(name)`): the value.
                t if is_predeclared(t) && arg_nodes.len() == 1 && !arg_nodes[0].kind().ends_with("_type") => {
                    let operand = self.expr(arg_nodes[0]);
                    return Expr::Unary { op: UnaryOp::Transparent, operand: Box::new(operand), span };
                }
                "make" => {
                    return match arg_nodes.first().map(|t| t.kind()) {
                        Some("map_type") => Expr::Object { entries: vec![], span },
                        Some("slice_type") => Expr::List { items: vec![], span },
                        _ => Expr::Unknown(span),
                    };
                }
                _ => {}
            }
        }
        let callee = self.expr(function);
        let mut args = vec![];
        for a in arg_nodes {
            let (value, spread) = match a.kind() {
                "variadic_argument" => {
                    (kids(a).first().map_or(Expr::Unknown(self.span(a)), |e| self.expr(*e)), Spread::List)
                }
                _ if a.kind().ends_with("_type") => (self.type_expr(a), Spread::No),
                _ => (self.expr(a), Spread::No),
            };
            args.push(Arg { keyword: None, value, spread, span: self.span(a) });
        }
        // `f[T, U](...)`: the type arguments as keywords `[0]`, `[1]`, which
        // no Go parameter is named, so only an SDK table reads them
        // (`mcp.WithInputSchema[Args]()`). One type argument parses as an
        // index (`fs[i](x)` reads the same): its index is passed too, and
        // means something only where the callee is generic.
        let mut targs: Vec<Expr> = vec![];
        if let Some(list) = self.field(n, "type_arguments") {
            for t in kids(list) {
                let t = if t.kind() == "type_elem" { kids(t).first().copied().unwrap_or(t) } else { t };
                targs.push(self.type_expr(t));
            }
        } else if function.kind() == "index_expression" {
            if let Some(i) = self.field(function, "index") {
                targs.push(if i.kind().ends_with("_type") { self.type_expr(i) } else { self.expr(i) });
            }
        }
        for (i, value) in targs.into_iter().enumerate() {
            let span = value.span();
            args.push(Arg { keyword: Some(ir::type_argument(i)), value, spread: Spread::No, span });
        }
        Expr::Call { callee: Box::new(callee), args, span }
    }

    /// A composite literal's value; `ty` is `None` for an elided element
    /// type, which the caller then knows (`elem`).
    fn literal(&mut self, ty: Option<Node>, body: Node) -> Expr {
        self.literal_of(ty, body, None)
    }

    fn literal_of(&mut self, ty: Option<Node>, body: Node, elided: Option<Node>) -> Expr {
        let span = match ty {
            Some(t) => Span::new(self.file, t.start_byte(), body.end_byte()),
            None => self.span(body),
        };
        let ty = ty.or(elided);
        let mut ty_node = ty;
        // `&T{}` elided inside `[]*T{{...}}`.
        while let Some(t) = ty_node.filter(|t| t.kind() == "pointer_type") {
            ty_node = kids(t).first().copied();
        }
        let elements = kids(body);
        match ty_node.map(|t| t.kind()) {
            Some("slice_type" | "array_type" | "implicit_length_array_type") => {
                let elem = ty_node.and_then(|t| self.field(t, "element"));
                let items = elements
                    .into_iter()
                    .filter(|e| e.kind() == "literal_element")
                    .map(|e| Element::Item(self.element(e, elem)))
                    .collect();
                Expr::List { items, span }
            }
            Some("map_type") => {
                let value_ty = ty_node.and_then(|t| self.field(t, "value"));
                let key_ty = ty_node.and_then(|t| self.field(t, "key"));
                let mut entries = vec![];
                for e in elements.into_iter().filter(|e| e.kind() == "keyed_element") {
                    let (Some(k), Some(v)) = (self.field(e, "key"), self.field(e, "value")) else { continue };
                    let key = self.element(k, key_ty);
                    let value = self.element(v, value_ty);
                    match key {
                        Expr::Lit(Lit::Str(s), key_span) => entries.push(Entry::Pair { key: s, key_span, value }),
                        key => entries.push(Entry::Computed { key, value }),
                    }
                }
                Expr::Object { entries, span }
            }
            _ => {
                let mut entries = vec![];
                // Unkeyed elements are the fields in order (of an anonymous
                // struct type, or one this file declares); the element types
                // of fields are not followed: an elided one is unknown.
                let order = ty_node.map(|t| self.field_order(t)).unwrap_or_default();
                let mut position = 0;
                for e in elements {
                    match e.kind() {
                        "keyed_element" => {
                            let (Some(k), Some(v)) = (self.field(e, "key"), self.field(e, "value")) else { continue };
                            let Some(key_node) = kids(k).first().copied() else { continue };
                            let key = self.text(key_node);
                            let value = self.element(v, None);
                            entries.push(Entry::Pair { key, key_span: self.span(key_node), value });
                        }
                        "literal_element" => {
                            if let Some(key) = order.get(position) {
                                let value = self.element(e, None);
                                entries.push(Entry::Pair { key: key.clone(), key_span: self.span(e), value });
                            }
                            position += 1;
                        }
                        _ => {}
                    }
                }
                let ty = match ty_node {
                    Some(t) => self.type_expr(t),
                    None => Expr::Unknown(span),
                };
                Expr::Struct { ty: Box::new(ty), entries, span }
            }
        }
    }

    /// A literal element: an expression or a literal whose type is elided.
    fn element(&mut self, e: Node, elided: Option<Node>) -> Expr {
        let Some(inner) = kids(e).first().copied() else { return Expr::Unknown(self.span(e)) };
        if inner.kind() == "literal_value" {
            if self.depth > MAX_DEPTH {
                return Expr::Unknown(self.span(inner));
            }
            self.depth += 1;
            let v = self.literal_of(None, inner, elided);
            self.depth -= 1;
            return v;
        }
        self.expr(inner)
    }
}

#[cfg(test)]
#[path = "to_ir/tests.rs"]
mod tests;

/// Go's predeclared types a value converts to (`string(x)`, `int64(n)`).
fn is_predeclared(name: &str) -> bool {
    const TYPES: [&str; 21] = [
        "bool",
        "string",
        "int",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "uintptr",
        "byte",
        "rune",
        "float32",
        "float64",
        "complex64",
        "complex128",
        "any",
        "error",
    ];
    TYPES.contains(&name)
}
