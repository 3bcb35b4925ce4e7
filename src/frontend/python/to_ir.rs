//! Python syntax → the language-neutral IR ([`crate::ir`]), statements and
//! all. Syntax only: nothing here knows which calls register tools.
//!
//! Python's own semantics that the IR leaves to frontends:
//! - a method's first parameter (`self`/`cls`) is bound to `this` on entry;
//!   `@staticmethod` has none, `@property` makes a getter;
//! - class attributes are static fields that instances also see;
//! - a comprehension is a closure that builds a list with a loop;
//! - `dict(k=v, **x)` is an object literal.
//!
//! Lowering is depth-bounded: past [`MAX_DEPTH`] nested nodes an expression
//! is `Unknown` and a statement `Unsupported`, so no input overflows the stack.

use tree_sitter::Node;

use crate::ir::{
    Arg, BinaryOp, Block, Case, Class, ClassKind, Element, Entry, Expr, FuncKind, Function, Import, Lit, Member,
    MemberValue, Module, Param, ParamKind, Pattern, Place, Spread, Stmt, UnaryOp,
};
use crate::model::Lang;
use crate::source::{FileId, Span};

const MAX_DEPTH: usize = 200;

/// Lowers one Python file from its parse tree (the facts' own).
pub fn lower(file: FileId, text: &str, root: Node) -> Module {
    let mut cx = Cx {
        text,
        file,
        module: Module::new(file, Lang::Python),
        depth: 0,
        outer_names: vec![],
        generator: false,
        fields: crate::frontend::fields::Fields::of(root),
    };
    let body = cx.block(root);
    cx.module.body = body;
    cx.module
}

struct Cx<'a> {
    fields: crate::frontend::fields::Fields,
    text: &'a str,
    file: FileId,
    module: Module,
    depth: usize,
    /// The names the function being lowered declares `global` or
    /// `nonlocal`: assigning one writes the outer binding.
    outer_names: Vec<String>,
    /// Lowering the body of a generator (a `def` with `yield`).
    generator: bool,
}

/// The same expression, spanning `span` (a decorator from its `@`).
fn respan(e: Expr, span: Span) -> Expr {
    match e {
        Expr::Call { callee, args, .. } => Expr::Call { callee, args, span },
        Expr::Member { object, name, .. } => Expr::Member { object, name, span },
        Expr::Name(n, _) => Expr::Name(n, span),
        other => other,
    }
}

/// Whether a function body yields (its own `yield`, not a nested
/// function's, lambda's or class's): a generator.
fn has_yield(body: Node) -> bool {
    let mut todo = vec![body];
    while let Some(n) = todo.pop() {
        for c in kids(n) {
            match c.kind() {
                "yield" => return true,
                "function_definition" | "class_definition" | "decorated_definition" | "lambda" => {}
                _ => todo.push(c),
            }
        }
    }
    false
}

