//! C# frontend: tree-sitter-c-sharp → the IR ([`to_ir`]). What the official
//! C# SDK's attributes and calls mean is decided by the evaluator's SDK
//! tables, not here.

mod to_ir;

pub use to_ir::{PARAMETER, RETURNS, TARGET};

use super::grammar::Grammar;
use super::queries::Lexis;
use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Byte markers of files worth parsing up front: the SDK's attribute and
/// class (`McpServerTool`, `McpServerToolType`, `McpServerToolCreateOptions`),
/// its namespaces and the builder (`AddMcpServer`), McpPlugin's and the
/// Azure Functions extension's attributes. The other files of a project
/// are read when a file of it is (one assembly shares its names).
pub const PREFILTER: &[&str] =
    &["McpServerTool", "ModelContextProtocol", "AddMcpServer", "AiTool", "McpPluginTool", "McpToolTrigger"];

/// A dictionary type (`new Dictionary<K, V> { ["k"] = v }`): a keyed map.
pub fn is_dictionary_type(type_name: &str) -> bool {
    matches!(
        type_name,
        "Dictionary"
            | "ConcurrentDictionary"
            | "SortedDictionary"
            | "SortedList"
            | "IDictionary"
            | "IReadOnlyDictionary"
            | "ImmutableDictionary"
            | "FrozenDictionary"
    )
}

/// The BCL's sequence interfaces a parameter may be typed with
/// (`IEnumerable<T>`): lowered with their element type.
pub fn is_sequence_type(type_name: &str) -> bool {
    matches!(type_name, "IEnumerable" | "IReadOnlyList" | "IReadOnlyCollection" | "IList" | "ICollection")
}

pub static GRAMMAR: Grammar = Grammar {
    lang: Lang::CSharp,
    label: "C#",
    language: || tree_sitter_c_sharp::LANGUAGE.into(),
    prefilter: PREFILTER,
    lexis: Lexis { hash_comments: false, backtick_strings: false },
    repair: None,
};

/// Parse one C# file into its IR and facts (imports, syntax problems).
/// A file-based app's `#!` and `#:` lines (`#:package X@1.0`, .NET 10),
/// which the grammar does not know, are read as blank (same offsets).
pub fn parse_file(file: FileId, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    match blank_app_directives(text) {
        Some(blanked) => GRAMMAR.parse_file(file, &blanked, to_ir::lower),
        None => GRAMMAR.parse_file(file, text, to_ir::lower),
    }
}

/// `text` with every line that starts with `#!` or `#:` made of spaces,
/// or `None` when it has none.
fn blank_app_directives(text: &str) -> Option<String> {
    let is_directive = |line: &str| line.starts_with("#:") || line.starts_with("#!");
    if !text.split('\n').any(is_directive) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if is_directive(line) {
            let body = line.trim_end_matches(['\n', '\r']);
            out.extend(std::iter::repeat_n(' ', body.len()));
            out.push_str(&line[body.len()..]);
        } else {
            out.push_str(line);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn app_directives_are_blank() {
        let text = "#!/usr/bin/env dotnet\r\n#:package A@1.0\nusing B;\n// #: not at the start\n";
        let out = super::blank_app_directives(text).expect("directives");
        assert_eq!(out.len(), text.len());
        assert!(out.starts_with(&format!("{}\r\n{}\nusing B;", " ".repeat(21), " ".repeat(15))));
        assert!(out.ends_with("// #: not at the start\n"));
        assert!(super::blank_app_directives("using B;\n").is_none());
    }
}
