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
