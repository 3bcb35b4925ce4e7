//! C# frontend: tree-sitter-c-sharp → the IR ([`to_ir`]). What the official
//! C# SDK's attributes and calls mean is decided by the evaluator's SDK
//! tables, not here.

mod to_ir;

pub use to_ir::{RETURNS, TARGET};

use super::grammar::Grammar;
use super::queries::Lexis;
use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Byte markers of files worth parsing up front: the SDK's attribute and
/// class (`McpServerTool`, `McpServerToolType`, `McpServerToolCreateOptions`),
/// its namespaces and the builder (`AddMcpServer`). The other files of a
/// project are read when a file of it is (one assembly shares its names).
pub const PREFILTER: &[&str] = &["McpServerTool", "ModelContextProtocol", "AddMcpServer"];

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
