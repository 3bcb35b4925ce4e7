//! Go frontend: tree-sitter-go → the IR ([`to_ir`]), plus the facts the
//! rest of the pipeline reads beside it: the file's imports and its syntax
//! problems. What go-sdk and mcp-go calls mean is not decided here: the
//! evaluator runs the IR against its SDK tables (`eval/sdk/go_sdk.rs`,
//! `mcp_go.rs`, `go_pointers.rs`).

mod strings;
mod to_ir;

use std::cell::RefCell;
use std::path::Path;
use std::sync::LazyLock;

use tree_sitter::{Language, Parser, Tree};

use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Byte markers of files worth parsing.
pub const PREFILTER: &[&str] = &["mcp", "Hint"];

static LANGUAGE: LazyLock<Language> = LazyLock::new(|| tree_sitter_go::LANGUAGE.into());
thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// The names an unaliased import may bind: the package clause of a
/// directory named `mcp-tools` is not visible here, so `mcptools`, `tools`
/// and `mcp` are all candidates (a name the file never uses costs nothing).
fn package_names(path: &str) -> Vec<String> {
    let name = package_name(path);
    let mut out = vec![name.clone()];
    if name.contains('_') {
        let parts: Vec<&str> = name.split('_').filter(|p| !p.is_empty() && *p != "go").collect();
        for candidate in [
            parts.concat(),
            parts.last().copied().unwrap_or("").to_string(),
            parts.first().copied().unwrap_or("").to_string(),
        ] {
            if !candidate.is_empty() && !out.contains(&candidate) {
                out.push(candidate);
            }
        }
    }
    out
}

fn is_major_version(segment: &str) -> bool {
    segment.len() > 1 && segment.starts_with('v') && segment[1..].chars().all(|c| c.is_ascii_digit())
}

/// The name an import binds without an alias: the last path element,
/// skipping a major-version suffix (`go-github/v69/github` → `github`,
/// `gopkg.in/yaml.v3` → `yaml`).
fn package_name(path: &str) -> String {
    let mut parts = path.rsplit('/');
    let mut last = parts.next().unwrap_or(path);
    if is_major_version(last) {
        last = parts.next().unwrap_or(last);
    }
    let last = match last.rsplit_once(".v") {
        Some((base, v)) if v.chars().all(|c| c.is_ascii_digit()) && !v.is_empty() => base,
        _ => last,
    };
    last.trim_start_matches("go-").replace(['-', '.'], "_")
}

fn parse_tree(text: &str) -> Option<Tree> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_language(&LANGUAGE).expect("tree-sitter-go matches the tree-sitter ABI");
            p
        });
        crate::frontend::queries::parse(parser, text)
    })
}

/// Byte ranges of the file's comments (for inline suppressions).
pub fn comments(text: &str) -> Vec<std::ops::Range<usize>> {
    parse_tree(text).map(|t| crate::frontend::queries::comment_ranges(t.root_node())).unwrap_or_default()
}

/// Parse one Go file into its IR, and facts holding its imports and syntax
/// problems. Never panics on bad input: a syntax error becomes a problem and
/// the rest of the tree is still lowered.
pub fn parse_file(file: FileId, _path: &Path, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    let mut facts = FileFacts::new(file, Lang::Go);
    let Some(tree) = parse_tree(text) else {
        facts.problems.push(crate::frontend::queries::gave_up(file, "Go"));
        return (facts, None);
    };
    let root = tree.root_node();
    if root.has_error() {
        facts.problems.extend(crate::frontend::queries::first_syntax_error(file, text, root, "Go", PREFILTER));
    }
    let lexis = crate::frontend::queries::Lexis { hash_comments: false, backtick_strings: true };
    if let Some(problem) = crate::frontend::queries::too_deep(file, text, root, lexis) {
        facts.problems.push(problem);
        return (facts, None);
    }
    let module = to_ir::lower(file, text, root);
    crate::frontend::queries::release(tree, text.len());
    crate::frontend::with_imports(facts, module)
}

/// The name part of a `json:"name,omitempty"` struct tag.
fn json_tag_name(tag: &str) -> Option<String> {
    let start = tag.find("json:\"")? + 6;
    let rest = &tag[start..];
    let end = rest.find('"')?;
    Some(rest[..end].split(',').next().unwrap_or("").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(package_name("github.com/google/go-github/v69/github"), "github");
        assert_eq!(package_name("gopkg.in/yaml.v3"), "yaml");
        assert_eq!(package_name("example.com/srv/internal/presets"), "presets");
        assert_eq!(package_names("example.com/x/mcp-tools"), ["mcp_tools", "mcptools", "tools", "mcp"]);
        assert_eq!(package_names("example.com/x/foo-go"), ["foo_go", "foo"]);
        assert_eq!(json_tag_name(r#"json:"query,omitempty" jsonschema:"x""#).as_deref(), Some("query"));
    }

    #[test]
    fn repeated_locals_are_bounded() {
        let mut src = String::from(
            "package x\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\nfunc f(s *mcp.Server) {\n a0 := true\n",
        );
        for i in 1..40 {
            src.push_str(&format!(" a{i} := pair{{L: a{p}, R: a{p}}}\n", p = i - 1));
        }
        src.push_str(" mcp.AddTool(s, &mcp.Tool{Name: \"deep\", Annotations: a39}, nil)\n}\n");
        let start = std::time::Instant::now();
        let (facts, module) = parse_file(FileId(0), Path::new("x.go"), &src);
        assert!(facts.problems.is_empty() && module.is_some());
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn every_prefix_of_a_server_parses() {
        for text in [
            include_str!("../../../tests/fixtures/go/helper-forms/register.go"),
            include_str!("../../../tests/fixtures/go/tool-factories/tool.go"),
            include_str!("../../../tests/fixtures/go/annotation-table/register.go"),
        ] {
            for end in (0..text.len()).filter(|i| text.is_char_boundary(*i)).step_by(7) {
                let _ = parse_file(FileId(0), Path::new("x.go"), &text[..end]);
            }
        }
    }

    #[test]
    fn bad_input_never_panics() {
        for text in
            ["", "package", "func (", "package x\nvar = ", "package x\nfunc f() { mcp.AddTool(", "\u{0}\u{fffd}"]
        {
            let _ = parse_file(FileId(0), Path::new("x.go"), text);
        }
    }
}
