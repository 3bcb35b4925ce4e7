//! Java frontend: tree-sitter-java → the IR ([`to_ir`]). What the official
//! Java SDK (`io.modelcontextprotocol`) and Spring AI's annotations mean is
//! decided by the evaluator's SDK tables, not here.

mod to_ir;

use super::grammar::Grammar;
use super::queries::Lexis;
use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Byte markers of files worth parsing.
pub const PREFILTER: &[&str] = &[
    "modelcontextprotocol",
    "quarkiverse.mcp",
    "McpTool",
    "McpSchema",
    "ToolAnnotations",
    "Hint",
    "ToolSpecification",
    "toolObjects",
];

pub static GRAMMAR: Grammar = Grammar {
    lang: Lang::Java,
    label: "Java",
    language: || tree_sitter_java::LANGUAGE.into(),
    prefilter: PREFILTER,
    lexis: Lexis { hash_comments: false, backtick_strings: false },
    repair: None,
};

/// Parse one Java file into its IR and facts (imports, syntax problems).
pub fn parse_file(file: FileId, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    GRAMMAR.parse_file(file, text, to_ir::lower)
}

/// A test source: Maven and Gradle's `src/test/`, or a class named as a
/// test (`FooTest.java`, `FooTests.java`, `FooIT.java`). Its registrations
/// are the tests', not the server's.
pub fn is_test_path(path: &std::path::Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let Some(stem) = name.strip_suffix(".java") else { return false };
    if stem.ends_with("Test") || stem.ends_with("Tests") || stem.ends_with("IT") {
        return true;
    }
    let parts: Vec<&str> = path.iter().filter_map(|p| p.to_str()).collect();
    parts.windows(2).any(|w| w[0] == "src" && matches!(w[1], "test" | "testFixtures" | "integrationTest"))
}
