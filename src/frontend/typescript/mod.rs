//! TypeScript/JavaScript frontend: tree-sitter-typescript (typescript, tsx)
//! and tree-sitter-javascript → the IR ([`to_ir`]), plus the facts every
//! file has whatever its language: parse problems. Finding tools is the
//! evaluator's work ([`crate::eval`]): nothing here knows a registration's
//! shape.

pub mod to_ir;

use std::cell::RefCell;
use std::path::Path;
use std::sync::LazyLock;

use tree_sitter::{Language, Parser, Tree};

use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Byte markers of files worth parsing: MCP imports, registration methods,
/// or hint keys (a preset module).
pub const PREFILTER: &[&str] =
    &["mcp", "MCP", "modelcontextprotocol", "Hint", "egisterTool", ".tool(", "addTool", "ListTools", "ToolMetadata"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Grammar {
    TypeScript,
    Tsx,
    JavaScript,
}

static TS: LazyLock<Language> = LazyLock::new(|| tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into());
static TSX: LazyLock<Language> = LazyLock::new(|| tree_sitter_typescript::LANGUAGE_TSX.into());
static JS: LazyLock<Language> = LazyLock::new(|| tree_sitter_javascript::LANGUAGE.into());

thread_local! {
    static PARSERS: RefCell<[Option<Parser>; 3]> = const { RefCell::new([None, None, None]) };
}

impl Grammar {
    fn for_path(lang: Lang, path: &Path) -> Grammar {
        match path.extension().and_then(|e| e.to_str()) {
            Some("tsx") => Grammar::Tsx,
            // JSX is common in plain .js files too: the javascript grammar reads it.
            _ if lang == Lang::JavaScript => Grammar::JavaScript,
            _ => Grammar::TypeScript,
        }
    }
    fn language(self) -> &'static Language {
        match self {
            Grammar::TypeScript => &TS,
            Grammar::Tsx => &TSX,
            Grammar::JavaScript => &JS,
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

fn parse_tree(grammar: Grammar, text: &str) -> Option<Tree> {
    PARSERS.with(|cell| {
        let mut slots = cell.borrow_mut();
        let parser = slots[grammar.index()].get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_language(grammar.language()).expect("tree-sitter grammar matches the tree-sitter ABI");
            p
        });
        crate::frontend::queries::parse(parser, text)
    })
}

/// Byte ranges of the file's comments (for inline suppressions).
pub fn comments(lang: Lang, path: &Path, text: &str) -> Vec<std::ops::Range<usize>> {
    parse_tree(Grammar::for_path(lang, path), text)
        .map(|t| crate::frontend::queries::comment_ranges(t.root_node()))
        .unwrap_or_default()
}

/// Parse one TS/JS file into its facts and IR. Never panics on bad input:
/// syntax errors become a problem and the rest of the file is still lowered.
pub fn parse_file(file: FileId, lang: Lang, path: &Path, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    let mut facts = FileFacts::new(file, lang);
    let grammar = Grammar::for_path(lang, path);
    let Some(tree) = parse_tree(grammar, text) else {
        facts.problems.push(crate::frontend::queries::gave_up(file, lang.name()));
        return (facts, None);
    };
    let root = tree.root_node();
    if root.has_error() {
        let name = if lang == Lang::JavaScript { "JavaScript" } else { "TypeScript" };
        if let Some(problem) = crate::frontend::queries::first_syntax_error(file, text, root, name, PREFILTER) {
            facts.problems.push(problem);
        }
    }
    let lexis = crate::frontend::queries::Lexis { hash_comments: false, backtick_strings: false };
    if let Some(problem) = crate::frontend::queries::too_deep(file, text, root, lexis) {
        facts.problems.push(problem);
        return (facts, None);
    }
    let module = to_ir::lower(file, lang, text, root);
    crate::frontend::queries::release(tree, text.len());
    (facts, Some(module))
}

/// Test files (`*.test.ts`, `*.spec.js`, under `__tests__/` or a nearby
/// `test(s)/`) exercise servers: their registrations are not its tools.
pub fn is_test_path(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name.contains(".test.") || name.contains(".spec.") {
        return true;
    }
    let dirs: Vec<&str> = path.ancestors().skip(1).filter_map(|d| d.file_name().and_then(|n| n.to_str())).collect();
    dirs.contains(&"__tests__") || dirs.iter().take(2).any(|d| matches!(*d, "test" | "tests"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn parse(path: &str, src: &str) -> (FileFacts, Option<crate::ir::Module>) {
        let lang = crate::frontend::lang_for(Path::new(path)).unwrap();
        parse_file(FileId(0), lang, &PathBuf::from(path), src)
    }

    #[test]
    fn bad_input_does_not_panic() {
        let deep = format!("const X = {}1{};\n", "(".repeat(20000), ")".repeat(20000));
        let (facts, module) = parse("a.ts", &deep);
        assert!(module.is_some() && facts.problems.is_empty(), "deep parentheses lower without overflowing");
        let (facts, module) = parse("a.js", "server.registerTool(`a ${`b ${c}`}`, {, }, ");
        assert!(module.is_some() && !facts.problems.is_empty(), "a syntax error: a problem, and the rest lowered");
        let (_, module) = parse("a.tsx", "const x = <div>{server.tool('a', {}, () => 1)}</div>;");
        assert!(module.is_some());
    }
}
