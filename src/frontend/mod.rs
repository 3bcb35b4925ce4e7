//! Frontends: one per language. Each lowers a file into the IR
//! ([`crate::ir`]) that the evaluator runs, and reports the file's imports
//! and parse problems in its [`FileFacts`]. (Rust keeps a token scan for
//! the files `syn` rejects.)

pub mod csharp;
pub mod elicit;
pub mod escapes;
pub mod fields;
pub mod generators;
pub mod go;
pub mod grammar;
pub mod java;
pub mod json;
pub mod kotlin;
pub mod python;
pub mod queries;
pub mod rust;
pub mod typescript;

use std::path::Path;

use crate::model::{FileFacts, Import, Lang};
use crate::source::FileId;

/// The extensions [`lang_for`] knows, for messages.
pub const EXTENSIONS: &[&str] =
    &[".py", ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".go", ".rs", ".cs", ".java", ".kt", ".kts"];

/// The language of a path, by extension.
pub fn lang_for(path: &Path) -> Option<Lang> {
    match path.extension()?.to_str()? {
        "py" => Some(Lang::Python),
        "ts" | "tsx" | "mts" | "cts" => Some(Lang::TypeScript),
        "js" | "jsx" | "mjs" | "cjs" => Some(Lang::JavaScript),
        "go" => Some(Lang::Go),
        "rs" => Some(Lang::Rust),
        "cs" => Some(Lang::CSharp),
        "java" => Some(Lang::Java),
        "kt" | "kts" => Some(Lang::Kotlin),
        _ => None,
    }
}

/// A parsed file: its facts and, for the languages that have a lowering so
/// far (Python, TypeScript/JavaScript), its IR, both from one parse tree.
pub struct Parsed {
    pub facts: FileFacts,
    pub module: Option<crate::ir::Module>,
}

/// Parse one file. Catches a panic in a frontend so that one file can never
/// abort the run; the caller reports it against the file.
pub fn parse(lang: Lang, file: FileId, path: &Path, text: &str) -> Result<Parsed, String> {
    let _budget = queries::start_budget(text.len());
    // Parsers read a lone `\r` as no line break at all (CPython does not).
    let normal = crate::source::normalize_line_endings(text);
    let text = &*normal;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match lang {
        Lang::Python => python::parse_file(file, text),
        Lang::TypeScript | Lang::JavaScript => typescript::parse_file(file, lang, path, text),
        Lang::Go => go::parse_file(file, path, text),
        Lang::Rust => rust::parse_file(file, path, text),
        Lang::CSharp => csharp::parse_file(file, text),
        Lang::Java => java::parse_file(file, text),
        Lang::Kotlin => kotlin::parse_file(file, text),
    }));
    result.map(|(facts, module)| Parsed { facts, module }).map_err(|e| {
        e.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| e.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into())
    })
}

/// A lowered file's facts with its imports read off the IR (Python's say
/// the SDK generation; Go's which packages a file reaches).
pub fn with_imports(mut facts: FileFacts, module: crate::ir::Module) -> (FileFacts, Option<crate::ir::Module>) {
    facts.imports = crate::ir::walk::imports(&module)
        .into_iter()
        .map(|i| Import { local: i.local.clone(), module: i.module.clone(), member: i.member.clone(), span: i.span })
        .collect();
    (facts, Some(module))
}

/// Byte ranges of the comments of a file, from its parse tree (Rust: a
/// literal-aware lexer, as syn keeps no comments). Inline suppressions are
/// read only from these. A panic yields no comments: the file's other
/// problems are reported against it anyway.
pub fn comments(lang: Lang, path: &Path, text: &str) -> Vec<std::ops::Range<usize>> {
    let _budget = queries::start_budget(text.len());
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match lang {
        Lang::Python => python::comments(text),
        Lang::TypeScript | Lang::JavaScript => typescript::comments(lang, path, text),
        Lang::Go => go::comments(text),
        Lang::Rust => rust::comments::comments(text),
        Lang::CSharp => csharp::GRAMMAR.comments(text),
        Lang::Java => java::GRAMMAR.comments(text),
        Lang::Kotlin => kotlin::GRAMMAR.comments(text),
    }))
    .unwrap_or_default()
}

/// What the frontend recognises as a tool registration, for a run that
/// found files but no tools.
pub fn sdk_markers(lang: Lang) -> &'static str {
    match lang {
        Lang::Python => "`@mcp.tool()` / `add_tool` on a FastMCP or MCPServer (`mcp`, `fastmcp`), low-level `types.Tool(...)`",
        Lang::TypeScript | Lang::JavaScript => {
            "`registerTool` / `tool` on an McpServer (`@modelcontextprotocol/sdk`, `@modelcontextprotocol/server`), `addTool` (fastmcp), `registerAppTool` (MCP Apps), `Tool` objects in a ListTools handler"
        }
        Lang::Go => "`mcp.AddTool` / `Server.AddTool` (`github.com/modelcontextprotocol/go-sdk/mcp`), `mcp.NewTool` + `AddTool` (`github.com/mark3labs/mcp-go`)",
        Lang::Rust => "`#[tool]` in a `#[tool_router]` impl or `Tool` values (`rmcp`), `#[mcp_tool(...)]` (`rust-mcp-sdk`), `ToolBase` impls",
        Lang::CSharp => "`[McpServerTool]` methods of served classes, `McpServerTool.Create(...)` (`ModelContextProtocol`), McpPlugin `[AiTool]` methods",
        Lang::Java => "`McpSchema.Tool` / tool specifications (`io.modelcontextprotocol`), Spring AI `@McpTool` and `@Tool` methods of a `ToolCallbackProvider`, Quarkus `@Tool`",
        Lang::Kotlin => {
            "`Server.addTool` / `addTools(RegisteredTool(Tool(...)))` (`io.modelcontextprotocol.kotlin.sdk`)"
        }
    }
}

/// Languages whose files without a marker are still searched when a
/// registration helper is run without its callers: such a file may import
/// the helper and call it with names and hints (`r.add("list_items", true)`
/// in a file that never says MCP). Go, Rust and the JVM and .NET languages
/// load a package or project whole, or name an SDK type at the call.
pub fn may_call_helpers(lang: Lang) -> bool {
    matches!(lang, Lang::Python | Lang::TypeScript | Lang::JavaScript)
}

/// Byte markers of files worth parsing: they may register tools (an MCP
/// import or a `.tool` call) or define presets (hint keys). Everything else
/// is parsed only if resolution asks for it.
pub fn prefilter_markers(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::Python => &["mcp", "MCP", "Hint", "_hint", "tool("],
        Lang::TypeScript | Lang::JavaScript => typescript::PREFILTER,
        Lang::Go => go::PREFILTER,
        Lang::Rust => rust::PREFILTER,
        Lang::CSharp => csharp::PREFILTER,
        Lang::Java => java::PREFILTER,
        Lang::Kotlin => kotlin::PREFILTER,
    }
}