/// Named children but comments (always extras; asking `is_extra` first spares
/// reading the kind name of every other node).
fn kids(n: Node) -> Vec<Node> {
    let mut cursor = n.walk();
    n.named_children(&mut cursor).filter(|c| !c.is_extra() || c.kind() != "comment").collect()
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

    fn block(&mut self, n: Node) -> Block {
        let mut out = vec![];
        for c in kids(n) {
            self.stmt(c, &mut out);
        }
        out
    }

    fn field_block(&mut self, n: Node, field: &'static str) -> Block {
        self.field(n, field).map(|b| self.block(b)).unwrap_or_default()
    }

    fn stmt(&mut self, n: Node, out: &mut Block) {
        let span = self.span(n);
        if self.depth > MAX_DEPTH {
            out.push(Stmt::Unsupported(span));
            return;
        }
        self.depth += 1;
        self.stmt_inner(n, span, out);
        self.depth -= 1;
    }

    fn stmt_inner(&mut self, n: Node, span: Span, out: &mut Block) {
        match n.kind() {
            "expression_statement" => {
                for c in kids(n) {
                    match c.kind() {
                        "assignment" => self.assignment(c, out),
                        "augmented_assignment" => self.augmented(c, out),
                        _ => {
                            let e = self.expr(c);
                            out.push(Stmt::Expr(e));
                        }
                    }
                }
            }
            "return_statement" if self.generator => out.push(crate::frontend::generators::return_stmt(span)),
            "return_statement" => {
                let value = kids(n).first().map(|v| self.expr(*v));
                out.push(Stmt::Return { value, span });
            }
            "if_statement" => out.push(self.if_chain(n)),
            "for_statement" => {
                let pattern = self.field(n, "left").map_or(Pattern::Ignore, |l| self.pattern(l));
                let iter = self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                let body = self.field_block(n, "body");
                out.push(Stmt::ForEach { pattern, iter, body, span });
            }
            "while_statement" => {
                let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let body = self.field_block(n, "body");
                out.push(Stmt::While { cond, body, span });
            }
            "try_statement" => {
                let body = self.field_block(n, "body");
                let mut handlers = vec![];
                let mut finally = vec![];
                for c in kids(n) {
                    match c.kind() {
                        "except_clause" | "except_group_clause" => {
                            let b = kids(c).into_iter().find(|k| k.kind() == "block");
                            handlers.push(b.map(|b| self.block(b)).unwrap_or_default());
                        }
                        // `else:` runs after the body: part of it here.
                        "else_clause" => handlers.push(self.field_block(c, "body")),
                        "finally_clause" => {
                            if let Some(b) = kids(c).into_iter().find(|k| k.kind() == "block") {
                                finally = self.block(b);
                            }
                        }
                        _ => {}
                    }
                }
                out.push(Stmt::Try { body, handlers, finally, span });
            }
            "with_statement" => {
                // `with x as y:` — y is what `x.__enter__()` gives (a file
                // for an open file, what a project class's method returns).
                for c in kids(n) {
                    if c.kind() == "with_clause" {
                        for item in kids(c) {
                            let Some(value) = self.field(item, "value") else { continue };
                            let Some(alias) = self.field(value, "alias") else { continue };
                            // Spanned as the whole item: the call to `__enter__`
                            // is not the expression's own call.
                            let at = self.span(item);
                            let entered = value.named_child(0).filter(|v| v.kind() != "as_pattern_target").map_or(
                                Expr::Unknown(at),
                                |v| {
                                    let object = Box::new(self.expr(v));
                                    let enter = Expr::Member { object, name: "__enter__".into(), span: at };
                                    Expr::Call { callee: Box::new(enter), args: vec![], span: at }
                                },
                            );
                            let target = self.pattern(alias);
                            out.push(Stmt::Let { target, value: entered, span });
                        }
                    }
                }
                let body = self.field_block(n, "body");
                out.extend(body);
            }
            "match_statement" => {
                let scrutinee = self.field(n, "subject").map_or(Expr::Unknown(span), |s| self.expr(s));
                let mut cases = vec![];
                if let Some(body) = self.field(n, "body") {
                    for c in kids(body) {
                        if c.kind() == "case_clause" {
                            let body = kids(c).into_iter().find(|k| k.kind() == "block");
                            let body = body.map(|b| self.block(b)).unwrap_or_default();
                            cases.push(Case { test: None, body });
                        }
                    }
                }
                out.push(Stmt::Switch { scrutinee, cases, span });
            }
            "function_definition" => {
                let id = self.function(n, vec![]);
                out.push(Stmt::Func(id));
            }
            // `type Req = Model | None` (3.12): the alias names the type.
            "type_alias_statement" => {
                let (Some(left), Some(right)) = (self.field(n, "left"), self.field(n, "right")) else {
                    return;
                };
                let mut name = left;
                while name.kind() != "identifier" {
                    match kids(name).first() {
                        Some(k) => name = *k,
                        None => return,
                    }
                }
                let value = self.type_expr(right);
                out.push(Stmt::Let { target: Pattern::Name(self.text(name), self.span(name)), value, span });
            }
            "class_definition" => {
                let id = self.class(n, vec![]);
                out.push(Stmt::Class(id));
            }
            "decorated_definition" => {
                let decorators: Vec<Node> = kids(n).into_iter().filter(|c| c.kind() == "decorator").collect();
                match self.field(n, "definition") {
                    Some(d) if d.kind() == "function_definition" => {
                        let id = self.function(d, decorators);
                        out.push(Stmt::Func(id));
                    }
                    Some(d) if d.kind() == "class_definition" => {
                        let id = self.class(d, decorators);
                        out.push(Stmt::Class(id));
                    }
                    _ => out.push(Stmt::Unsupported(span)),
                }
            }
            "import_statement" => {
                for c in kids(n) {
                    match c.kind() {
                        "dotted_name" => {
                            // `import a.b` runs `a.b` (for what it registers
                            // when imported) and binds `a`, the top package.
                            // The module itself is bound under a name no
                            // program can spell.
                            let full = self.text(c);
                            let top = full.split('.').next().unwrap_or("").to_string();
                            if full != top {
                                out.push(Stmt::Import(Import::for_effects(full, span)));
                            }
                            out.push(Stmt::Import(Import { local: top.clone(), module: top, member: None, span }));
                        }
                        "aliased_import" => {
                            let module = self.field(c, "name").map(|m| self.text(m)).unwrap_or_default();
                            let local = self.field(c, "alias").map(|a| self.text(a)).unwrap_or_default();
                            out.push(Stmt::Import(Import { local, module, member: None, span }));
                        }
                        _ => {}
                    }
                }
            }
            "import_from_statement" => {
                let module = self.field(n, "module_name").map(|m| self.text(m)).unwrap_or_default();
                let mut cursor = n.walk();
                let names: Vec<Node> = n.children_by_field_name("name", &mut cursor).collect();
                for c in names {
                    let (member, local) = match c.kind() {
                        "aliased_import" => (
                            self.field(c, "name").map(|m| self.text(m)).unwrap_or_default(),
                            self.field(c, "alias").map(|a| self.text(a)).unwrap_or_default(),
                        ),
                        _ => (self.text(c), self.text(c)),
                    };
                    out.push(Stmt::Import(Import { local, module: module.clone(), member: Some(member), span }));
                }
                if kids(n).iter().any(|c| c.kind() == "wildcard_import") {
                    out.push(Stmt::Import(Import { local: "*".into(), module, member: Some("*".into()), span }));
                }
            }
            "break_statement" => out.push(Stmt::Break(span)),
            "raise_statement" => out.push(Stmt::Throw(span)),
            "continue_statement" => out.push(Stmt::Continue(span)),
            "pass_statement" | "global_statement" | "nonlocal_statement" | "comment" => {}
            "block" => {
                let b = self.block(n);
                out.extend(b);
            }
            _ => out.push(Stmt::Unsupported(span)),
        }
    }

    fn if_chain(&mut self, n: Node) -> Stmt {
        let span = self.span(n);
        let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
        let then = self.field_block(n, "consequence");
        // `elif` clauses nest into the else arm, right to left.
        let mut cursor = n.walk();
        let alternatives: Vec<Node> = n.children_by_field_name("alternative", &mut cursor).collect();
        let mut otherwise: Block = vec![];
        for alt in alternatives.into_iter().rev() {
            match alt.kind() {
                "else_clause" => otherwise = self.field_block(alt, "body"),
                "elif_clause" => {
                    let aspan = self.span(alt);
                    let c = self.field(alt, "condition").map_or(Expr::Unknown(aspan), |c| self.expr(c));
                    let t = self.field_block(alt, "consequence");
                    otherwise = vec![Stmt::If { cond: c, then: t, otherwise, span: aspan }];
                }
                _ => {}
            }
        }
        Stmt::If { cond, then, otherwise, span }
    }

    fn assignment(&mut self, n: Node, out: &mut Block) {
        let span = self.span(n);
        let Some(left) = self.field(n, "left") else { return };
        // `x: T` alone declares nothing we can follow.
        let Some(right) = self.field(n, "right") else { return };
        let value = match right.kind() {
            // `a = b = v`: the inner assignment first, then `a` gets `b`.
            "assignment" => {
                self.assignment(right, out);
                match self.field(right, "left") {
                    Some(l) => self.expr(l),
                    None => Expr::Unknown(span),
                }
            }
            _ => self.expr(right),
        };
        out.push(self.bind(left, value, span));
    }

    fn augmented(&mut self, n: Node, out: &mut Block) {
        let span = self.span(n);
        let (Some(left), Some(right)) = (self.field(n, "left"), self.field(n, "right")) else {
            return;
        };
        let op = match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
            Some("+=") => BinaryOp::Add,
            Some("-=") => BinaryOp::Sub,
            Some("*=") => BinaryOp::Mul,
            Some("|=") => BinaryOp::Merge,
            _ => BinaryOp::Other,
        };
        let value = Expr::Binary { op, left: Box::new(self.expr(left)), right: Box::new(self.expr(right)), span };
        out.push(self.bind(left, value, span));
    }

    /// The names a function body declares `global` / `nonlocal`, in any of
    /// its blocks but not in the functions it defines.
    fn declared_outer(&self, body: Node) -> Vec<String> {
        let mut out = vec![];
        let mut todo = vec![body];
        while let Some(n) = todo.pop() {
            for c in kids(n) {
                match c.kind() {
                    "global_statement" | "nonlocal_statement" => {
                        out.extend(kids(c).into_iter().filter(|i| i.kind() == "identifier").map(|i| self.text(i)))
                    }
                    "function_definition" | "class_definition" | "decorated_definition" | "lambda" => {}
                    _ => todo.push(c),
                }
            }
        }
        out
    }

    fn bind(&mut self, target: Node, value: Expr, span: Span) -> Stmt {
        match target.kind() {
            "identifier" if self.outer_names.iter().any(|o| *o == self.text(target)) => {
                Stmt::Assign { target: Place::Name(self.text(target), self.span(target)), value, span }
            }
            "attribute" => {
                let object = self.field(target, "object").map_or(Expr::Unknown(span), |o| self.expr(o));
                let name = self.field(target, "attribute").map(|a| self.text(a)).unwrap_or_default();
                Stmt::Assign { target: Place::Member { object, name, span: self.span(target) }, value, span }
            }
            "subscript" => {
                let object = self.field(target, "value").map_or(Expr::Unknown(span), |o| self.expr(o));
                let index = self.field(target, "subscript").map_or(Expr::Unknown(span), |i| self.expr(i));
                Stmt::Assign { target: Place::Index { object, index, span: self.span(target) }, value, span }
            }
            _ => Stmt::Let { target: self.pattern(target), value, span },
        }
    }

    fn pattern(&mut self, n: Node) -> Pattern {
        let span = self.span(n);
        match n.kind() {
            "identifier" => Pattern::Name(self.text(n), span),
            "pattern_list" | "tuple_pattern" | "list_pattern" | "tuple" | "list" | "expression_list" => {
                let mut items = vec![];
                let mut rest = None;
                for c in kids(n) {
                    if c.kind() == "list_splat_pattern" {
                        rest = kids(c).first().map(|r| self.text(*r));
                    } else {
                        items.push(Some(self.pattern(c)));
                    }
                }
                Pattern::List { items, rest, span }
            }
            // `with x as y`'s `y`, the target it wraps.
            "parenthesized_expression" | "as_pattern_target" => match kids(n).first() {
                Some(inner) => self.pattern(*inner),
                None => Pattern::Ignore,
            },
            _ => Pattern::Ignore,
        }
    }

    fn function(&mut self, n: Node, decorators: Vec<Node>) -> crate::ir::FuncId {
        let span = self.span(n);
        let name_node = self.field(n, "name");
        let name = name_node.map(|m| self.text(m));
        let name_span = name_node.map_or(span, |m| self.span(m));
        let mut kind = FuncKind::Plain;
        let mut decos = vec![];
        for d in decorators {
            let Some(e) = kids(d).into_iter().next() else { continue };
            match self.text(e).as_str() {
                "property" | "functools.cached_property" | "cached_property" => kind = FuncKind::Getter,
                "staticmethod" | "classmethod" => {}
                // Spanned from the `@`, where the registration is reported.
                _ => decos.push(respan(self.expr(e), self.span(d))),
            }
        }
        let params = self.field(n, "parameters").map(|p| self.params(p)).unwrap_or_default();
        let outer = self.field(n, "body").map(|b| self.declared_outer(b)).unwrap_or_default();
        let generator = self.field(n, "body").is_some_and(has_yield);
        let saved = std::mem::replace(&mut self.outer_names, outer);
        let saved_generator = std::mem::replace(&mut self.generator, generator);
        let mut body = self.field_block(n, "body");
        self.outer_names = saved;
        self.generator = saved_generator;
        if generator {
            body = crate::frontend::generators::body(body, span);
        }
        let mut cursor = n.walk();
        let is_async = n.children(&mut cursor).any(|c| !c.is_named() && c.kind() == "async");
        self.module.add_func(Function {
            name,
            name_span,
            params,
            body,
            decorators: decos,
            kind,
            is_static: false,
            lexical_this: false,
            receiver_first: false,
            results: 1,
            is_async,
            type_params: vec![],
            span,
        })
    }

    fn params(&mut self, n: Node) -> Vec<Param> {
        let mut out = vec![];
        let mut keyword_only = false;
        for c in kids(n) {
            let span = self.span(c);
            let mut kind = if keyword_only { ParamKind::KeywordOnly } else { ParamKind::Positional };
            let (name, annotation, default) = match c.kind() {
                "identifier" => (self.text(c), None, None),
                "typed_parameter" => {
                    let name = kids(c).first().map(|i| self.text(*i)).unwrap_or_default();
                    let ty = self.field(c, "type").map(|t| self.type_expr(t));
                    // `*args: T` / `**kw: T` keep their splat.
                    if let Some(first) = kids(c).first() {
                        match first.kind() {
                            "list_splat_pattern" => kind = ParamKind::Rest,
                            "dictionary_splat_pattern" => kind = ParamKind::KwRest,
                            _ => {}
                        }
                    }
                    let name = name.trim_start_matches('*').to_string();
                    (name, ty, None)
                }
                "default_parameter" | "typed_default_parameter" => {
                    let name = self.field(c, "name").map(|m| self.text(m)).unwrap_or_default();
                    let ty = self.field(c, "type").map(|t| self.type_expr(t));
                    let default = self.field(c, "value").map(|v| self.expr(v));
                    (name, ty, default)
                }
                "list_splat_pattern" => {
                    kind = ParamKind::Rest;
                    keyword_only = true;
                    (kids(c).first().map(|i| self.text(*i)).unwrap_or_default(), None, None)
                }
                "dictionary_splat_pattern" => {
                    kind = ParamKind::KwRest;
                    (kids(c).first().map(|i| self.text(*i)).unwrap_or_default(), None, None)
                }
                "keyword_separator" => {
                    keyword_only = true;
                    continue;
                }
                _ => continue,
            };
            out.push(Param { name, pattern: None, default, kind, annotation, span });
        }
        out
    }

    /// What a subscript is indexed with: `a[i]` is `i`; `a[i, j]` is the
    /// tuple `(i, j)`, as in Python (`Annotated[str, Field(...)]`,
    /// `Union[A, B]`).
    fn subscript_index(&mut self, n: Node, span: Span) -> Expr {
        let mut cursor = n.walk();
        let parts: Vec<Node> = n.children_by_field_name("subscript", &mut cursor).collect();
        match parts.as_slice() {
            [] => Expr::Unknown(span),
            [one] => self.expr(*one),
            many => {
                let items = many.iter().map(|i| Element::Item(self.expr(*i))).collect();
                let at = Span::new(self.file, many[0].start_byte(), many[many.len() - 1].end_byte());
                Expr::List { items, span: at }
            }
        }
    }

    /// An annotation as the expression Python evaluates: the `type` node's
    /// inner expression, and the type-only shapes tree-sitter gives
    /// annotations as what they mean (`Optional[X]` a subscript, `X | None`
    /// a `|`, `m.X` a member).
    fn type_expr(&mut self, t: Node) -> Expr {
        let span = self.span(t);
        if self.depth > MAX_DEPTH {
            return Expr::Unknown(span);
        }
        self.depth += 1;
        let k = kids(t);
        let e = match (t.kind(), k.as_slice()) {
            ("type", [inner]) => self.type_expr(*inner),
            ("generic_type", [head, params]) => {
                let object = Box::new(self.expr(*head));
                let types: Vec<Node> = kids(*params);
                let index = match types.as_slice() {
                    [one] => self.type_expr(*one),
                    many => Expr::List {
                        items: many.iter().map(|p| Element::Item(self.type_expr(*p))).collect(),
                        span: self.span(*params),
                    },
                };
                Expr::Index { object, index: Box::new(index), span }
            }
            ("union_type", [left, right]) => Expr::Binary {
                op: BinaryOp::Merge,
                left: Box::new(self.type_expr(*left)),
                right: Box::new(self.type_expr(*right)),
                span,
            },
            ("member_type", [object, name]) => {
                Expr::Member { object: Box::new(self.type_expr(*object)), name: self.text(*name), span }
            }
            _ => self.expr(t),
        };
        self.depth -= 1;
        e
    }

    fn class(&mut self, n: Node, decorators: Vec<Node>) -> crate::ir::ClassId {
        let span = self.span(n);
        let name_node = self.field(n, "name");
        let name = name_node.map(|m| self.text(m));
        let name_span = name_node.map_or(span, |m| self.span(m));
        let bases = self
            .field(n, "superclasses")
            .map(|s| kids(s).into_iter().filter(|b| b.kind() != "keyword_argument").map(|b| self.expr(b)).collect())
            .unwrap_or_default();
        let decorators = decorators.into_iter().filter_map(|d| kids(d).first().map(|e| self.expr(*e))).collect();
        let mut members = vec![];
        if let Some(body) = self.field(n, "body") {
            for c in kids(body) {
                self.class_member(c, &mut members);
            }
        }
        self.module.add_class(Class {
            name,
            name_span,
            kind: ClassKind::Class,
            bases,
            members,
            decorators,
            instances_see_statics: true,
            span,
        })
    }

    fn class_member(&mut self, c: Node, members: &mut Vec<Member>) {
        let (def, decorators) = match c.kind() {
            "decorated_definition" => match self.field(c, "definition") {
                Some(d) => (d, kids(c).into_iter().filter(|k| k.kind() == "decorator").collect()),
                None => return,
            },
            _ => (c, vec![]),
        };
        match def.kind() {
            "function_definition" => {
                let is_static = decorators.iter().any(|d| self.text(*d).trim() == "@staticmethod");
                let is_classmethod = decorators.iter().any(|d| self.text(*d).trim() == "@classmethod");
                let name = self.field(def, "name").map(|m| self.text(m)).unwrap_or_default();
                let name_span = self.field(def, "name").map_or(self.span(def), |m| self.span(m));
                let id = self.function(def, decorators);
                let f = &mut self.module.funcs[id.0 as usize];
                if name == "__init__" {
                    f.kind = FuncKind::Constructor;
                } else if f.kind == FuncKind::Plain {
                    f.kind = FuncKind::Method;
                }
                // `self` / `cls` is `this`: bound on entry, not passed.
                if !is_static && !f.params.is_empty() {
                    let first = f.params.remove(0);
                    let bind = Stmt::Let {
                        target: Pattern::Name(first.name, first.span),
                        value: Expr::This(first.span),
                        span: first.span,
                    };
                    f.body.insert(0, bind);
                }
                f.is_static = is_static;
                f.receiver_first = !is_static && !is_classmethod;
                members.push(Member {
                    name,
                    name_span,
                    is_static,
                    value: MemberValue::Method(id),
                    annotation: None,
                    alias: None,
                });
            }
            "expression_statement" => {
                for a in kids(def) {
                    if a.kind() != "assignment" {
                        continue;
                    }
                    let Some(left) = self.field(a, "left") else { continue };
                    if left.kind() != "identifier" {
                        continue;
                    }
                    let value = self.field(a, "right").map(|r| self.expr(r));
                    // `confirm: bool = False`, `namespace: str`: a declared field.
                    let annotation = self.field(a, "type").map(|t| self.type_expr(t));
                    members.push(Member {
                        name: self.text(left),
                        name_span: self.span(left),
                        is_static: true,
                        value: MemberValue::Field(value),
                        annotation,
                        alias: None,
                    });
                }
            }
            _ => {}
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
        let b = |e: Expr| Box::new(e);
        match n.kind() {
            "true" => Expr::Lit(Lit::Bool(true), span),
            "false" => Expr::Lit(Lit::Bool(false), span),
            "none" => Expr::Lit(Lit::Null, span),
            "integer" | "float" => Expr::Lit(Lit::Num(self.text(n)), span),
            "string" => self.string(n),
            "concatenated_string" => {
                Expr::Concat { parts: kids(n).into_iter().map(|p| self.string(p)).collect(), span }
            }
            "identifier" => Expr::Name(self.text(n), span),
            "attribute" => {
                let object = self.field(n, "object").map_or(Expr::Unknown(span), |o| self.expr(o));
                let name = self.field(n, "attribute").map(|a| self.text(a)).unwrap_or_default();
                Expr::Member { object: b(object), name, span }
            }
            "subscript" => {
                let object = self.field(n, "value").map_or(Expr::Unknown(span), |o| self.expr(o));
                let index = self.subscript_index(n, span);
                Expr::Index { object: b(object), index: b(index), span }
            }
            "call" => {
                let callee = self.field(n, "function");
                let args = self.field(n, "arguments");
                // `super()` / `super(C, self)`: the base class, bound to `self`.
                if callee.is_some_and(|c| self.text(c) == "super") && args.is_some() {
                    return Expr::Super(span);
                }
                let callee = callee.map_or(Expr::Unknown(span), |c| self.expr(c));
                let args = match args {
                    Some(a) if a.kind() == "argument_list" => self.args(a),
                    Some(g) => vec![Arg { keyword: None, value: self.expr(g), spread: Spread::No, span: self.span(g) }],
                    None => vec![],
                };
                Expr::Call { callee: b(callee), args, span }
            }
            "dictionary" => {
                let mut entries = vec![];
                for c in kids(n) {
                    match c.kind() {
                        "pair" => {
                            let (Some(k), Some(v)) = (self.field(c, "key"), self.field(c, "value")) else {
                                continue;
                            };
                            let value = self.expr(v);
                            match self.plain_string(k) {
                                Some(key) => entries.push(Entry::Pair { key, key_span: self.span(k), value }),
                                None => entries.push(Entry::Computed { key: self.expr(k), value }),
                            }
                        }
                        "dictionary_splat" => {
                            let inner = kids(c).first().map_or(Expr::Unknown(span), |i| self.expr(*i));
                            entries.push(Entry::Spread(inner));
                        }
                        _ => {}
                    }
                }
                Expr::Object { entries, span }
            }
            "list" | "tuple" | "set" | "expression_list" => {
                let items = kids(n)
                    .into_iter()
                    .map(|c| match c.kind() {
                        "list_splat" => Element::Spread(kids(c).first().map_or(Expr::Unknown(span), |i| self.expr(*i))),
                        _ => Element::Item(self.expr(c)),
                    })
                    .collect();
                Expr::List { items, span }
            }
            "parenthesized_expression" => match kids(n).first() {
                Some(inner) => self.expr(*inner),
                None => Expr::Unknown(span),
            },
            // `a:b:c` in a subscript is Python's `slice(a, b, c)`; a missing
            // part is `None`.
            "slice" => {
                let mut parts: Vec<Option<Expr>> = vec![None];
                let mut cursor = n.walk();
                for c in n.children(&mut cursor) {
                    match c.kind() {
                        ":" => parts.push(None),
                        _ if c.is_named() && c.kind() != "comment" => {
                            if let Some(last) = parts.last_mut() {
                                *last = Some(self.expr(c));
                            }
                        }
                        _ => {}
                    }
                }
                let args = parts
                    .into_iter()
                    .map(|p| {
                        let value = p.unwrap_or(Expr::Lit(Lit::Null, span));
                        Arg { keyword: None, span: value.span(), value, spread: Spread::No }
                    })
                    .collect();
                Expr::Call { callee: b(Expr::Name("slice".into(), span)), args, span }
            }
            "conditional_expression" => {
                let parts = kids(n);
                match parts.as_slice() {
                    [then, cond, otherwise] => Expr::Cond {
                        test: b(self.expr(*cond)),
                        then: b(self.expr(*then)),
                        otherwise: b(self.expr(*otherwise)),
                        span,
                    },
                    _ => Expr::Unknown(span),
                }
            }
            "boolean_operator" => {
                let op = match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("and") => BinaryOp::And,
                    Some("or") => BinaryOp::Or,
                    _ => BinaryOp::Other,
                };
                self.binary(n, op, span)
            }
            "not_operator" => {
                let arg = self.field(n, "argument").map_or(Expr::Unknown(span), |a| self.expr(a));
                Expr::Unary { op: UnaryOp::Not, operand: b(arg), span }
            }
            "comparison_operator" => {
                let parts = kids(n);
                let mut cursor = n.walk();
                let ops: Vec<String> =
                    n.children_by_field_name("operators", &mut cursor).map(|o| self.text(o)).collect();
                match (parts.as_slice(), ops.first().map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))) {
                    ([l, r], Some(op)) => {
                        let (op, negated) = match op.as_str() {
                            "==" | "is" => (BinaryOp::Eq, false),
                            "!=" | "is not" => (BinaryOp::NotEq, false),
                            "in" => (BinaryOp::In, false),
                            "not in" => (BinaryOp::In, true),
                            "<" => (BinaryOp::Lt, false),
                            "<=" => (BinaryOp::LtE, false),
                            ">" => (BinaryOp::Gt, false),
                            ">=" => (BinaryOp::GtE, false),
                            _ => (BinaryOp::Other, false),
                        };
                        let test = Expr::Binary { op, left: b(self.expr(*l)), right: b(self.expr(*r)), span };
                        if negated {
                            Expr::Unary { op: UnaryOp::Not, operand: b(test), span }
                        } else {
                            test
                        }
                    }
                    _ => Expr::Unknown(span),
                }
            }
            "binary_operator" => {
                let op = match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("+") => BinaryOp::Add,
                    Some("-") => BinaryOp::Sub,
                    Some("*") => BinaryOp::Mul,
                    Some("|") => BinaryOp::Merge,
                    Some("/") => BinaryOp::Div,
                    _ => BinaryOp::Other,
                };
                self.binary(n, op, span)
            }
            "unary_operator" => {
                let arg = self.field(n, "argument").map_or(Expr::Unknown(span), |a| self.expr(a));
                Expr::Unary { op: UnaryOp::Neg, operand: b(arg), span }
            }
            "yield" if self.generator => {
                let mut cursor = n.walk();
                let from = n.children(&mut cursor).any(|c| c.kind() == "from");
                let value = kids(n).first().map(|v| self.expr(*v));
                crate::frontend::generators::yield_expr(value, from, span)
            }
            "await" => {
                let arg = kids(n).first().map_or(Expr::Unknown(span), |a| self.expr(*a));
                Expr::Unary { op: UnaryOp::Transparent, operand: b(arg), span }
            }
            "lambda" => {
                let params = self.field(n, "parameters").map(|p| self.params(p)).unwrap_or_default();
                let body = self.field(n, "body").map_or(Expr::Unknown(span), |e| self.expr(e));
                let id = self.module.add_func(Function::closure(
                    span,
                    params,
                    vec![Stmt::Return { value: Some(body), span }],
                    span,
                ));
                Expr::Func(id, span)
            }
            "list_comprehension" | "set_comprehension" | "generator_expression" | "dictionary_comprehension" => {
                self.comprehension(n, span)
            }
            _ => Expr::Unknown(span),
        }
    }

    fn binary(&mut self, n: Node, op: BinaryOp, span: Span) -> Expr {
        let l = self.field(n, "left").map_or(Expr::Unknown(span), |l| self.expr(l));
        let r = self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
        Expr::Binary { op, left: Box::new(l), right: Box::new(r), span }
    }

    /// `[body for x in xs if c]` → a closure run in place:
    /// `out = []; for x in xs: if c: out.append(body); return out`.
    fn comprehension(&mut self, n: Node, span: Span) -> Expr {
        let parts = kids(n);
        let Some((body, clauses)) = parts.split_first() else { return Expr::Unknown(span) };
        let out_name = "@comprehension".to_string();
        let out = || Expr::Name("@comprehension".to_string(), span);
        // `{k: v for ...}` stores each pair; the others append each element.
        let (push, empty) = match (n.kind(), self.field(*body, "key"), self.field(*body, "value")) {
            ("dictionary_comprehension", Some(k), Some(v)) => {
                let (index, value) = (self.expr(k), self.expr(v));
                let place = Place::Index { object: out(), index, span };
                (Stmt::Assign { target: place, value, span }, Expr::Object { entries: vec![], span })
            }
            ("dictionary_comprehension", _, _) => return Expr::Unknown(span),
            _ => (
                Stmt::Expr(Expr::Call {
                    callee: Box::new(Expr::Member { object: Box::new(out()), name: "append".into(), span }),
                    args: vec![Arg { keyword: None, value: self.expr(*body), spread: Spread::No, span }],
                    span,
                }),
                Expr::List { items: vec![], span },
            ),
        };
        // Build from the innermost clause outwards.
        let mut inner = vec![push];
        for clause in clauses.iter().rev() {
            let cspan = self.span(*clause);
            match clause.kind() {
                "for_in_clause" => {
                    let pattern = self.field(*clause, "left").map_or(Pattern::Ignore, |l| self.pattern(l));
                    let iter = self.field(*clause, "right").map_or(Expr::Unknown(cspan), |r| self.expr(r));
                    inner = vec![Stmt::ForEach { pattern, iter, body: inner, span: cspan }];
                }
                "if_clause" => {
                    let cond = kids(*clause).first().map_or(Expr::Unknown(cspan), |c| self.expr(*c));
                    inner = vec![Stmt::If { cond, then: inner, otherwise: vec![], span: cspan }];
                }
                _ => {}
            }
        }
        let mut body = vec![Stmt::Let { target: Pattern::Name(out_name.clone(), span), value: empty, span }];
        body.extend(inner);
        body.push(Stmt::Return { value: Some(Expr::Name(out_name, span)), span });
        let id = self.module.add_func(Function::closure(span, vec![], body, span));
        Expr::Call { callee: Box::new(Expr::Func(id, span)), args: vec![], span }
    }

    fn args(&mut self, n: Node) -> Vec<Arg> {
        let mut out = vec![];
        for c in kids(n) {
            let span = self.span(c);
            match c.kind() {
                "keyword_argument" => {
                    let keyword = self.field(c, "name").map(|k| self.text(k));
                    let value = self.field(c, "value").map_or(Expr::Unknown(span), |v| self.expr(v));
                    out.push(Arg { keyword, value, spread: Spread::No, span });
                }
                "list_splat" => {
                    let value = kids(c).first().map_or(Expr::Unknown(span), |v| self.expr(*v));
                    out.push(Arg { keyword: None, value, spread: Spread::List, span });
                }
                "dictionary_splat" => {
                    let value = kids(c).first().map_or(Expr::Unknown(span), |v| self.expr(*v));
                    out.push(Arg { keyword: None, value, spread: Spread::Map, span });
                }
                _ => out.push(Arg { keyword: None, value: self.expr(c), spread: Spread::No, span }),
            }
        }
        out
    }

    /// `dict(k=v, **x)` is the object literal `{"k": v, **x}`.
    /// A string literal's value, or a [`Expr::Concat`] for an f-string.
    fn string(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        if n.kind() != "string" {
            return self.expr(n);
        }
        let mut parts: Vec<Expr> = vec![];
        let mut literal = String::new();
        let mut prefix = String::new();
        for c in kids(n) {
            match c.kind() {
                "string_start" if self.text(c).to_ascii_lowercase().contains('b') => return Expr::Unknown(span),
                "string_start" => prefix = self.text(c).to_ascii_lowercase(),
                "string_content" => match content_value(&self.text(c), &prefix) {
                    Some(v) => literal.push_str(&v),
                    None => return Expr::Unknown(span),
                },
                "interpolation" => {
                    if !literal.is_empty() {
                        parts.push(Expr::Lit(Lit::Str(std::mem::take(&mut literal)), span));
                    }
                    // A conversion or format spec changes the text: unknown.
                    let inner = kids(c);
                    match inner.as_slice() {
                        [e] => parts.push(self.expr(*e)),
                        _ => parts.push(Expr::Unknown(self.span(c))),
                    }
                }
                _ => {}
            }
        }
        if parts.is_empty() {
            return Expr::Lit(Lit::Str(literal), span);
        }
        if !literal.is_empty() {
            parts.push(Expr::Lit(Lit::Str(literal), span));
        }
        Expr::Concat { parts, span }
    }

    fn plain_string(&self, n: Node) -> Option<String> {
        if n.kind() != "string" {
            return None;
        }
        let mut out = String::new();
        let mut prefix = String::new();
        for c in kids(n) {
            match c.kind() {
                "string_start" => prefix = self.text.get(c.byte_range()).unwrap_or("").to_ascii_lowercase(),
                "string_content" => out.push_str(&content_value(self.text.get(c.byte_range()).unwrap_or(""), &prefix)?),
                "interpolation" => return None,
                _ => {}
            }
        }
        Some(out)
    }
}

