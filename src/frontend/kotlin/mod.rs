//! Kotlin frontend: tree-sitter-kotlin-ng → the IR ([`to_ir`]). What the
//! official kotlin-sdk's calls mean is decided by the evaluator's SDK
//! tables, not here.

mod to_ir;

use super::grammar::Grammar;
use super::queries::Lexis;
use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Files worth parsing up front: they import the SDK, register tools or
/// build annotations, or use Spring AI's tool annotations and providers
/// (as the Java frontend's markers). Others (helpers in the same package,
/// imported constants) are parsed when a package or an import reaches them.
pub const PREFILTER: &[&str] =
    &["modelcontextprotocol", "addTool", "ToolAnnotations", "RegisteredTool", "Hint", "McpTool", "toolObjects"];

pub static GRAMMAR: Grammar = Grammar {
    lang: Lang::Kotlin,
    label: "Kotlin",
    language: || tree_sitter_kotlin_ng::LANGUAGE.into(),
    prefilter: PREFILTER,
    lexis: Lexis { hash_comments: false, backtick_strings: false },
};

/// Parse one Kotlin file into its IR and facts (imports, syntax problems).
pub fn parse_file(file: FileId, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    GRAMMAR.parse_file(file, text, to_ir::lower)
}
