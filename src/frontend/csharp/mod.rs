//! C# frontend: tree-sitter-c-sharp → the IR ([`to_ir`]). What the official
//! C# SDK's attributes and calls mean is decided by the evaluator's SDK
//! tables, not here.

mod to_ir;

use super::grammar::Grammar;
use super::queries::Lexis;
use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Byte markers of files worth parsing.
pub const PREFILTER: &[&str] = &["McpServerTool", "ModelContextProtocol", "Mcp", "ReadOnly", "Destructive"];

pub static GRAMMAR: Grammar = Grammar {
    lang: Lang::CSharp,
    label: "C#",
    language: || tree_sitter_c_sharp::LANGUAGE.into(),
    prefilter: PREFILTER,
    lexis: Lexis { hash_comments: false, backtick_strings: false },
};

/// Parse one C# file into its IR and facts (imports, syntax problems).
pub fn parse_file(file: FileId, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    GRAMMAR.parse_file(file, text, to_ir::lower)
}
