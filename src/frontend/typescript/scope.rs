//! Declarations per scope, collected once per file: a registration looks up
//! a handful of local names, and scanning a large function body for each of
//! them would make big generated files quadratic.

use std::collections::HashMap;
use std::rc::Rc;

use tree_sitter::Node;

use super::lower::{is_function, named_children, pattern_names};
use super::Cx;

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
