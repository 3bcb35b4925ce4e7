//! TypeScript/JavaScript syntax → the language-neutral IR ([`crate::ir`]).
//! Syntax only: nothing here knows which calls register tools.
//!
//! JavaScript semantics the IR leaves to frontends:
//! - assignment is an expression; as a statement it becomes `Assign`;
//! - arrow functions take `this` from where they are written;
//! - `require("m")` is an import; `export … from` re-exports;
//! - CommonJS `module.exports` and `exports` are one module-level name,
//!   [`CJS_EXPORTS`], bound to an empty object on entry; what importers
//!   see of such a module is that object;
//! - a comma expression is its last operand (`(0, mod.fn)(...)`);
//! - constructor parameter properties (`constructor(private s: McpServer)`)
//!   assign `this.s` on entry;
//! - type syntax is dropped, except a parameter's declared type, which the
//!   evaluator uses for functions nothing calls (`server: McpServer`).
//!
//! Depth-bounded like the Python lowering.

use tree_sitter::Node;

use crate::ir::{
    self, Arg, BinaryOp, Block, Case, Class, ClassKind, Element, Entry, Expr, FuncKind, Function, Import, Lit, Member,
    MemberValue, Module, Param, ParamKind, Pattern, Place, Spread, Stmt, TypeHolds, UnaryOp, CJS_EXPORTS,
};
use crate::model::Lang;
use crate::source::{FileId, Span};

const MAX_DEPTH: usize = 200;

/// Lowers one TS/JS file from its parse tree (the facts' own).
pub fn lower(file: FileId, lang: Lang, text: &str, root: Node) -> Module {
    let mut cx = Cx {
        text,
        file,
        module: Module::new(file, lang),
        depth: 0,
        generator: false,
        cjs: false,
        fields: crate::frontend::fields::Fields::of(root),
    };
    let mut body = cx.block(root);
    if cx.cjs {
        let span = cx.span(root);
        let empty = Expr::Object { entries: vec![], span: Span { end: span.start, ..span } };
        body.insert(0, Stmt::Let { target: Pattern::Name(CJS_EXPORTS.into(), span), value: empty, span });
    }
    cx.module.body = body;
    cx.module
}

struct Cx<'a> {
    fields: crate::frontend::fields::Fields,
    text: &'a str,
    file: FileId,
    module: Module,
    depth: usize,
    /// Lowering the body of a generator (`function*`, `*method()`).
    generator: bool,
    /// The file uses CommonJS exports.
    cjs: bool,
}

/// The names a pattern binds, in order.
fn pattern_names(p: &Pattern, out: &mut Vec<String>) {
    match p {
        Pattern::Name(n, _) => out.push(n.clone()),
        Pattern::Object { props, rest, .. } => {
            props.iter().for_each(|(_, p)| pattern_names(p, out));
            out.extend(rest.clone());
        }
        Pattern::List { items, rest, .. } => {
            items.iter().flatten().for_each(|p| pattern_names(p, out));
            out.extend(rest.clone());
        }
        Pattern::Default(p, _) => pattern_names(p, out),
        Pattern::Ignore => {}
    }
}

/// JavaScript runs a switch from the matching case on until a `break`: a
/// case that does not end in a jump also runs the cases after it (`case
/// "read": case "list": ...` share one body). The IR's cases run alone, so
/// each gets what follows it, up to a bound on the copies made.
fn fall_through(cases: &mut [Case]) {
    const MAX_COPIED: usize = 4_096;
    let jumps = |b: &[Stmt]| {
        matches!(b.last(), Some(Stmt::Break(_) | Stmt::Return { .. } | Stmt::Continue(_) | Stmt::Throw(_)))
    };
    let mut copied = 0;
    for i in (0..cases.len().saturating_sub(1)).rev() {
        if jumps(&cases[i].body) {
            continue;
        }
        let next = cases[i + 1].body.clone();
        copied += next.len();
        if copied > MAX_COPIED {
            break;
        }
        cases[i].body.extend(next);
    }
}

/// Named children but comments (always extras; asking `is_extra` first spares
/// reading the kind name of every other node).
fn kids(n: Node) -> Vec<Node> {
    let mut cursor = n.walk();
    n.named_children(&mut cursor).filter(|c| !c.is_extra() || c.kind() != "comment").collect()
}