/// The value of a string literal's body as written, by its prefix (`r`,
/// `f`, `rf`, ... with the opening quote): escapes decoded unless raw, and
/// an f-string's doubled braces single.
fn content_value(raw: &str, prefix: &str) -> Option<String> {
    let text = if prefix.contains('r') { Some(raw.to_string()) } else { crate::frontend::escapes::python(raw) }?;
    Some(if prefix.contains('f') { text.replace("{{", "{").replace("}}", "}") } else { text })
}

#[cfg(test)]
#[test]
fn a_literal_body_is_read_by_its_prefix() {
    assert_eq!(content_value("a\\tb", "\"").as_deref(), Some("a\tb"));
    assert_eq!(content_value("a\\tb", "r\"").as_deref(), Some("a\\tb"));
    assert_eq!(content_value("{{x}}\\n", "f\"").as_deref(), Some("{x}\n"));
    assert_eq!(content_value("{{x}}", "\"").as_deref(), Some("{{x}}"));
}

#[cfg(test)]
mod tests {
    //! Python source → IR → the evaluator: the registrations it reaches.

    use std::sync::Arc;

    use crate::eval::value::Value;
    use crate::eval::{run, Budget, Link, Linker, Outcome};
    use crate::ir::Import;
    use crate::source::FileId;

