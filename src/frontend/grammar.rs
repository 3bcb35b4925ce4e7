//! What every tree-sitter frontend does around its lowering: one parser
//! per grammar and thread, parsing under the file's budget, reporting the
//! first syntax error and unsearchable nesting, and freeing a large tree.
//! The C#, Java and Kotlin frontends are only a [`Grammar`] and a lowering.

use std::cell::RefCell;
use std::collections::HashMap;

use tree_sitter::{Language, Node, Parser, Tree};

use super::queries::Lexis;
use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// A tree-sitter grammar and how its language writes comments and strings.
pub struct Grammar {
    pub lang: Lang,
    /// The language's name in messages ("C#").
    pub label: &'static str,
    pub language: fn() -> Language,
    pub prefilter: &'static [&'static str],
    pub lexis: Lexis,
    /// A same-length rewrite of a file the grammar cannot parse but the
    /// language accepts (whitespace the grammar wrongly minds), tried when
    /// the file has a syntax error and kept when it leaves less of the file
    /// in error; `None` when it changes nothing.
    pub repair: Option<fn(&str) -> Option<String>>,
}

thread_local! {
    static PARSERS: RefCell<HashMap<Lang, Parser>> = RefCell::new(HashMap::new());
}

impl Grammar {
    /// Parse within the file's budget; `None` when it ran out.
    pub fn parse(&self, text: &str) -> Option<Tree> {
        PARSERS.with(|cell| {
            let mut parsers = cell.borrow_mut();
            let parser = parsers.entry(self.lang).or_insert_with(|| {
                let mut p = Parser::new();
                p.set_language(&(self.language)()).expect("the grammar matches the tree-sitter ABI");
                p
            });
            super::queries::parse(parser, text)
        })
    }

    /// Byte ranges of the file's comments (for inline suppressions).
    pub fn comments(&self, text: &str) -> Vec<std::ops::Range<usize>> {
        self.parse(text).map(|t| super::queries::comment_ranges(t.root_node())).unwrap_or_default()
    }

    /// Parse one file and lower it with `lower`. Never panics on bad input:
    /// a syntax error becomes a problem and the rest of the tree is still
    /// lowered; a file too deep to search is reported and not lowered.
    pub fn parse_file(
        &self,
        file: FileId,
        text: &str,
        lower: impl FnOnce(FileId, &str, Node) -> crate::ir::Module,
    ) -> (FileFacts, Option<crate::ir::Module>) {
        let mut facts = FileFacts::new(file, self.lang);
        let Some(mut tree) = self.parse(text) else {
            facts.problems.push(super::queries::gave_up(file, self.label));
            return (facts, None);
        };
        // The repaired text has the original's length and byte offsets: spans
        // and the lowering's node texts stay the file's.
        let repaired = match self.repair {
            Some(repair) if tree.root_node().has_error() => repair(text),
            _ => None,
        };
        let mut text = text;
        if let Some(fixed) = &repaired {
            // Kept when less of the file is in error than before.
            if let Some(t) = self.parse(fixed).filter(|t| error_bytes(t.root_node()) < error_bytes(tree.root_node())) {
                tree = t;
                text = fixed;
            }
        }
        let root = tree.root_node();
        if root.has_error() {
            facts.problems.extend(super::queries::first_syntax_error(file, text, root, self.label, self.prefilter));
        }
        if let Some(problem) = super::queries::too_deep(file, text, root, self.lexis) {
            facts.problems.push(problem);
            return (facts, None);
        }
        let module = lower(file, text, root);
        super::queries::release(tree, text.len());
        super::with_imports(facts, module)
    }
}

/// How many bytes of a tree syntax errors cover (an error node's whole
/// range, a missing node one byte): how much of a file a parse lost.
fn error_bytes(root: Node) -> usize {
    let mut total = 0;
    let mut cursor = root.walk();
    loop {
        let n = cursor.node();
        let descend = if n.is_error() {
            total += n.byte_range().len();
            false
        } else {
            if n.is_missing() {
                total += 1;
            }
            n.has_error() && cursor.goto_first_child()
        };
        if descend {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return total;
            }
        }
    }
}
