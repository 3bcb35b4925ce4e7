//! Local scope: what the names a registration reads stand for where it is
//! written (typed parameters, local constants, destructuring, loop
//! variables), and the declarations per scope, collected once per file (a
//! registration looks up a handful of local names; scanning a large function
//! body for each would make big generated files quadratic).

use std::collections::HashMap;
use std::rc::Rc;

use tree_sitter::Node;

use super::lower::{
    enclosing_functions, is_function, loop_variable, named_children, params, pattern_key, pattern_names,
};
use super::{lower, Cx};
use crate::model::{Each, Entry, Expr, FileFacts, ToolSite};
use crate::source::Span;

/// Declarators by name, in source order.
pub type Decls<'t> = Rc<HashMap<String, Vec<Node<'t>>>>;

#[derive(Default)]
pub struct Scopes<'t> {
    by_scope: HashMap<usize, Decls<'t>>,
}

impl<'t> Cx<'_, 't> {
    /// Declarators of a function's own body (not nested functions or
    /// classes), of a block's direct statements, or of the file's top level.
    fn decls(&self, scope: Node<'t>) -> Decls<'t> {
        if let Some(hit) = self.scopes.borrow().by_scope.get(&scope.id()) {
            return hit.clone();
        }
        let mut out = Vec::new();
        let text = self.lower.text;
        let mut push = |d: Node<'t>| {
            if let Some(l) = d.child_by_field_name("name") {
                match l.kind() {
                    "identifier" => out.push((text.get(l.byte_range()).unwrap_or("").to_string(), d)),
                    "object_pattern" | "array_pattern" => {
                        out.extend(pattern_names(l, text).into_iter().map(|n| (n, d)))
                    }
                    _ => {}
                }
            }
        };
        let statements =
            |n: Node<'t>| -> Vec<Node<'t>> {
                named_children(n)
                    .map(|s| {
                        if s.kind() == "export_statement" {
                            s.child_by_field_name("declaration").unwrap_or(s)
                        } else {
                            s
                        }
                    })
                    .filter(|s| matches!(s.kind(), "lexical_declaration" | "variable_declaration"))
                    .collect()
            };
        if is_function(scope) {
            if let Some(body) = scope.child_by_field_name("body") {
                let mut found = Vec::new();
                let mut stack = vec![body];
                while let Some(n) = stack.pop() {
                    for c in named_children(n) {
                        if is_function(c) || matches!(c.kind(), "class_declaration" | "class") {
                            continue;
                        }
                        if c.kind() == "variable_declarator" {
                            found.push(c);
                        }
                        stack.push(c);
                    }
                }
                found.sort_by_key(|d| d.start_byte());
                found.into_iter().for_each(&mut push);
            }
        } else {
            for s in statements(scope) {
                named_children(s).filter(|d| d.kind() == "variable_declarator").for_each(&mut push);
            }
        }
        let mut by_name: HashMap<String, Vec<Node<'t>>> = HashMap::new();
        for (name, d) in out {
            by_name.entry(name).or_default().push(d);
        }
        let decls = Rc::new(by_name);
        self.scopes.borrow_mut().by_scope.insert(scope.id(), decls.clone());
        decls
    }

    /// The last declarator of `name` in `scope` that starts before `before`.
    pub(super) fn declaration_in(&self, scope: Node<'t>, name: &str, before: usize) -> Option<Node<'t>> {
        self.decls(scope).get(name)?.iter().rev().find(|d| d.start_byte() < before).copied()
    }

    /// The declarator of `name` in the blocks around `at`, up to the nearest
    /// function (a loop body at the top level, for instance).
    pub(super) fn block_declaration(&self, at: Node<'t>, name: &str) -> Option<Node<'t>> {
        let mut cur = at.parent();
        while let Some(p) = cur {
            if is_function(p) || p.kind() == "program" {
                return None;
            }
            if p.kind() == "statement_block" {
                if let Some(d) = self.declaration_in(p, name, at.start_byte()) {
                    return Some(d);
                }
            }
            cur = p.parent();
        }
        None
    }

    /// The declarator of a top-level name of the file.
    pub(super) fn top_declaration(&self, name: &str) -> Option<Node<'t>> {
        self.declaration_in(self.root, name, usize::MAX)
    }
}

impl<'a, 't> Cx<'a, 't> {
    /// Rewrite the names in `expr` that are parameters or locals of the
    /// functions enclosing `at` into what that scope says about them: a
    /// typed parameter is an instance of its type, a local constant is its
    /// value, anything else local cannot be followed. Module-level names are
    /// left for `resolve`.
    pub(super) fn scoped(&self, expr: Expr, at: Node<'t>) -> Expr {
        self.scoped_d(expr, at, 0)
    }