    /// Modules by dotted name; relative imports resolve against `pkg`.
    struct Files(Vec<&'static str>);
    impl Linker for Files {
        fn resolve(&self, _: usize, import: &Import) -> Link {
            let module = import.module.trim_start_matches('.');
            let module = if import.module.starts_with('.') { format!("pkg.{module}") } else { module.to_string() };
            match (self.0.iter().position(|m| *m == module), &import.member) {
                (Some(i), Some(member)) => Link::Member(i, member.clone()),
                (Some(i), None) => Link::Module(i),
                _ => Link::External,
            }
        }
    }

    fn run_files(files: &[(&'static str, &str)]) -> Outcome {
        let modules: Vec<_> = files
            .iter()
            .enumerate()
            .map(|(i, (_, text))| {
                Arc::new(crate::frontend::python::parse_file(FileId(i as u32), text).1.expect("parses"))
            })
            .collect();
        run(&modules, &Files(files.iter().map(|(n, _)| *n).collect()), Budget::default())
    }

    fn tools(out: &Outcome) -> Vec<String> {
        let mut v: Vec<String> = out
            .registrations
            .iter()
            .map(|r| {
                let name = match &r.name {
                    Some(Value::Str(s, _)) => s.to_string(),
                    _ => "<computed>".into(),
                };
                let ro = match &r.annotations {
                    None => "none".to_string(),
                    Some(Value::Object(o)) => match o.borrow().get("readOnlyHint") {
                        Some(Value::Bool(b, _)) => b.to_string(),
                        Some(Value::OneOf(_)) => "dynamic".into(),
                        None | Some(Value::Undefined(_)) => "absent".into(),
                        Some(_) => "unknown".into(),
                    },
                    Some(_) => "unknown".into(),
                };
                format!("{name}:{ro}")
            })
            .collect();
        v.sort();
        v
    }

    const SERVER: &str =
        "from mcp.server.fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations\nmcp = FastMCP('demo')\n";

    #[test]
    fn decorators_presets_and_tool_annotations() {
        let src = format!(
            "{SERVER}READ = ToolAnnotations(readOnlyHint=True)\n\
             @mcp.tool(annotations=READ)\ndef get_note(id: str) -> str:\n    return id\n\n\
             @mcp.tool()\ndef delete_note(id: str):\n    pass\n\n\
             @mcp.tool(name='wipe', annotations={{'readOnlyHint': False}})\ndef _wipe():\n    pass\n"
        );
        assert_eq!(tools(&run_files(&[("server", &src)])), ["delete_note:none", "get_note:true", "wipe:false"]);
    }

    #[test]
    fn a_look_alike_decorator_is_not_a_tool() {
        let src = "from langchain_core.tools import tool\n@tool\ndef get_note():\n    pass\n";
        assert!(run_files(&[("server", src)]).registrations.is_empty());
    }

    #[test]
    fn register_helpers_and_presets_from_another_module() {
        let presets = "from mcp.types import ToolAnnotations\nREAD_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)\n";
        let tools_mod = "from .presets import READ_ONLY\n\
             def register(mcp):\n    @mcp.tool(annotations=READ_ONLY)\n    def list_notes():\n        pass\n";
        let main = format!("{SERVER}from pkg.tools import register\nregister(mcp)\n");
        let out = run_files(&[("pkg.presets", presets), ("pkg.tools", tools_mod), ("main", &main)]);
        assert_eq!(tools(&out), ["list_notes:true"]);
    }

    #[test]
    fn a_decorator_factory_called_as_a_function() {
        let src = format!(
            "{SERVER}RO = {{'readOnlyHint': True}}\n\
             def audited(server, name, title=None, annotations=None):\n\
             \x20   def deco(fn):\n\
             \x20       return server.tool(name=name, title=title, annotations=annotations)(fn)\n\
             \x20   return deco\n\
             def handler():\n    pass\n\
             audited(mcp, 'search_notes', title='Search', annotations=RO)(handler)\n\
             audited(mcp, 'purge_notes')(handler)\n"
        );
        assert_eq!(tools(&run_files(&[("server", &src)])), ["purge_notes:none", "search_notes:true"]);
    }

    #[test]
    fn loops_comprehensions_and_conditional_hints() {
        let src = format!(
            "{SERVER}import os\n\
             SPECS = [{{'name': 'list_a', 'ro': True}}, {{'name': 'drop_a', 'ro': False}}]\n\
             def h():\n    pass\n\
             for spec in SPECS:\n    mcp.add_tool(h, name=spec['name'], annotations={{'readOnlyHint': spec['ro']}})\n\
             names = [n + '_x' for n in ['get', 'set'] if n]\n\
             for n in names:\n    mcp.add_tool(h, name=n)\n\
             ro = True if os.environ.get('RO') else False\n\
             mcp.add_tool(h, name='flaky', annotations={{'readOnlyHint': ro}})\n"
        );
        assert_eq!(
            tools(&run_files(&[("server", &src)])),
            ["drop_a:false", "flaky:dynamic", "get_x:none", "list_a:true", "set_x:none"]
        );
    }

    #[test]
    fn methods_register_through_self_and_class_attributes() {
        let src = format!(
            "{SERVER}class Base:\n\
             \x20   read_only = False\n\
             \x20   def __init__(self, server):\n        self.server = server\n\
             \x20   def register(self):\n\
             \x20       self.server.add_tool(self.run, name=self.name, annotations={{'readOnlyHint': self.read_only}})\n\
             \x20   def run(self):\n        pass\n\
             class ListThings(Base):\n    name = 'list_things'\n    read_only = True\n\
             class EraseThings(Base):\n    name = 'erase_things'\n\
             for cls in [ListThings, EraseThings]:\n    cls(mcp).register()\n"
        );
        assert_eq!(tools(&run_files(&[("server", &src)])), ["erase_things:false", "list_things:true"]);
    }

    #[test]
    fn deep_attribute_chains_lower_without_overflowing() {
        let src = format!("X = a{}\n", ".b".repeat(6_500));
        let m = crate::frontend::python::parse_file(FileId(0), &src).1.expect("parses");
        assert_eq!(m.body.len(), 1);
    }
}