fn is_type(kind: &str) -> bool {
    matches!(kind, "type_annotation" | "type_parameters" | "type_arguments" | "accessibility_modifier")
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

    /// A statement or a block, as a block.
    fn body(&mut self, n: Option<Node>) -> Block {
        let Some(n) = n else { return vec![] };
        let mut out = vec![];
        match n.kind() {
            "statement_block" => out = self.block(n),
            _ => self.stmt(n, &mut out),
        }
        out
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
                    self.expr_stmt(c, out);
                }
            }
            "lexical_declaration" | "variable_declaration" => self.declaration(n, out),
            "return_statement" if self.generator => out.push(crate::frontend::generators::return_stmt(span)),
            "return_statement" => {
                let value = kids(n).first().map(|v| self.expr(*v));
                out.push(Stmt::Return { value, span });
            }
            "if_statement" => {
                let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let then = self.body(self.field(n, "consequence"));
                let otherwise = match self.field(n, "alternative") {
                    Some(alt) => {
                        let inner = kids(alt).into_iter().next();
                        self.body(inner)
                    }
                    None => vec![],
                };
                out.push(Stmt::If { cond, then, otherwise, span });
            }
            "switch_statement" => {
                let scrutinee = self.field(n, "value").map_or(Expr::Unknown(span), |v| self.expr(v));
                let mut cases = vec![];
                if let Some(body) = self.field(n, "body") {
                    for c in kids(body) {
                        let test = match c.kind() {
                            "switch_case" => self.field(c, "value").map(|v| self.expr(v)),
                            "switch_default" => None,
                            _ => continue,
                        };
                        let mut body = vec![];
                        let mut cursor = c.walk();
                        let stmts: Vec<Node> = c.children_by_field_name("body", &mut cursor).collect();
                        for s in stmts {
                            self.stmt(s, &mut body);
                        }
                        cases.push(Case { test, body });
                    }
                }
                fall_through(&mut cases);
                out.push(Stmt::Switch { scrutinee, cases, span });
            }
            "try_statement" => {
                let body = self.body(self.field(n, "body"));
                let handlers = match self.field(n, "handler") {
                    Some(h) => vec![self.body(self.field(h, "body"))],
                    None => vec![],
                };
                let finally = self.field(n, "finalizer").map_or(vec![], |f| self.body(self.field(f, "body")));
                out.push(Stmt::Try { body, handlers, finally, span });
            }
            "for_in_statement" => {
                // `for (x of xs)` gives the items of a list, `for (k in o)` the
                // keys of an object: what ForEach gives for each kind of value.
                let pattern = self.field(n, "left").map_or(Pattern::Ignore, |l| self.pattern(l));
                let right = self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                let body = self.body(self.field(n, "body"));
                out.push(Stmt::ForEach { pattern, iter: right, body, span });
            }
            "for_statement" => {
                if let Some(init) = self.field(n, "initializer") {
                    self.stmt(init, out);
                }
                let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let mut body = self.body(self.field(n, "body"));
                // The increment ends each pass (a `continue` skips it here).
                if let Some(update) = self.field(n, "increment") {
                    self.expr_stmt(update, &mut body);
                }
                out.push(Stmt::While { cond, body, span });
            }
            "while_statement" | "do_statement" => {
                let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let body = self.body(self.field(n, "body"));
                out.push(Stmt::While { cond, body, span });
            }
            "break_statement" => out.push(Stmt::Break(span)),
            "throw_statement" => out.push(Stmt::Throw(span)),
            "continue_statement" => out.push(Stmt::Continue(span)),
            // At module level a block is what error recovery leaves of a
            // broken class or function: a `return` in it ends no module, so
            // it may or may not run.
            "statement_block" if n.parent().is_some_and(|p| p.kind() == "program") => {
                let then = self.block(n);
                out.push(Stmt::If { cond: Expr::Unknown(span), then, otherwise: vec![], span });
            }
            "statement_block" => {
                let b = self.block(n);
                out.extend(b);
            }
            "function_declaration" | "generator_function_declaration" => {
                let id = self.function(n, FuncKind::Plain, false);
                out.push(Stmt::Func(id));
            }
            "class_declaration" | "abstract_class_declaration" => {
                let id = self.class(n);
                out.push(Stmt::Class(id));
            }
            "enum_declaration" => {
                let name = self.field(n, "name").map(|m| self.text(m)).unwrap_or_default();
                let mut entries = vec![];
                if let Some(body) = self.field(n, "body") {
                    for m in kids(body) {
                        let (key_node, value) = match m.kind() {
                            "enum_assignment" => (self.field(m, "name"), self.field(m, "value").map(|v| self.expr(v))),
                            _ => (Some(m), None),
                        };
                        let Some(k) = key_node else { continue };
                        let key = self.key_text(k);
                        let value = value.unwrap_or(Expr::Unknown(self.span(m)));
                        entries.push(Entry::Pair { key, key_span: self.span(k), value });
                    }
                }
                let value = Expr::Object { entries, span };
                out.push(Stmt::Let { target: Pattern::Name(name, span), value, span });
            }
            // What the parser could not make sense of: the statements it
            // still recognised inside, so a syntax error loses only itself.
            "ERROR" => {
                for c in kids(n) {
                    match c.kind() {
                        k if k.ends_with("_statement") || k.ends_with("_declaration") => self.stmt(c, out),
                        "call_expression" | "assignment_expression" | "new_expression" | "await_expression" => {
                            self.expr_stmt(c, out)
                        }
                        _ => {}
                    }
                }
            }
            "import_statement" => self.import(n, out),
            "export_statement" => self.export(n, out),
            "interface_declaration"
            | "type_alias_declaration"
            | "ambient_declaration"
            | "empty_statement"
            | "comment"
            | "hash_bang_line" => {}
            _ => out.push(Stmt::Unsupported(span)),
        }
    }

    fn expr_stmt(&mut self, c: Node, out: &mut Block) {
        let span = self.span(c);
        match c.kind() {
            "assignment_expression" => {
                let (Some(l), Some(r)) = (self.field(c, "left"), self.field(c, "right")) else {
                    return;
                };
                let value = self.expr(r);
                out.push(self.assign(l, value, span));
            }
            // `i++` / `--i` as a statement: `i = i + 1` (a counter a loop tests).
            "update_expression" => {
                let Some(l) = self.field(c, "argument") else { return };
                let op = if self.text(c).contains("++") { BinaryOp::Add } else { BinaryOp::Sub };
                let one = Expr::Lit(Lit::Num("1".into()), span);
                let value = Expr::Binary { op, left: Box::new(self.expr(l)), right: Box::new(one), span };
                out.push(self.assign(l, value, span));
            }
            "augmented_assignment_expression" => {
                let (Some(l), Some(r)) = (self.field(c, "left"), self.field(c, "right")) else {
                    return;
                };
                let op = match self.field(c, "operator").map(|o| self.text(o)).as_deref() {
                    Some("+=") => BinaryOp::Add,
                    Some("-=") => BinaryOp::Sub,
                    Some("*=") => BinaryOp::Mul,
                    Some("??=") => BinaryOp::Coalesce,
                    Some("||=") => BinaryOp::Or,
                    Some("&&=") => BinaryOp::And,
                    _ => BinaryOp::Other,
                };
                let value = Expr::Binary { op, left: Box::new(self.expr(l)), right: Box::new(self.expr(r)), span };
                out.push(self.assign(l, value, span));
            }
            "sequence_expression" => {
                for part in kids(c) {
                    self.expr_stmt(part, out);
                }
            }
            _ => {
                let e = self.expr(c);
                out.push(Stmt::Expr(e));
            }
        }
    }

    fn assign(&mut self, target: Node, value: Expr, span: Span) -> Stmt {
        if self.is_cjs_exports(target) {
            return Stmt::Assign { target: Place::Name(CJS_EXPORTS.into(), self.span(target)), value, span };
        }
        match target.kind() {
            "identifier" => Stmt::Assign { target: Place::Name(self.text(target), self.span(target)), value, span },
            "member_expression" => {
                let object = self.field(target, "object").map_or(Expr::Unknown(span), |o| self.expr(o));
                let name = self.field(target, "property").map(|p| self.text(p)).unwrap_or_default();
                Stmt::Assign { target: Place::Member { object, name, span: self.span(target) }, value, span }
            }
            "subscript_expression" => {
                let object = self.field(target, "object").map_or(Expr::Unknown(span), |o| self.expr(o));
                let index = self.field(target, "index").map_or(Expr::Unknown(span), |i| self.expr(i));
                Stmt::Assign { target: Place::Index { object, index, span: self.span(target) }, value, span }
            }
            // Destructuring assignment to existing names.
            _ => Stmt::Let { target: self.pattern(target), value, span },
        }
    }

    fn declaration(&mut self, n: Node, out: &mut Block) {
        for d in kids(n) {
            if d.kind() != "variable_declarator" {
                continue;
            }
            let span = self.span(d);
            let Some(name) = self.field(d, "name") else { continue };
            let value = self.field(d, "value");
            // `const x = require("m")`, `const { a } = require("m")`.
            if let Some(module) = value.and_then(|v| self.require(v)) {
                self.require_import(name, module, span, out);
                continue;
            }
            // `const x = require("m").member`.
            let required_member = value.filter(|v| v.kind() == "member_expression").and_then(|v| {
                let module = self.require(self.field(v, "object")?)?;
                Some((module, self.text(self.field(v, "property")?)))
            });
            if let (Some((module, member)), "identifier") = (required_member, name.kind()) {
                out.push(Stmt::Import(Import { local: self.text(name), module, member: Some(member), span }));
                continue;
            }
            let mut value = value.map_or(Expr::Lit(Lit::Undefined, span), |v| self.expr(v));
            // `const x: T = v`: the declared type says what `v` is.
            let declared = self.field(d, "type").and_then(|t| kids(t).into_iter().next());
            if let Some((ty, holds)) = declared.and_then(|t| self.typed_as(t)) {
                value = Expr::Typed { value: Box::new(value), ty: Box::new(ty), holds, span };
            }
            out.push(Stmt::Let { target: self.pattern(name), value, span });
        }
    }

    /// A member expression with a parse error in its receiver, from its property on.
    fn recovered_span(&self, n: Node) -> Span {
        let start = self.field(n, "property").map_or(n.start_byte(), |p| p.start_byte());
        Span::new(self.file, start, n.end_byte())
    }

    /// `module.exports` or a bare `exports` (marks the file CommonJS).
    fn is_cjs_exports(&mut self, n: Node) -> bool {
        let yes = match n.kind() {
            "identifier" => self.text(n) == "exports",
            "member_expression" => {
                self.field(n, "object").is_some_and(|o| o.kind() == "identifier" && self.text(o) == "module")
                    && self.field(n, "property").is_some_and(|p| self.text(p) == "exports")
            }
            _ => false,
        };
        self.cjs |= yes;
        yes
    }

    /// The module of `require("m")` (possibly behind `await` / parentheses).
    fn require(&self, n: Node) -> Option<String> {
        if n.kind() != "call_expression" {
            return None;
        }
        let callee = self.field(n, "function")?;
        if self.text(callee) != "require" {
            return None;
        }
        let args = self.field(n, "arguments")?;
        let first = kids(args).into_iter().next()?;
        (first.kind() == "string").then(|| self.string_text(first)).flatten()
    }

    fn require_import(&mut self, name: Node, module: String, span: Span, out: &mut Block) {
        match name.kind() {
            "object_pattern" => {
                for p in kids(name) {
                    let (member, local) = match p.kind() {
                        "shorthand_property_identifier_pattern" => (self.text(p), self.text(p)),
                        "pair_pattern" => (
                            self.field(p, "key").map(|k| self.key_text(k)).unwrap_or_default(),
                            self.field(p, "value").map(|v| self.text(v)).unwrap_or_default(),
                        ),
                        _ => continue,
                    };
                    out.push(Stmt::Import(Import { local, module: module.clone(), member: Some(member), span }));
                }
            }
            _ => out.push(Stmt::Import(Import { local: self.text(name), module, member: None, span })),
        }
    }

    fn import(&mut self, n: Node, out: &mut Block) {
        let span = self.span(n);
        let Some(module) = self.field(n, "source").and_then(|s| self.string_text(s)) else { return };
        // `import "./tools/register"`: for what the module does when it runs.
        if !kids(n).iter().any(|c| c.kind() == "import_clause") {
            out.push(Stmt::Import(Import::for_effects(module, span)));
            return;
        }
        // `import type { X }` and `import { type X }` are erased when compiled.
        let all_types = erased(n);
        let stmt = |types: bool, imp: Import| if types { Stmt::ImportType(imp) } else { Stmt::Import(imp) };
        for clause in kids(n).into_iter().filter(|c| c.kind() == "import_clause") {
            for c in kids(clause) {
                match c.kind() {
                    "identifier" => out.push(stmt(
                        all_types,
                        Import { local: self.text(c), module: module.clone(), member: Some("default".into()), span },
                    )),
                    "namespace_import" => {
                        let local = kids(c).first().map(|i| self.text(*i)).unwrap_or_default();
                        out.push(stmt(all_types, Import { local, module: module.clone(), member: None, span }));
                    }
                    "named_imports" => {
                        for s in kids(c).into_iter().filter(|s| s.kind() == "import_specifier") {
                            let member = self.field(s, "name").map(|m| self.key_text(m)).unwrap_or_default();
                            let local = self.field(s, "alias").map_or(member.clone(), |a| self.text(a));
                            let imp = Import { local, module: module.clone(), member: Some(member), span };
                            out.push(stmt(all_types || erased(s), imp));
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn export(&mut self, n: Node, out: &mut Block) {
        let span = self.span(n);
        let source = self.field(n, "source").and_then(|s| self.string_text(s));
        if let Some(decl) = self.field(n, "declaration") {
            let start = out.len();
            self.stmt(decl, out);
            self.mark_exports(n, start, span, out);
            return;
        }
        if let Some(value) = self.field(n, "value") {
            // `export default expr`.
            let e = self.expr(value);
            out.push(Stmt::Let { target: Pattern::Name("default".into(), span), value: e, span });
            out.push(Stmt::Export { local: "default".into(), exported: "default".into(), span });
            return;
        }
        let clause = kids(n).into_iter().find(|c| c.kind() == "export_clause");
        match (clause, source) {
            // `export type { X }`: types only, no member of the namespace.
            (Some(_), _) if erased(n) => {}
            (Some(clause), source) => {
                for s in kids(clause).into_iter().filter(|s| s.kind() == "export_specifier" && !erased(*s)) {
                    let local = self.field(s, "name").map(|m| self.key_text(m)).unwrap_or_default();
                    let exported = self.field(s, "alias").map_or(local.clone(), |a| self.key_text(a));
                    match &source {
                        // Bound here under the exported name, and exported as it.
                        Some(module) => {
                            out.push(Stmt::Import(Import {
                                local: exported.clone(),
                                module: module.clone(),
                                member: Some(local),
                                span,
                            }));
                            out.push(Stmt::Export { local: exported.clone(), exported, span });
                        }
                        None => out.push(Stmt::Export { local, exported, span }),
                    }
                }
            }
            // `export * as ns from "./x"` binds the module; `export * from "./x"` its members.
            (None, Some(module)) => match kids(n).into_iter().find(|c| c.kind() == "namespace_export") {
                Some(ns) => {
                    let local = kids(ns).first().map(|i| self.key_text(*i)).unwrap_or_default();
                    out.push(Stmt::Import(Import { local: local.clone(), module, member: None, span }));
                    out.push(Stmt::Export { local: local.clone(), exported: local, span });
                }
                None => out.push(Stmt::Import(Import { local: "*".into(), module, member: Some("*".into()), span })),
            },
            (None, None) => {
                // `export default function f() {}` / `export default class …`.
                for c in kids(n) {
                    self.stmt(c, out);
                }
            }
        }
    }

    /// After an exported declaration lowered into `out[start..]`: an export
    /// mark for each name it binds, and for `export default function f`
    /// (or class) the default export too. Type-only declarations bind nothing.
    fn mark_exports(&mut self, n: Node, start: usize, span: Span, out: &mut Block) {
        let mut names = vec![];
        for stmt in &out[start..] {
            match stmt {
                Stmt::Let { target, .. } => pattern_names(target, &mut names),
                Stmt::Func(id) => names.extend(self.module.func(*id).name.clone()),
                Stmt::Class(id) => names.extend(self.module.class(*id).name.clone()),
                _ => {}
            }
        }
        let mut cursor = n.walk();
        let default = n.children(&mut cursor).any(|c| c.kind() == "default");
        if default {
            if let Some(first) = names.first() {
                let value = Expr::Name(first.clone(), span);
                out.push(Stmt::Let { target: Pattern::Name("default".into(), span), value, span });
            }
            names = vec!["default".into()];
        }
        for name in names {
            out.push(Stmt::Export { local: name.clone(), exported: name, span });
        }
    }

    fn pattern(&mut self, n: Node) -> Pattern {
        let span = self.span(n);
        match n.kind() {
            "identifier" | "shorthand_property_identifier_pattern" => Pattern::Name(self.text(n), span),
            "object_pattern" => {
                let mut props = vec![];
                let mut rest = None;
                for p in kids(n) {
                    match p.kind() {
                        "shorthand_property_identifier_pattern" => {
                            props.push((self.text(p), Pattern::Name(self.text(p), self.span(p))))
                        }
                        "pair_pattern" => {
                            let key = self.field(p, "key").map(|k| self.key_text(k)).unwrap_or_default();
                            let value = self.field(p, "value").map_or(Pattern::Ignore, |v| self.pattern(v));
                            props.push((key, value));
                        }
                        "object_assignment_pattern" => {
                            let left = self.field(p, "left");
                            let key = left.map(|l| self.text(l)).unwrap_or_default();
                            let inner = left.map_or(Pattern::Ignore, |l| self.pattern(l));
                            let default = self.field(p, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                            props.push((key, Pattern::Default(Box::new(inner), Box::new(default))));
                        }
                        "rest_pattern" => rest = kids(p).first().map(|r| self.text(*r)),
                        _ => {}
                    }
                }
                Pattern::Object { props, rest, span }
            }
            "array_pattern" => {
                let mut items = vec![];
                let mut rest = None;
                // Holes (`[, b]`) are unnamed positions: count commas.
                let mut cursor = n.walk();
                let mut pending_hole = true;
                for c in n.children(&mut cursor) {
                    match c.kind() {
                        "[" => {}
                        "," => {
                            if pending_hole {
                                items.push(None);
                            }
                            pending_hole = true;
                        }
                        "]" | "comment" => {}
                        "rest_pattern" => rest = kids(c).first().map(|r| self.text(*r)),
                        _ => {
                            items.push(Some(self.pattern(c)));
                            pending_hole = false;
                        }
                    }
                }
                Pattern::List { items, rest, span }
            }
            "assignment_pattern" => {
                let inner = self.field(n, "left").map_or(Pattern::Ignore, |l| self.pattern(l));
                let default = self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                Pattern::Default(Box::new(inner), Box::new(default))
            }
            _ => Pattern::Ignore,
        }
    }

    fn function(&mut self, n: Node, kind: FuncKind, lexical_this: bool) -> crate::ir::FuncId {
        let span = self.span(n);
        let name_node = self.field(n, "name");
        let name = name_node.map(|m| self.key_text(m));
        let name_span = name_node.map_or(span, |m| self.span(m));
        let (params, mut prologue) = match self.field(n, "parameters") {
            Some(p) => self.params(p, kind == FuncKind::Constructor),
            None => match self.field(n, "parameter") {
                // `x => …`
                Some(p) => (
                    vec![Param {
                        name: self.text(p),
                        pattern: None,
                        default: None,
                        kind: ParamKind::Positional,
                        annotation: None,
                        span: self.span(p),
                    }],
                    vec![],
                ),
                None => (vec![], vec![]),
            },
        };
        let generator = n.kind().starts_with("generator_") || self.has_keyword(n, "*");
        let saved_generator = std::mem::replace(&mut self.generator, generator);
        let mut body = match self.field(n, "body") {
            Some(b) if b.kind() == "statement_block" => self.block(b),
            // An arrow with an expression body returns it.
            Some(e) => vec![Stmt::Return { value: Some(self.expr(e)), span: self.span(e) }],
            None => vec![],
        };
        self.generator = saved_generator;
        if generator {
            body = crate::frontend::generators::body(body, span);
        }
        prologue.extend(body);
        let is_static = kids(n).iter().any(|c| c.kind() == "static") || self.has_keyword(n, "static");
        self.module.add_func(Function {
            name,
            name_span,
            params,
            body: prologue,
            decorators: vec![],
            kind,
            is_static,
            lexical_this,
            receiver_first: false,
            results: 1,
            is_async: self.has_keyword(n, "async"),
            type_params: vec![],
            span,
        })
    }

    fn has_keyword(&self, n: Node, word: &str) -> bool {
        let mut cursor = n.walk();
        let found = n.children(&mut cursor).any(|c| !c.is_named() && c.kind() == word);
        found
    }

    /// Parameters, and for a constructor the `this.x = x` of parameter properties.
    fn params(&mut self, n: Node, constructor: bool) -> (Vec<Param>, Block) {
        let mut out = vec![];
        let mut prologue = vec![];
        for c in kids(n) {
            let span = self.span(c);
            let (pattern_node, annotation, default, kind) = match c.kind() {
                "required_parameter" | "optional_parameter" => {
                    let pattern = self.field(c, "pattern");
                    let ty = self.field(c, "type").and_then(|t| self.type_expr(t));
                    let default = self.field(c, "value").map(|v| self.expr(v));
                    let rest = pattern.is_some_and(|p| p.kind() == "rest_pattern");
                    if constructor
                        && (kids(c).iter().any(|k| k.kind() == "accessibility_modifier")
                            || self.has_keyword(c, "readonly"))
                    {
                        if let Some(p) = pattern {
                            let name = self.text(p);
                            prologue.push(Stmt::Assign {
                                target: Place::Member { object: Expr::This(span), name: name.clone(), span },
                                value: Expr::Name(name, span),
                                span,
                            });
                        }
                    }
                    (pattern, ty, default, if rest { ParamKind::Rest } else { ParamKind::Positional })
                }
                "identifier" => (Some(c), None, None, ParamKind::Positional),
                "assignment_pattern" => {
                    (self.field(c, "left"), None, self.field(c, "right").map(|r| self.expr(r)), ParamKind::Positional)
                }
                "rest_pattern" => (Some(c), None, None, ParamKind::Rest),
                "object_pattern" | "array_pattern" => (Some(c), None, None, ParamKind::Positional),
                _ => continue,
            };
            let Some(p) = pattern_node else { continue };
            let (name, pattern) = match p.kind() {
                "identifier" => (self.text(p), None),
                "rest_pattern" => (kids(p).first().map(|i| self.text(*i)).unwrap_or_default(), None),
                _ => ("@param".to_string(), Some(self.pattern(p))),
            };
            out.push(Param { name, pattern, default, kind, annotation, span });
        }
        (out, prologue)
    }

    /// A parameter's declared type as a name the evaluator can look up.
    fn type_expr(&mut self, t: Node) -> Option<Expr> {
        let inner = kids(t).into_iter().next()?;
        let span = self.span(inner);
        match inner.kind() {
            "type_identifier" => Some(Expr::Name(self.text(inner), span)),
            "nested_type_identifier" => {
                let text = self.text(inner);
                let mut parts = text.split('.');
                let mut e = Expr::Name(parts.next()?.to_string(), span);
                for p in parts {
                    e = Expr::Member { object: Box::new(e), name: p.to_string(), span };
                }
                Some(e)
            }
            "generic_type" => {
                let name = self.field(inner, "name")?;
                Some(Expr::Name(self.text(name), span))
            }
            _ => None,
        }
    }

    /// A type that names a type: `T`, `ns.T`, `T[]`, `Array<T>`,
    /// `readonly T[]`, `Record<K, T>`, as the named type and what holds it.
    fn typed_as(&mut self, t: Node) -> Option<(Expr, TypeHolds)> {
        let named = |cx: &mut Self, n: Node| -> Option<Expr> {
            let span = cx.span(n);
            match n.kind() {
                "type_identifier" => Some(Expr::Name(cx.text(n), span)),
                "nested_type_identifier" => {
                    let text = cx.text(n);
                    let mut parts = text.split('.').map(str::trim);
                    let mut e = Expr::Name(parts.next()?.to_string(), span);
                    for p in parts {
                        e = Expr::Member { object: Box::new(e), name: p.to_string(), span };
                    }
                    Some(e)
                }
                _ => None,
            }
        };
        match t.kind() {
            "type_identifier" | "nested_type_identifier" => Some((named(self, t)?, TypeHolds::One)),
            "array_type" => Some((named(self, kids(t).into_iter().next()?)?, TypeHolds::List)),
            "readonly_type" => self.typed_as(kids(t).into_iter().next()?),
            "generic_type" => {
                let name = self.text(self.field(t, "name")?);
                let targs = kids(self.field(t, "type_arguments")?);
                match (name.as_str(), targs.as_slice()) {
                    ("Array" | "ReadonlyArray", [e]) => Some((named(self, *e)?, TypeHolds::List)),
                    ("Record", [_, e]) => Some((named(self, *e)?, TypeHolds::Map)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn class(&mut self, n: Node) -> crate::ir::ClassId {
        let span = self.span(n);
        let name_node = self.field(n, "name");
        let name = name_node.map(|m| self.text(m));
        let name_span = name_node.map_or(span, |m| self.span(m));
        let mut bases = vec![];
        for h in kids(n).into_iter().filter(|c| c.kind() == "class_heritage") {
            for clause in kids(h) {
                match clause.kind() {
                    "extends_clause" => {
                        if let Some(v) = self.field(clause, "value") {
                            bases.push(self.expr(v));
                        }
                    }
                    // JavaScript's grammar puts the base right under class_heritage.
                    "implements_clause" => {}
                    _ => bases.push(self.expr(clause)),
                }
            }
        }
        let mut members = vec![];
        if let Some(body) = self.field(n, "body") {
            for m in kids(body) {
                self.class_member(m, &mut members);
            }
        }
        let decorators = kids(n)
            .into_iter()
            .filter(|c| c.kind() == "decorator")
            .filter_map(|d| kids(d).first().map(|e| self.expr(*e)))
            .collect();
        self.module.add_class(Class {
            name,
            name_span,
            kind: ClassKind::Class,
            bases,
            members,
            decorators,
            instances_see_statics: false,
            span,
        })
    }

    fn class_member(&mut self, m: Node, members: &mut Vec<Member>) {
        let is_static = self.has_keyword(m, "static");
        match m.kind() {
            "method_definition" => {
                let name = self.field(m, "name").map(|n| self.key_text(n)).unwrap_or_default();
                let name_span = self.field(m, "name").map_or(self.span(m), |n| self.span(n));
                let kind = if name == "constructor" {
                    FuncKind::Constructor
                } else if self.has_keyword(m, "get") {
                    FuncKind::Getter
                } else {
                    FuncKind::Method
                };
                let id = self.function(m, kind, false);
                let decorators: Vec<Expr> = kids(m)
                    .into_iter()
                    .filter(|c| c.kind() == "decorator")
                    .filter_map(|d| kids(d).first().map(|e| self.expr(*e)))
                    .collect();
                self.module.funcs[id.0 as usize].decorators = decorators;
                members.push(Member {
                    name,
                    name_span,
                    is_static,
                    value: MemberValue::Method(id),
                    annotation: None,
                    alias: None,
                });
            }
            "public_field_definition" | "field_definition" => {
                let key = self.field(m, "name").or_else(|| self.field(m, "property"));
                let Some(key) = key else { return };
                let value = self.field(m, "value").map(|v| self.expr(v));
                members.push(Member {
                    name: self.key_text(key),
                    name_span: self.span(key),
                    is_static,
                    value: MemberValue::Field(value),
                    annotation: None,
                    alias: None,
                });
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
            "null" => Expr::Lit(Lit::Null, span),
            "undefined" => Expr::Lit(Lit::Undefined, span),
            "number" => Expr::Lit(Lit::Num(self.text(n)), span),
            "string" => match self.string_text(n) {
                Some(s) => Expr::Lit(Lit::Str(s), span),
                None => Expr::Unknown(span),
            },
            "template_string" => self.template(n, span),
            "regex" => {
                let part = |f: &'static str| self.field(n, f).map(|p| self.text(p)).unwrap_or_default();
                let (pattern, flags) = (part("pattern"), part("flags"));
                ir::regex(Expr::Lit(Lit::Str(pattern), span), &flags, span)
            }
            _ if self.is_cjs_exports(n) => Expr::Name(CJS_EXPORTS.into(), span),
            "identifier" | "shorthand_property_identifier" => match self.text(n).as_str() {
                "undefined" => Expr::Lit(Lit::Undefined, span),
                name => Expr::Name(name.to_string(), span),
            },
            "sequence_expression" => match kids(n).last() {
                Some(last) => self.expr(*last),
                None => Expr::Unknown(span),
            },
            "this" => Expr::This(span),
            "super" => Expr::Super(span),
            // A name no program can bind, which the interpreter binds per
            // module to its location (`import.meta.url`).
            "meta_property" if self.text(n) == "import.meta" => Expr::Name("import.meta".into(), span),
            "member_expression" if n.has_error() => {
                // Error recovery swallowed the receiver: the identifier written
                // just before `.name`, if there is one; the rest is lost.
                let prop = self.field(n, "property");
                let before = prop.and_then(|p| p.prev_named_sibling());
                let ident = before.and_then(|b| match b.kind() {
                    "identifier" => Some(b),
                    "ERROR" => kids(b).last().copied().filter(|i| i.kind() == "identifier"),
                    _ => None,
                });
                let span = self.recovered_span(n);
                let object = ident.map_or(Expr::Unknown(span), |i| Expr::Name(self.text(i), self.span(i)));
                let name = prop.map(|p| self.text(p)).unwrap_or_default();
                Expr::Member { object: b(object), name, span }
            }
            "member_expression" => {
                let object = self.field(n, "object").map_or(Expr::Unknown(span), |o| self.expr(o));
                let name = self.field(n, "property").map(|p| self.text(p)).unwrap_or_default();
                Expr::Member { object: b(object), name, span }
            }
            "subscript_expression" => {
                let object = self.field(n, "object").map_or(Expr::Unknown(span), |o| self.expr(o));
                let index = self.field(n, "index").map_or(Expr::Unknown(span), |i| self.expr(i));
                Expr::Index { object: b(object), index: b(index), span }
            }
            "call_expression" => {
                let callee = self.field(n, "function").map_or(Expr::Unknown(span), |c| self.expr(c));
                // A call whose receiver error recovery swallowed starts at the member it calls.
                let span = match self.field(n, "function") {
                    Some(f) if f.kind() == "member_expression" && f.has_error() => {
                        Span { end: span.end, ..self.recovered_span(f) }
                    }
                    _ => span,
                };
                let args = self.field(n, "arguments");
                let args = match args {
                    Some(a) if a.kind() == "arguments" => self.args(a),
                    // A tagged template: some value.
                    Some(_) => return Expr::Unknown(span),
                    None => vec![],
                };
                Expr::Call { callee: b(callee), args, span }
            }
            "new_expression" => {
                let class = self.field(n, "constructor").map_or(Expr::Unknown(span), |c| self.expr(c));
                let args = self.field(n, "arguments").map(|a| self.args(a)).unwrap_or_default();
                Expr::New { class: b(class), args, span }
            }
            "object" => self.object(n, span),
            "array" => {
                let items = kids(n)
                    .into_iter()
                    .map(|c| match c.kind() {
                        "spread_element" => {
                            Element::Spread(kids(c).first().map_or(Expr::Unknown(span), |i| self.expr(*i)))
                        }
                        _ => Element::Item(self.expr(c)),
                    })
                    .collect();
                Expr::List { items, span }
            }
            "yield_expression" if self.generator => {
                let value = kids(n).first().map(|v| self.expr(*v));
                crate::frontend::generators::yield_expr(value, self.has_keyword(n, "*"), span)
            }
            "arrow_function" => Expr::Func(self.function(n, FuncKind::Plain, true), span),
            "function_expression" | "function" | "generator_function" => {
                Expr::Func(self.function(n, FuncKind::Plain, false), span)
            }
            "class" => Expr::Class(self.class(n), span),
            "parenthesized_expression" => match kids(n).into_iter().find(|c| !is_type(c.kind())) {
                Some(inner) => self.expr(inner),
                None => Expr::Unknown(span),
            },
            "as_expression"
            | "satisfies_expression"
            | "non_null_expression"
            | "type_assertion"
            | "await_expression" => {
                let parts = kids(n);
                let inner = parts
                    .iter()
                    .find(|c| !is_type(c.kind()) && !c.kind().ends_with("_type") && c.kind() != "type_identifier");
                let Some(inner) = inner else { return Expr::Unknown(span) };
                let value = self.expr(*inner);
                // `v as T`, `v satisfies T`, `<T>v`: the type is the other part.
                let ty = parts.iter().find(|c| c.id() != inner.id()).and_then(|t| match t.kind() {
                    "type_arguments" => kids(*t).into_iter().next(),
                    _ => Some(*t),
                });
                match ty.and_then(|t| self.typed_as(t)) {
                    Some((ty, holds)) if n.kind() != "await_expression" => {
                        Expr::Typed { value: b(value), ty: b(ty), holds, span }
                    }
                    _ => Expr::Unary { op: UnaryOp::Transparent, operand: b(value), span },
                }
            }
            "binary_expression" => {
                let op = match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("===" | "==") => BinaryOp::Eq,
                    Some("!==" | "!=") => BinaryOp::NotEq,
                    Some("&&") => BinaryOp::And,
                    Some("||") => BinaryOp::Or,
                    Some("??") => BinaryOp::Coalesce,
                    Some("+") => BinaryOp::Add,
                    Some("in") => BinaryOp::In,
                    Some("instanceof") => BinaryOp::InstanceOf,
                    Some(op) => BinaryOp::arithmetic_or_ordering(op),
                    None => BinaryOp::Other,
                };
                let l = self.field(n, "left").map_or(Expr::Unknown(span), |l| self.expr(l));
                let r = self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r));
                Expr::Binary { op, left: b(l), right: b(r), span }
            }
            "unary_expression" => {
                let arg = self.field(n, "argument").map_or(Expr::Unknown(span), |a| self.expr(a));
                match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("!") => Expr::Unary { op: UnaryOp::Not, operand: b(arg), span },
                    // `void 0` is undefined.
                    Some("void") => Expr::Lit(Lit::Undefined, span),
                    Some("-") => Expr::Unary { op: UnaryOp::Neg, operand: b(arg), span },
                    Some("typeof") => Expr::Unary { op: UnaryOp::TypeOf, operand: b(arg), span },
                    _ => Expr::Unary { op: UnaryOp::Opaque, operand: b(arg), span },
                }
            }
            "ternary_expression" => {
                let t = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let a = self.field(n, "consequence").map_or(Expr::Unknown(span), |c| self.expr(c));
                let o = self.field(n, "alternative").map_or(Expr::Unknown(span), |c| self.expr(c));
                Expr::Cond { test: b(t), then: b(a), otherwise: b(o), span }
            }
            // An assignment used as a value: its value (the store is lost).
            "assignment_expression" => self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r)),
            _ => Expr::Unknown(span),
        }
    }

    fn object(&mut self, n: Node, span: Span) -> Expr {
        let mut entries = vec![];
        for c in kids(n) {
            match c.kind() {
                "pair" => {
                    let (Some(k), Some(v)) = (self.field(c, "key"), self.field(c, "value")) else {
                        continue;
                    };
                    let value = self.expr(v);
                    match k.kind() {
                        "computed_property_name" => {
                            let key = kids(k).first().map_or(Expr::Unknown(span), |e| self.expr(*e));
                            entries.push(Entry::Computed { key, value });
                        }
                        _ => entries.push(Entry::Pair { key: self.key_text(k), key_span: self.span(k), value }),
                    }
                }
                "shorthand_property_identifier" => {
                    let key = self.text(c);
                    entries.push(Entry::Pair {
                        key: key.clone(),
                        key_span: self.span(c),
                        value: Expr::Name(key, self.span(c)),
                    });
                }
                "spread_element" => {
                    let inner = kids(c).first().map_or(Expr::Unknown(span), |i| self.expr(*i));
                    entries.push(Entry::Spread(inner));
                }
                "method_definition" => {
                    let key = self.field(c, "name").map(|k| self.key_text(k)).unwrap_or_default();
                    let key_span = self.field(c, "name").map_or(span, |k| self.span(k));
                    let id = self.function(c, FuncKind::Method, false);
                    entries.push(Entry::Pair { key, key_span, value: Expr::Func(id, key_span) });
                }
                _ => {}
            }
        }
        Expr::Object { entries, span }
    }

    fn args(&mut self, n: Node) -> Vec<Arg> {
        kids(n)
            .into_iter()
            .map(|c| {
                let span = self.span(c);
                match c.kind() {
                    "spread_element" => Arg {
                        keyword: None,
                        value: kids(c).first().map_or(Expr::Unknown(span), |v| self.expr(*v)),
                        spread: Spread::List,
                        span,
                    },
                    _ => Arg { keyword: None, value: self.expr(c), spread: Spread::No, span },
                }
            })
            .collect()
    }

    fn template(&mut self, n: Node, span: Span) -> Expr {
        let mut parts = vec![];
        for c in kids(n) {
            match c.kind() {
                "string_fragment" => parts.push(Expr::Lit(Lit::Str(self.text(c)), self.span(c))),
                "escape_sequence" => match crate::frontend::escapes::javascript(&self.text(c)) {
                    Some(v) => parts.push(Expr::Lit(Lit::Str(v), self.span(c))),
                    None => return Expr::Unknown(span),
                },
                "template_substitution" => {
                    let inner = kids(c).first().map_or(Expr::Unknown(self.span(c)), |e| self.expr(*e));
                    parts.push(inner);
                }
                // Escapes change the text: the string is some string.
                _ => return Expr::Unknown(span),
            }
        }
        match parts.as_slice() {
            [] => Expr::Lit(Lit::Str(String::new()), span),
            _ => Expr::Concat { parts, span },
        }
    }

    /// A string literal's value, escapes decoded.
    fn string_text(&self, n: Node) -> Option<String> {
        let mut out = String::new();
        for c in kids(n) {
            match c.kind() {
                "string_fragment" => out.push_str(self.text.get(c.byte_range()).unwrap_or("")),
                "escape_sequence" => {
                    out.push_str(&crate::frontend::escapes::javascript(self.text.get(c.byte_range()).unwrap_or(""))?)
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// A property key as written: an identifier, a string, a number.
    fn key_text(&self, k: Node) -> String {
        match k.kind() {
            "string" => self.string_text(k).unwrap_or_default(),
            _ => self.text.get(k.byte_range()).unwrap_or("").to_string(),
        }
    }
}

/// Whether an import or export statement or specifier carries the `type`
/// (or `typeof`) keyword of its own, which TypeScript erases.
fn erased(n: Node) -> bool {
    let mut cursor = n.walk();
    let found = n.children(&mut cursor).any(|c| !c.is_named() && matches!(c.kind(), "type" | "typeof"));
    found
}

#[cfg(test)]
mod tests {
    //! TypeScript source → IR → the evaluator: the registrations it reaches.

    use std::path::Path;

    use crate::eval::value::Value;
    use crate::eval::Outcome;
    use crate::model::Lang;
    use crate::source::FileId;

    // The evaluator's own harness: a module per `(name, text)`.
    use crate::eval::tests::ts_source::run_ts as run_files;

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
                    Some(Value::Undefined(_)) => "none".into(),
                    Some(_) => "unknown".into(),
                };
                format!("{name}:{ro}")
            })
            .collect();
        v.sort();
        v
    }

    const SERVER: &str = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n\
                          const server = new McpServer({ name: \"demo\", version: \"1.0.0\" });\n";

    #[test]
    fn register_tool_with_presets_from_another_module() {
        let presets = "export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;\n";
        let main = format!(
            "{SERVER}import {{ READ_ONLY }} from \"./presets.js\";\n\
             server.registerTool(\"list_notes\", {{ title: \"List\", annotations: READ_ONLY }}, async () => ({{ content: [] }}));\n\
             server.registerTool(\"delete_note\", {{ description: \"Delete\" }}, async () => ({{ content: [] }}));\n"
        );
        let out = run_files(&[("presets", presets), ("main", &main)]);
        assert_eq!(tools(&out), ["delete_note:none", "list_notes:true"]);
    }

    #[test]
    fn an_agent_framework_register_tool_is_not_mcp() {
        let src = "import { definePlugin } from \"openclaw\";\n\
                   export default definePlugin((api) => { api.registerTool({ name: \"get_x\", execute() {} }); });\n";
        assert!(run_files(&[("plugin", src)]).registrations.is_empty());
    }

    /// The class-hierarchy shape from issue 11: hints from a base-class getter
    /// computed from the subclass's static field, one registerTool call in
    /// the base's `register()`, tools built from a derived list.
    #[test]
    fn class_hierarchy_with_getter_and_derived_list() {
        let src = format!(
            "{SERVER}\
             abstract class ToolBase {{\n\
               static operationType = \"write\";\n\
               abstract name: string;\n\
               get annotations() {{ return {{ readOnlyHint: (this.constructor as any).operationType === \"read\", destructiveHint: false }}; }}\n\
               register(server: McpServer) {{ server.registerTool(this.name, {{ annotations: this.annotations }}, async () => ({{ content: [] }})); }}\n\
             }}\n\
             class ListDocs extends ToolBase {{ static operationType = \"read\"; name = \"list_docs\"; }}\n\
             class DropDocs extends ToolBase {{ name = \"drop_docs\"; }}\n\
             const all = [new ListDocs(), new DropDocs()];\n\
             const enabled = all.filter((t) => t.name !== \"disabled\");\n\
             for (const tool of [...enabled]) {{ tool.register(server); }}\n"
        );
        // The subclass's static wins; the other inherits the base's.
        assert_eq!(tools(&run_files(&[("server", &src)])), ["drop_docs:false", "list_docs:true"]);
    }

    #[test]
    fn instance_fields_getters_and_helpers_with_destructured_options() {
        let src = format!(
            "{SERVER}\
             class Base {{\n\
               kind = \"write\";\n\
               get annotations() {{ return {{ readOnlyHint: this.kind === \"read\" }}; }}\n\
               register(s: McpServer) {{ s.registerTool(this.name, {{ annotations: this.annotations }}, async () => ({{}})); }}\n\
             }}\n\
             class GetStatus extends Base {{ name = \"get_status\"; kind = \"read\"; }}\n\
             class Reset extends Base {{ name = \"reset\"; }}\n\
             function define({{ name, readOnly = false }}: {{ name: string; readOnly?: boolean }}) {{\n\
               return (s: McpServer) => s.registerTool(name, {{ annotations: {{ readOnlyHint: readOnly }} }}, async () => ({{}}));\n\
             }}\n\
             const defs = [define({{ name: \"search\", readOnly: true }}), define({{ name: \"write_file\" }})];\n\
             defs.forEach((register) => register(server));\n\
             [new GetStatus(), new Reset()].forEach((t) => t.register(server));\n"
        );
        assert_eq!(
            tools(&run_files(&[("server", &src)])),
            ["get_status:true", "reset:false", "search:true", "write_file:false"]
        );
    }

    #[test]
    fn a_class_holding_the_server_registers_through_this() {
        let src = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n\
                   export class NotesServer {\n\
                     constructor(private server: McpServer) {}\n\
                     setup() {\n\
                       try { this.server.registerTool(\"get_note\", { annotations: { readOnlyHint: true } }, async () => ({})); }\n\
                       catch (e) { console.error(e); }\n\
                     }\n\
                   }\n";
        // Nothing constructs NotesServer here: it runs as a root, its typed
        // constructor parameter is a server.
        assert_eq!(tools(&run_files(&[("notes", src)])), ["get_note:true"]);
    }

    #[test]
    fn commonjs_require_and_conditional_pushes() {
        let src = "const { McpServer } = require(\"@modelcontextprotocol/sdk/server/mcp.js\");\n\
                   const server = new McpServer({ name: \"x\", version: \"1\" });\n\
                   const tools = [];\n\
                   tools.push({ name: \"read_log\", annotations: { readOnlyHint: true } });\n\
                   if (process.env.ADMIN) { tools.push({ name: \"truncate_log\", annotations: { readOnlyHint: false } }); }\n\
                   for (const t of tools) { server.registerTool(t.name, t, async () => ({})); }\n";
        assert_eq!(tools(&run_files(&[("server", src)])), ["read_log:true", "truncate_log:false"]);
    }

    #[test]
    fn deep_member_chains_lower_without_overflowing() {
        let src = format!("const X = a{};\n", ".b".repeat(6_500));
        let m = crate::frontend::typescript::parse_file(FileId(0), Lang::TypeScript, Path::new("x.ts"), &src)
            .1
            .expect("parses");
        assert_eq!(m.body.len(), 1);
    }

    #[test]
    fn a_subclass_of_the_sdk_server_registers_through_this() {
        let src = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n\
                   import { Base } from \"other-lib\";\n\
                   export class Ledger extends McpServer {\n\
                     constructor() { super({ name: \"l\", version: \"1\" }); this.tool(\"post_entry\", async () => ({})); }\n\
                   }\n\
                   export class NotMcp extends Base {\n\
                     constructor() { super(); this.tool(\"not_a_tool\", async () => ({})); }\n\
                   }\n";
        assert_eq!(tools(&run_files(&[("main", src)])), ["post_entry:none"]);
    }

    #[test]
    fn commonjs_exports_are_what_requires_see() {
        let presets = "const READ = { readOnlyHint: true };\n\
                       module.exports = { READ, WRITE: { readOnlyHint: false } };\n\
                       module.exports.LATE = { readOnlyHint: true };\n";
        let main = "const { McpServer } = require(\"@modelcontextprotocol/sdk/server/mcp.js\");\n\
                    const { WRITE } = require(\"./presets\");\n\
                    const p = require(\"./presets\");\n\
                    const LATE = require(\"./presets\").LATE;\n\
                    const server = new McpServer({ name: \"x\", version: \"1\" });\n\
                    server.registerTool(\"a\", { annotations: WRITE }, async () => ({}));\n\
                    server.registerTool(\"b\", { annotations: p.READ }, async () => ({}));\n\
                    server.registerTool(\"c\", { annotations: LATE }, async () => ({}));\n";
        assert_eq!(tools(&run_files(&[("presets", presets), ("main", main)])), ["a:false", "b:true", "c:true"]);
    }

    #[test]
    fn a_syntax_error_loses_only_itself() {
        let src = format!(
            "{SERVER}function broken( {{\n  const x = ;\n}}\n\
             server.registerTool(\"after_error\", {{ annotations: {{ readOnlyHint: true }} }}, async () => ({{}}));\n"
        );
        assert_eq!(tools(&run_files(&[("main", &src)])), ["after_error:true"]);
    }

    #[test]
    fn every_export_is_marked_and_types_are_not() {
        let src = "export const a = 1, { b, c: [d] } = x;\n\
                   export function f() {}\n\
                   export default class C {}\n\
                   export { a as alias };\n\
                   export { g as h } from \"./g.js\";\n\
                   export * as ns from \"./n.js\";\n\
                   export * from \"./all.js\";\n\
                   export interface I { x: string }\n\
                   export type T = I;\n";
        let (_, module) = crate::frontend::typescript::parse_file(FileId(0), Lang::TypeScript, Path::new("m.ts"), src);
        let exported: Vec<String> = module
            .expect("lowers")
            .body
            .iter()
            .filter_map(|s| match s {
                crate::ir::Stmt::Export { exported, .. } => Some(exported.clone()),
                _ => None,
            })
            .collect();
        // `export *` is an import of `*`, not a mark.
        assert_eq!(exported, ["a", "b", "d", "f", "default", "alias", "h", "ns"]);
    }
}
