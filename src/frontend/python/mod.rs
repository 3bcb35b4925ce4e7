//! Python frontend: tree-sitter-python → the IR ([`to_ir`]), plus the facts
//! every file has whatever its language: parse problems and imports (which
//! SDK generation a file uses). Finding tools is the evaluator's work
//! ([`crate::eval`]): nothing here knows a registration's shape.

pub mod to_ir;

use std::cell::RefCell;
use std::sync::LazyLock;

use tree_sitter::{Language, Parser, Tree};

use crate::model::{FileFacts, Lang};
use crate::source::FileId;

static LANGUAGE: LazyLock<Language> = LazyLock::new(|| tree_sitter_python::LANGUAGE.into());

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

const LEXIS: crate::frontend::queries::Lexis =
    crate::frontend::queries::Lexis { hash_comments: true, backtick_strings: false };

fn parse_tree(text: &str) -> Option<Tree> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_language(&LANGUAGE).expect("tree-sitter-python matches the tree-sitter ABI");
            p
        });
        crate::frontend::queries::parse(parser, text)
    })
}

/// Byte ranges of the file's comments (for inline suppressions).
pub fn comments(text: &str) -> Vec<std::ops::Range<usize>> {
    parse_tree(text).map(|t| crate::frontend::queries::comment_ranges(t.root_node())).unwrap_or_default()
}

/// Parse one Python file into its facts and IR. Never panics on bad input:
/// syntax errors become a problem and the rest of the file is still lowered.
pub fn parse_file(file: FileId, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    let mut facts = FileFacts::new(file, Lang::Python);
    let Some(tree) = parse_tree(text) else {
        facts.problems.push(crate::frontend::queries::gave_up(file, "Python"));
        return (facts, None);
    };
    let root = tree.root_node();
    if root.has_error() {
        if let Some(problem) = crate::frontend::queries::first_syntax_error(
            file,
            text,
            root,
            "Python",
            crate::frontend::prefilter_markers(Lang::Python),
        ) {
            facts.problems.push(problem);
        }
    }
    if let Some(problem) = crate::frontend::queries::too_deep(file, text, root, LEXIS) {
        facts.problems.push(problem);
        return (facts, None);
    }
    let module = to_ir::lower(file, text, root);
    crate::frontend::queries::release(tree, text.len());
    crate::frontend::with_imports(facts, module)
}

/// A Python test file, by pytest's conventions: a module pytest collects
/// (its default `python_files`, `test_*.py` and `*_test.py`), a
/// `conftest.py` (fixtures and hooks), or a module of a test tree (a
/// `test`/`tests` directory as the file's parent or grandparent, as for
/// TS/JS). A package merely named like one (`testing_utils/`, `test_utils/`,
/// `contest.py`) is no test: pytest matches file names, not directories.
pub fn is_test_path(path: &std::path::Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let Some(stem) = name.strip_suffix(".py") else { return false };
    if stem == "conftest" || stem.starts_with("test_") || stem.ends_with("_test") {
        return true;
    }
    path.ancestors()
        .skip(1)
        .take(2)
        .filter_map(|d| d.file_name().and_then(|n| n.to_str()))
        .any(|d| matches!(d, "test" | "tests"))
}

#[cfg(test)]
mod test_paths {
    use super::is_test_path;
    use std::path::Path;

    #[test]
    fn pytest_conventions_decide_what_a_test_file_is() {
        for p in [
            "pkg/test_tools.py",
            "pkg/tools_test.py",
            "conftest.py",
            "src/conftest.py",
            "tests/helpers.py",
            "tests/fixtures/server.py",
            "project/test/server.py",
        ] {
            assert!(is_test_path(Path::new(p)), "{p} is a test file");
        }
        for p in [
            "testing_utils/server.py",
            "test_utils/server.py",
            "pkg/testing.py",
            "pkg/contest.py",
            "pkg/test.py",
            "pkg/attest_tools.py",
            "pkg/tests_server.py",
            "pkg/server.py",
            "pkg/test_tools.pyi",
        ] {
            assert!(!is_test_path(Path::new(p)), "{p} is no test file");
        }
    }
}
