//! TypeScript/JavaScript frontend: tree-sitter-typescript (typescript, tsx)
//! and tree-sitter-javascript → [`FileFacts`].
//!
//! Finds every *candidate* registration (`x.registerTool`, the v1 `x.tool`
//! overloads, `registerToolTask`, fastmcp `addTool`/`addTools`, Cloudflare
//! `paidTool`, low-level `ListToolsRequestSchema` handlers and `Tool`-typed
//! definition objects, xmcp `metadata` exports) and records what must be
//! confirmed for it to count ([`crate::model::Gate`]); `resolve` decides from
//! imports and receivers which are MCP. ES imports, re-exports, CommonJS
//! `require`/`module.exports`, top-level declarations and class fields
//! (`this.server`) become imports and bindings.

mod bindings;
mod definitions;
mod imports;
mod lower;
mod registrations;
mod scope;
pub mod to_ir;
mod wrappers;

use std::cell::RefCell;
use std::collections::HashSet;
use std::path::Path;
use std::sync::LazyLock;

use tree_sitter::{Language, Node, Parser, Tree};

use self::lower::Lower;
use crate::frontend::queries::CompiledQuery;
use crate::model::{FileFacts, Lang, Problem};
use crate::source::{FileId, Span};

/// Byte markers of files worth parsing: MCP imports, registration methods,
/// or hint keys (a preset module).
pub const PREFILTER: &[&str] =
    &["mcp", "MCP", "modelcontextprotocol", "Hint", "egisterTool", ".tool(", "addTool", "ListTools", "ToolMetadata"];

pub const API_REGISTER_TOOL: &str = "ts.registerTool";
pub const API_TOOL: &str = "ts.tool";
pub const API_TOOL_TASK: &str = "ts.registerToolTask";
pub const API_PAID_TOOL: &str = "ts.paidTool";
pub const API_FASTMCP: &str = "ts.fastmcp.addTool";
pub const API_LOWLEVEL: &str = "ts.lowlevel.Tool";
pub const API_XMCP: &str = "ts.xmcp.metadata";
pub const API_MCP_FRAMEWORK: &str = "ts.mcp-framework.MCPTool";
pub const API_MCP_USE: &str = "ts.mcp-use.tool";
pub const API_SUPABASE: &str = "ts.supabase.tool";
pub const API_WRAPPER: &str = "ts.wrapper";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Grammar {
    TypeScript,
    Tsx,
    JavaScript,
}

static TS: LazyLock<Language> = LazyLock::new(|| tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into());
static TSX: LazyLock<Language> = LazyLock::new(|| tree_sitter_typescript::LANGUAGE_TSX.into());
static JS: LazyLock<Language> = LazyLock::new(|| tree_sitter_javascript::LANGUAGE.into());

/// One compiled copy of each query per grammar.
struct Queries {
    calls: CompiledQuery,
    imports: CompiledQuery,
}

fn queries_for(language: &Language, grammar: &str) -> Queries {
    Queries {
        calls: CompiledQuery::new(language, include_str!("calls.scm"), &format!("{grammar}/calls.scm")),
        imports: CompiledQuery::new(language, include_str!("imports.scm"), &format!("{grammar}/imports.scm")),
    }
}