    fn scoped_d(&self, expr: Expr, at: Node<'t>, depth: usize) -> Expr {
        if depth > 8 {
            return Expr::Unresolved(expr.span());
        }
        let d = depth + 1;
        match expr {
            Expr::Ref { path, span } => {
                let head = path[0].as_str();
                if head == "this" {
                    return Expr::Ref { path, span };
                }
                let Some(local) = self.local(head, at, d) else { return Expr::Ref { path, span } };
                path[1..].iter().fold(local, |base, key| Expr::Field { base: Box::new(base), key: key.clone(), span })
            }
            Expr::Object { entries, span } => Expr::Object {
                entries: entries
                    .into_iter()
                    .map(|e| match e {
                        Entry::Pair { key, key_span, value } => {
                            Entry::Pair { key, key_span, value: self.scoped_d(value, at, d) }
                        }
                        Entry::Spread(v) => Entry::Spread(self.scoped_d(v, at, d)),
                    })
                    .collect(),
                span,
            },
            Expr::Field { base, key, span } => Expr::Field { base: Box::new(self.scoped_d(*base, at, d)), key, span },
            Expr::Index { base, key, span } => Expr::Index { base: Box::new(self.scoped_d(*base, at, d)), key, span },
            Expr::Lookup { base, key, span } => Expr::Lookup {
                base: Box::new(self.scoped_d(*base, at, d)),
                key: Box::new(self.scoped_d(*key, at, d)),
                span,
            },
            Expr::Equals { left, right, negated, span } => Expr::Equals {
                left: Box::new(self.scoped_d(*left, at, d)),
                right: Box::new(self.scoped_d(*right, at, d)),
                negated,
                span,
            },
            Expr::Concat { parts, span } => {
                Expr::Concat { parts: parts.into_iter().map(|p| self.scoped_d(p, at, d)).collect(), span }
            }
            Expr::Call { callee, args, span } => Expr::Call {
                callee: Box::new(self.scoped_d(*callee, at, d)),
                args: args
                    .into_iter()
                    .map(|mut a| {
                        a.value = self.scoped_d(a.value, at, d);
                        a
                    })
                    .collect(),
                span,
            },
            e => e,
        }
    }

    /// What a local name at `at` stands for, or `None` when it is not local.
    /// The variables of a loop over a list stay names: `resolve` repeats
    /// the registration per element ([`crate::model::Each`]).
    fn local(&self, name: &str, at: Node<'t>, d: usize) -> Option<Expr> {
        let span = self.span(at);
        if let Some((_, pattern)) = loop_context(at, self.lower.text) {
            if self.loop_vars(pattern).iter().any(|(v, _)| v == name) {
                return None;
            }
        }
        if loop_variable(at, name, self.lower.text) {
            return Some(Expr::Unresolved(span));
        }
        if let Some(decl) = self.block_declaration(at, name) {
            return Some(self.declared(decl, name, span, d));
        }
        for f in enclosing_functions(at) {
            if let Some(decl) = self.declaration_in(f, name, at.start_byte()) {
                return Some(self.declared(decl, name, span, d));
            }
            if let Some(p) = params(f, self.lower.text).into_iter().find(|p| p.name == name) {
                if let Some(class) = p.ty.and_then(|t| self.lower.type_expr(t)) {
                    return Some(Expr::Instance { class: Box::new(class), span });
                }
                // mcp-handler: `createMcpHandler((server) => {...})` hands
                // the callback an `McpServer`.
                if let Some(callee) = callback_of(f) {
                    return Some(Expr::Instance { class: Box::new(self.lower.expr(callee)), span });
                }
                return Some(Expr::Unresolved(span));
            }
        }
        None
    }
}

impl<'a, 't> Cx<'a, 't> {
    /// What a local declarator says about `name`.
    fn declared(&self, decl: Node<'t>, name: &str, span: Span, d: usize) -> Expr {
        let pattern = decl.child_by_field_name("name").filter(|n| n.kind() == "object_pattern");
        match decl.child_by_field_name("value") {
            // `const { name, ...config } = tool`
            Some(v) if pattern.is_some() => {
                let value = self.scoped_d(self.lower.expr(v), decl, d);
                match pattern.and_then(|p| pattern_key(p, name, self.lower.text)) {
                    Some(Some(key)) => Expr::Field { base: Box::new(value), key, span },
                    Some(None) => value,
                    None => Expr::Unresolved(span),
                }
            }
            Some(v) => {
                let value = self.lower.expr(v);
                self.scoped_d(value, decl, d)
            }
            None => match decl.child_by_field_name("type").and_then(|t| self.lower.type_expr(t)) {
                Some(class) => Expr::Instance { class: Box::new(class), span },
                None => Expr::Unresolved(span),
            },
        }
    }

