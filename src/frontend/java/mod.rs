//! Java frontend: tree-sitter-java → the IR ([`to_ir`]). What the official
//! Java SDK (`io.modelcontextprotocol`) and Spring AI's annotations mean is
//! decided by the evaluator's SDK tables, not here.

mod to_ir;

use super::grammar::Grammar;
use super::queries::Lexis;
use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Byte markers of files worth parsing.
pub const PREFILTER: &[&str] = &["modelcontextprotocol", "McpTool", "McpSchema", "ToolAnnotations", "Hint"];

pub static GRAMMAR: Grammar = Grammar {
    lang: Lang::Java,
    label: "Java",
    language: || tree_sitter_java::LANGUAGE.into(),
    prefilter: PREFILTER,
    lexis: Lexis { hash_comments: false, backtick_strings: false },
};

/// Parse one Java file into its IR and facts (imports, syntax problems).
pub fn parse_file(file: FileId, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    GRAMMAR.parse_file(file, text, to_ir::lower)
}