static TS_QUERIES: LazyLock<Queries> = LazyLock::new(|| queries_for(&TS, "typescript"));
static TSX_QUERIES: LazyLock<Queries> = LazyLock::new(|| queries_for(&TSX, "tsx"));
static JS_QUERIES: LazyLock<Queries> = LazyLock::new(|| queries_for(&JS, "javascript"));

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
    fn queries(self) -> &'static Queries {
        match self {
            Grammar::TypeScript => &TS_QUERIES,
            Grammar::Tsx => &TSX_QUERIES,
            Grammar::JavaScript => &JS_QUERIES,
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

/// Parse one TS/JS file into facts. Never panics on bad input: syntax errors
/// become a problem and the rest of the tree is still searched.
pub fn parse(file: FileId, lang: Lang, path: &Path, text: &str) -> FileFacts {
    parse_file(file, lang, path, text, false).0
}

/// [`parse`], and with `lower` the file's IR from the same parse tree.
pub fn parse_file(
    file: FileId,
    lang: Lang,
    path: &Path,
    text: &str,
    lower: bool,
) -> (FileFacts, Option<crate::ir::Module>) {
    let mut facts = FileFacts::new(file, lang);
    let grammar = Grammar::for_path(lang, path);
    let Some(tree) = parse_tree(grammar, text) else {
        facts.problems.push(Problem {
            span: Span::new(file, 0, 0),
            message: format!("the {} parser gave up on this file: parsing took over its time budget", lang.name()),
        });
        return (facts, None);
    };
    let root = tree.root_node();
    let cx = Cx {
        lower: Lower { text, file },
        root,
        queries: grammar.queries(),
        path,
        lang,
        seen: RefCell::default(),
        scopes: RefCell::default(),
    };
    if root.has_error() {
        if let Some(problem) = crate::frontend::queries::first_syntax_error(
            cx.lower.file,
            cx.lower.text,
            root,
            cx.language_name(),
            PREFILTER,
        ) {
            facts.problems.push(problem);
        }
    }
    let lexis = crate::frontend::queries::Lexis { hash_comments: false, backtick_strings: false };
    if let Some(problem) = crate::frontend::queries::too_deep(file, text, root, lexis) {
        facts.problems.push(problem);
        return (facts, None);
    }
    cx.imports(&mut facts);
    cx.bindings(&mut facts);
    cx.definitions(&mut facts);
    cx.registrations(&mut facts);
    facts.runtime_annotations = cx.runtime_annotations();
    // Tests exercise servers; their registrations are not the server's tools
    // (their helpers and bindings still are what they are).
    if cx.is_test_file() {
        facts.tools.clear();
        facts.each.clear();
    }
    let module = lower.then(|| to_ir::lower(file, lang, text, root));
    (facts, module)
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

struct Cx<'a, 't> {
    lower: Lower<'a>,
    root: Node<'t>,
    queries: &'static Queries,
    path: &'a Path,
    lang: Lang,
    /// Start bytes of tool-definition objects already counted.
    seen: RefCell<HashSet<usize>>,
    scopes: RefCell<scope::Scopes<'t>>,
}

impl<'a, 't> Cx<'a, 't> {
    fn span(&self, n: Node<'t>) -> Span {
        self.lower.span(n)
    }
    fn text(&self, n: Node<'t>) -> &'a str {
        self.lower.text(n)
    }

    fn language_name(&self) -> &'static str {
        match self.lang {
            Lang::JavaScript => "JavaScript",
            _ => "TypeScript",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn queries_compile_with_their_captures() {
        for q in [&*TS_QUERIES, &*TSX_QUERIES, &*JS_QUERIES] {
            for name in [
                "call",
                "call.receiver",
                "call.method",
                "call.args",
                "wrapper.call",
                "wrapper.callee",
                "wrapper.args",
                "helper.call",
                "helper.receiver",
                "helper.method",
                "helper.args",
            ] {
                q.calls.capture(name);
            }
            for name in ["import", "reexport", "require", "require.source"] {
                q.imports.capture(name);
            }
        }
    }

    fn facts(path: &str, src: &str) -> FileFacts {
        let lang = crate::frontend::lang_for(Path::new(path)).unwrap();
        parse(FileId(0), lang, &PathBuf::from(path), src)
    }

    #[test]
    fn finds_register_tool_and_import() {
        let src = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({name: 'x'});\nserver.registerTool('get_x', { inputSchema: { id: z.string() }, annotations: { readOnlyHint: true } }, async () => ({}));\n";
        let f = facts("a.ts", src);
        assert_eq!(f.tools.len(), 1);
        assert_eq!(f.tools[0].params.as_deref(), Some(&["id".to_string()][..]));
        assert!(f.import("McpServer").is_some());
        assert!(f.binding("server").is_some());
    }

    #[test]
    fn bad_input_does_not_panic() {
        let deep = format!("const X = {}1{};\n", "(".repeat(20000), ")".repeat(20000));
        let _ = facts("a.ts", &deep);
        let _ = facts("a.js", "server.registerTool(`a ${`b ${c}`}`, {, }, ");
        // JSX around a registration: still found.
        let f = facts("a.tsx", "const x = <div>{server.tool('a', {}, () => 1)}</div>;");
        assert_eq!(f.tools.len(), 1);
    }
}