    /// The names a loop binds per element, with the key each reads.
    fn loop_vars(&self, pattern: Node<'t>) -> Vec<(String, Vec<String>)> {
        let text = self.lower.text;
        match pattern.kind() {
            "identifier" => vec![(self.text(pattern).to_string(), vec![])],
            // `([name, tool]) => ...` over `Object.entries(...)`; a hole
            // (`[, tool]`) still takes a position, so positions count commas.
            "array_pattern" => {
                let mut cursor = pattern.walk();
                let mut position = 0usize;
                let mut out = Vec::new();
                for c in pattern.children(&mut cursor) {
                    match c.kind() {
                        "," => position += 1,
                        "identifier" => out.push((self.text(c).to_string(), vec![position.to_string()])),
                        _ => {}
                    }
                }
                out
            }
            "object_pattern" => pattern_names(pattern, text)
                .into_iter()
                .filter_map(|n| {
                    let key = pattern_key(pattern, &n, text)?;
                    Some((n, key.into_iter().collect()))
                })
                .collect(),
            _ => vec![],
        }
    }

    /// The per-element repetition of the site about to be pushed at `at`,
    /// when it sits in a loop over a list and reads the loop's variables.
    fn each_for(&self, at: Node<'t>, tool: &ToolSite, index: usize) -> Option<Each> {
        let (list, pattern) = loop_context(at, self.lower.text)?;
        let vars = self.loop_vars(pattern);
        let uses = |e: &Expr| refs_any(e, &vars);
        let used = tool.name.as_ref().is_some_and(uses)
            || tool.annotations.as_ref().is_some_and(uses)
            || tool.args.iter().any(|a| uses(&a.value));
        if !used {
            return None;
        }
        let list = self.scoped(self.lower.expr(list), list);
        Some(Each { tool: index, list, vars })
    }

    /// Push a registration site, with its per-element repetition if any.
    pub(super) fn push_site(&self, at: Node<'t>, tool: ToolSite, facts: &mut FileFacts) {
        if let Some(each) = self.each_for(at, &tool, facts.tools.len()) {
            facts.each.push(each);
        }
        facts.tools.push(tool);
    }
}

/// Whether `e` reads any of the loop variables.
fn refs_any(e: &Expr, vars: &[(String, Vec<String>)]) -> bool {
    match e {
        Expr::Ref { path, .. } => vars.iter().any(|(v, _)| *v == path[0]),
        Expr::Field { base, .. } | Expr::Index { base, .. } => refs_any(base, vars),
        Expr::Lookup { base, key, .. } => refs_any(base, vars) || refs_any(key, vars),
        Expr::Equals { left, right, .. } => refs_any(left, vars) || refs_any(right, vars),
        Expr::Concat { parts, .. } => parts.iter().any(|p| refs_any(p, vars)),
        Expr::Object { entries, .. } => entries.iter().any(|en| match en {
            Entry::Pair { value, .. } | Entry::Spread(value) => refs_any(value, vars),
        }),
        Expr::Call { callee, args, .. } => refs_any(callee, vars) || args.iter().any(|a| refs_any(&a.value, vars)),
        _ => false,
    }
}

/// The innermost loop over a list around `at` that `at` is inside of:
/// `for (const x of LIST) ...` or `LIST.forEach((x) => ...)` (also `map`,
/// `flatMap`), as (list, loop-variable pattern). Named functions end the search.
fn loop_context<'t>(at: Node<'t>, text: &str) -> Option<(Node<'t>, Node<'t>)> {
    let mut child = at;
    let mut cur = at.parent();
    while let Some(p) = cur {
        if p.kind() == "for_in_statement" && p.child_by_field_name("body") == Some(child) {
            let of = p.child_by_field_name("operator").is_some_and(|o| o.kind() == "of")
                || (0..p.child_count()).filter_map(|i| p.child(i)).any(|c| c.kind() == "of");
            if of {
                return Some((p.child_by_field_name("right")?, p.child_by_field_name("left")?));
            }
        }
        if lower::is_function(p) {
            let args = p.parent().filter(|a| a.kind() == "arguments")?;
            let call = args.parent().filter(|c| c.kind() == "call_expression")?;
            let callee = call.child_by_field_name("function").filter(|f| f.kind() == "member_expression")?;
            let method = callee.child_by_field_name("property")?;
            let first = lower::named_children(args).next()?;
            if first != p || !matches!(text.get(method.byte_range()), Some("forEach" | "map" | "flatMap")) {
                return None;
            }
            let pattern = p.child_by_field_name("parameter").or_else(|| {
                let params = p.child_by_field_name("parameters")?;
                let first = lower::named_children(params).next()?;
                Some(match first.kind() {
                    "required_parameter" | "optional_parameter" => first.child_by_field_name("pattern")?,
                    _ => first,
                })
            })?;
            return Some((callee.child_by_field_name("object")?, pattern));
        }
        child = p;
        cur = p.parent();
    }
    None
}

/// The callee of the call that `function` is an argument of.
fn callback_of(function: Node) -> Option<Node> {
    let args = function.parent().filter(|p| p.kind() == "arguments")?;
    let call = args.parent().filter(|c| c.kind() == "call_expression")?;
    call.child_by_field_name("function").filter(|f| f.kind() == "identifier")
}
