//! Compile-once cache for tree-sitter queries, and capture lookup helpers.
//!
//! Building a `Query` costs milliseconds, so each `.scm` is compiled once per
//! process. A query that fails to compile, or lacks a capture its Rust code
//! reads, is a bug in this crate: the unit tests compile every query.

use std::collections::HashMap;

use tree_sitter::{Language, Query};

pub struct CompiledQuery {
    pub query: Query,
    captures: HashMap<String, u32>,
}

impl CompiledQuery {
    pub fn new(language: &Language, source: &str, name: &str) -> CompiledQuery {
        let query = Query::new(language, source).unwrap_or_else(|e| panic!("query {name} does not compile: {e}"));
        let captures = query.capture_names().iter().enumerate().map(|(i, n)| (n.to_string(), i as u32)).collect();
        CompiledQuery { query, captures }
    }

    /// The index of a capture the Rust side reads; absent captures are a bug.
    pub fn capture(&self, name: &str) -> u32 {
        *self.captures.get(name).unwrap_or_else(|| panic!("query lacks capture @{name}"))
    }
}

/// Patterns never start deeper than this many nodes below the root. Tool
/// registrations, imports and presets sit far higher in real code; without
/// the bound a query walks every level of a 100,000-deep tree of unclosed
/// template literals once per node.
pub const MAX_QUERY_DEPTH: u32 = 96;

/// A query cursor for this crate's queries, depth-bounded.
pub fn cursor() -> tree_sitter::QueryCursor {
    let mut cursor = tree_sitter::QueryCursor::new();
    cursor.set_max_start_depth(Some(MAX_QUERY_DEPTH));
    cursor
}

/// The first syntax error of a tree-sitter tree, as a problem (MCP090): an
/// `ERROR` node is underlined to the end of its first line, a `MISSING`
/// node is named. The frontend still searches the rest of the tree.
pub fn first_syntax_error(
    file: crate::source::FileId,
    text: &str,
    root: tree_sitter::Node,
    language: &str,
) -> Option<crate::model::Problem> {
    use crate::model::Problem;
    use crate::source::Span;
    let mut cursor = root.walk();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let (start, end) = (n.start_byte(), n.end_byte());
        if n.is_error() {
            let line_end = text[start..].find('\n').map_or(end, |i| (start + i).min(end));
            return Some(Problem {
                span: Span::new(file, start, line_end.max(start + 1).min(text.len())),
                message: format!("syntax error: this {language} could not be parsed"),
            });
        }
        if n.is_missing() {
            return Some(Problem {
                span: Span::new(file, start, end),
                message: format!("syntax error: missing `{}`", n.kind()),
            });
        }
        if n.has_error() {
            let children: Vec<tree_sitter::Node> = n.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }
    None
}

/// The named children of a node, walked with one cursor: `named_child(i)`
/// scans from the first child, so an index loop is quadratic in the number
/// of children (a file of 20,000 top-level statements).
pub fn named_children<'t>(n: tree_sitter::Node<'t>) -> NamedChildren<'t> {
    let mut cursor = n.walk();
    let more = cursor.goto_first_child();
    NamedChildren { cursor, more }
}

pub struct NamedChildren<'t> {
    cursor: tree_sitter::TreeCursor<'t>,
    more: bool,
}

impl<'t> Iterator for NamedChildren<'t> {
    type Item = tree_sitter::Node<'t>;

    fn next(&mut self) -> Option<tree_sitter::Node<'t>> {
        while self.more {
            let node = self.cursor.node();
            self.more = self.cursor.goto_next_sibling();
            if node.is_named() {
                return Some(node);
            }
        }
        None
    }
}
