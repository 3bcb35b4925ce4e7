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
    repair: Some(join_handlers),
};

/// Parse one Kotlin file into its IR and facts (imports, syntax problems).
pub fn parse_file(file: FileId, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    GRAMMAR.parse_file(file, text, to_ir::lower)
}

/// tree-sitter-kotlin-ng 1.1 fails on a second `catch` (or a `finally`
/// after one) that starts a new line, which Kotlin accepts:
/// `try { a() }⏎catch (e: A) { b() }⏎catch (e: B) { c() }` is one error
/// over the whole file. The line breaks between a `}` and a `catch` or
/// `finally` become spaces (the same bytes' length, so spans stay).
fn join_handlers(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let mut changed = false;
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'}' {
            continue;
        }
        let gap = bytes[i + 1..].iter().take_while(|c| c.is_ascii_whitespace()).count();
        let next = &bytes[i + 1 + gap..];
        let keyword = ["catch", "finally"].iter().any(|k| {
            next.starts_with(k.as_bytes())
                && !next.get(k.len()).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        });
        if !keyword || !bytes[i + 1..i + 1 + gap].iter().any(|c| matches!(c, b'\n' | b'\r')) {
            continue;
        }
        for c in &mut out[i + 1..i + 1 + gap] {
            *c = b' ';
        }
        changed = true;
    }
    // Only ASCII whitespace changed: still UTF-8.
    changed.then(|| String::from_utf8(out).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handlers_on_their_own_lines_parse() {
        let text = "fun f() {\n    try { a() }\n    catch (e: A) { throw e }\n    catch (e: B) { false }\n    finally { c() }\n}\n";
        assert!(GRAMMAR.parse(text).unwrap().root_node().has_error(), "the grammar still needs the repair");
        let fixed = join_handlers(text).unwrap();
        assert_eq!(fixed.len(), text.len());
        assert!(!GRAMMAR.parse(&fixed).unwrap().root_node().has_error());
        let (facts, module) = parse_file(FileId(0), text);
        assert!(facts.problems.is_empty(), "{:?}", facts.problems);
        assert!(module.is_some());
        // Nothing to join: no rewrite.
        assert_eq!(join_handlers("fun f() { try { a() } catch (e: A) { } }"), None);
        assert_eq!(join_handlers("val x = y }\ncatchAll()"), None);
    }
}
