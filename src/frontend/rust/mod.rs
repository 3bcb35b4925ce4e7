//! The Rust frontend: `syn` parses the file, `proc-macro2` (with
//! `span-locations`) gives byte ranges. It finds
//! - rmcp `#[tool(...)]` methods and rust-mcp-sdk `#[mcp_tool(...)]`
//!   structs (`attrs.rs`),
//! - tools built at run time: `Tool::new(..).annotate(..)`, `Tool { .. }`
//!   literals, pmcp `ToolInfo`/`TypedTool` (`builders.rs`), and project
//!   helpers that build one from their parameters (`wrappers.rs`),
//! - `use` declarations, `mod` files and `const`/`static`/`fn` presets
//!   (`paths.rs`, `items.rs`); values are lowered in `lower.rs`.
//!
//! Attribute arguments are token streams, so `#[tool(...)]` written inside a
//! doc comment or a string literal is never seen. A file `syn` rejects is
//! searched again by a token-level scan (`fallback.rs`) and reported as
//! MCP090. Input that may nest deeply (`depth.rs`) is parsed on a thread
//! with a large stack, and beyond [`MAX_NESTING`] not handed to `syn` at all.

mod attrs;
mod builders;
pub mod comments;
mod depth;
mod elicit;
mod fallback;
mod items;
mod lower;
mod paths;
mod to_ir;
mod tool_base;
mod wrappers;

use std::collections::{HashMap, HashSet};
use std::path::Path;

use crate::model::{FileFacts, Lang, Problem};
use crate::source::{FileId, Span};

/// Byte markers of files worth parsing: they may declare tools (an SDK
/// crate name, the attribute) or define presets (`ToolAnnotations`, hint
/// fields).
pub const PREFILTER: &[&str] = &["mcp", "ToolAnnotations", "_hint", "#[tool", "ToolBase"];

/// Estimated recursion (`depth.rs`) beyond which `syn` is not used.
const MAX_NESTING: usize = 1000;
/// Estimated recursion up to which parsing stays on the caller's thread
/// (worker threads have the default 2 MiB stack).
const SHALLOW_NESTING: usize = 64;
/// Stack of the thread that parses deeply nested files.
const DEEP_STACK: usize = 256 * 1024 * 1024;

pub const API_TOOL_ATTR: &str = "rust.rmcp.tool";
pub const API_TOOL_BASE: &str = "rust.rmcp.ToolBase";
pub const API_MCP_TOOL: &str = "rust.rust-mcp-sdk.mcp_tool";
pub const API_TOOL_NEW: &str = "rust.rmcp.Tool::new";
pub const API_TOOL_STRUCT: &str = "rust.Tool-struct";
pub const API_PMCP: &str = "rust.pmcp.builder";
pub const API_WRAPPER: &str = "rust.wrapper";

/// The file's facts, and its IR when `syn` parsed it.
pub fn parse_file(file: FileId, path: &Path, text: &str, lower: bool) -> (FileFacts, Option<crate::ir::Module>) {
    let depth = depth::recursion_risk(text);
    if depth <= SHALLOW_NESTING {
        return parse_here(file, path, text, depth, lower);
    }
    let (p, t) = (path.to_path_buf(), text.to_string());
    let worker = std::thread::Builder::new()
        .name("mcp-lint-rust-deep".into())
        .stack_size(DEEP_STACK)
        .spawn(move || parse_here(file, &p, &t, depth, lower));
    match worker.map(|h| h.join()) {
        Ok(Ok(out)) => out,
        // Could not spawn, or the parser panicked: keep what a scan finds.
        _ => {
            let mut facts = scan_only(file, path, text);
            facts
                .problems
                .push(Problem { span: Span::new(file, 0, 0), message: "the Rust parser gave up on this file".into() });
            (facts, None)
        }
    }
}

pub fn parse(file: FileId, path: &Path, text: &str) -> FileFacts {
    parse_file(file, path, text, false).0
}

fn parse_here(
    file: FileId,
    path: &Path,
    text: &str,
    depth: usize,
    lower: bool,
) -> (FileFacts, Option<crate::ir::Module>) {
    let out = if depth > MAX_NESTING {
        let mut facts = scan_only(file, path, text);
        facts.problems.push(Problem {
            span: Span::new(file, 0, 0),
            message: format!("code nests deeper than {MAX_NESTING} levels: only tool attributes were searched"),
        });
        (facts, None)
    } else {
        parse_syn(file, path, text, lower)
    };
    // proc-macro2 keeps every parsed text in a thread-local map; drop it.
    proc_macro2::extra::invalidate_current_thread_spans();
    out
}

fn parse_syn(file: FileId, path: &Path, text: &str, lower: bool) -> (FileFacts, Option<crate::ir::Module>) {
    let source = blank_preamble(text);
    match syn::parse_file(&source) {
        Ok(ast) => {
            let mut cx = Cx::new(file, path, text);
            items::file(&mut cx, &ast);
            let crate_root =
                matches!(cx.stem.as_str(), "lib" | "main") || !matches!(cx.stem.as_str(), "mod") && cx.mod_rs;
            let module = lower.then(|| to_ir::lower(file, &ast, cx.mod_rs, &cx.stem, crate_root));
            drop(ast);
            (cx.finish(), module)
        }
        Err(e) => {
            let range = e.span().byte_range();
            let mut facts = scan_only(file, path, text);
            facts
                .problems
                .push(Problem { span: Span::new(file, range.start, range.end), message: format!("syntax error: {e}") });
            (facts, None)
        }
    }
}

fn scan_only(file: FileId, path: &Path, text: &str) -> FileFacts {
    let mut cx = Cx::new(file, path, text);
    fallback::scan(&mut cx);
    cx.finish()
}

/// The text with a byte-order mark and a shebang line blanked out (same
/// byte offsets), so that `syn` sees plain Rust.
fn blank_preamble(text: &str) -> String {
    let mut s = text.to_string();
    if s.starts_with('\u{feff}') {
        s.replace_range(0..3, "   ");
    }
    let body = s.trim_start();
    if body.starts_with("#!") && !body.starts_with("#![") {
        let start = s.len() - body.len();
        let end = s[start..].find('\n').map_or(s.len(), |i| start + i);
        let blank = " ".repeat(end - start);
        s.replace_range(start..end, &blank);
    }
    s
}

/// What the frontend knows while walking one file.
pub(super) struct Cx<'t> {
    pub file: FileId,
    pub text: &'t str,
    /// Offset of the text `syn` is parsing within the file (snippets of the
    /// fallback scan are parsed on their own).
    pub base: usize,
    /// `lib.rs`, `main.rs`, `mod.rs` or a crate root: its `mod x;` files are
    /// beside it; otherwise they live in a directory named after it.
    pub mod_rs: bool,
    pub stem: String,
    /// `mod x;` declared in this file (separate files).
    pub file_mods: HashSet<String>,
    /// `mod x { … }` declared in this file (flattened into it).
    pub inline_mods: HashSet<String>,
    /// Inline modules entered, innermost last.
    pub mod_path: Vec<String>,
    /// The type of the impl block being walked (for `Self::X`).
    pub self_ty: Option<String>,
    /// Struct name → input field names (as serialized).
    pub structs: HashMap<String, Vec<String>>,
    /// First segments of paths used in expressions that may name a crate.
    pub roots: HashSet<String>,
    /// Start offsets of `Tool::new(..)` calls already taken as tools.
    pub consumed: HashSet<usize>,
    /// Immutable `let` bindings in scope, innermost last: their values
    /// stand in for references to them.
    pub locals: Vec<(String, crate::model::Expr)>,
    /// The function whose body is being walked.
    pub current_fn: Option<String>,
    /// Tools built without annotations inside a function, by function name.
    pub factory_sites: Vec<(usize, String)>,
    /// Functions whose result some caller annotates (`make(..).annotate(..)`).
    pub annotated_calls: HashSet<String>,
    /// Helpers that build a tool from their parameters (`wrappers.rs`).
    pub wrappers: Vec<wrappers::Pending>,
    pub facts: FileFacts,
}

impl<'t> Cx<'t> {
    fn new(file: FileId, path: &Path, text: &'t str) -> Cx<'t> {
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let parent = path.parent().and_then(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned());
        let mod_rs = matches!(stem.as_str(), "lib" | "main" | "mod" | "build")
            || matches!(parent.as_deref(), Some("bin" | "examples" | "tests" | "benches"));
        Cx {
            file,
            text,
            base: 0,
            mod_rs,
            stem,
            file_mods: HashSet::new(),
            inline_mods: HashSet::new(),
            mod_path: Vec::new(),
            self_ty: None,
            structs: HashMap::new(),
            roots: HashSet::new(),
            consumed: HashSet::new(),
            locals: Vec::new(),
            current_fn: None,
            factory_sites: Vec::new(),
            annotated_calls: HashSet::new(),
            wrappers: Vec::new(),
            facts: FileFacts::new(file, Lang::Rust),
        }
    }

    /// The file span of a proc-macro2 span.
    pub fn span(&self, s: proc_macro2::Span) -> Span {
        let r = s.byte_range();
        Span::new(self.file, self.base + r.start, self.base + r.end)
    }

    /// From the start of `a` to the end of `b`.
    pub fn join(&self, a: proc_macro2::Span, b: proc_macro2::Span) -> Span {
        let (a, b) = (self.span(a), self.span(b));
        Span { file: self.file, start: a.start, end: b.end.max(a.start) }
    }

    fn finish(mut self) -> FileFacts {
        // A tool factory whose result a caller annotates: the annotations
        // depend on the call site.
        for (index, f) in std::mem::take(&mut self.factory_sites) {
            if self.annotated_calls.contains(&f) {
                if let Some(site) = self.facts.tools.get_mut(index) {
                    if site.annotations.is_none() {
                        site.annotations = Some(crate::model::Expr::Unresolved(site.site));
                    }
                }
            }
        }
        wrappers::finish(&mut self);
        paths::bind_glob_macros(&mut self);
        paths::add_crate_roots(&mut self);
        self.facts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "use rmcp::{tool, tool_router};\nstruct S;\n#[tool_router]\nimpl S {\n    #[tool(annotations(read_only_hint = true))]\n    async fn get_item(&self) {}\n}\n";

    fn nested(depth: usize) -> String {
        format!("{HEAD}fn deep() -> i32 {{ {}1{} }}\n", "(".repeat(depth), ")".repeat(depth))
    }

    fn parse_text(text: &str) -> FileFacts {
        parse(FileId(0), Path::new("src/lib.rs"), text)
    }

    #[test]
    fn ten_thousand_levels_do_not_overflow() {
        let facts = parse_text(&nested(10_000));
        assert_eq!(facts.tools.len(), 1);
        assert_eq!(facts.tools[0].default_name.as_ref().map(|n| n.0.as_str()), Some("get_item"));
        assert_eq!(facts.problems.len(), 1, "{:?}", facts.problems);
        // Unbalanced as well as deep.
        let facts = parse_text(&format!("{HEAD}fn f() {{ {} }}", "[{(".repeat(10_000)));
        assert_eq!(facts.tools.len(), 1);
        assert!(!facts.problems.is_empty());
    }

    #[test]
    fn deep_but_bounded_nesting_is_parsed_by_syn() {
        // The signature's `()` and `->` count too.
        let facts = parse_text(&nested(MAX_NESTING - 10));
        assert_eq!(facts.tools.len(), 1);
        assert!(facts.problems.is_empty(), "{:?}", facts.problems);
    }

    #[test]
    fn attribute_text_outside_code_is_not_a_tool() {
        let text = "use rmcp::tool;\n/// #[tool]\n/// fn a(&self) {}\nconst S: &str = \"#[tool] fn b() {}\";\n/* #[tool] fn c() {} */\nfn main() {}\n";
        assert!(parse_text(text).tools.is_empty());
        // The same through the fallback scan (the file does not parse).
        let broken = format!("{text}fn broken( {{");
        let facts = parse_text(&broken);
        assert!(facts.tools.is_empty());
        assert_eq!(facts.problems.len(), 1);
    }

    #[test]
    fn spans_are_byte_offsets_after_multibyte_text() {
        let text = "\u{feff}// é ü ß — ✓\nuse rmcp::tool;\nstruct S;\nimpl S {\n    #[tool] async fn x(&self) {}\n}\n";
        let facts = parse_text(text);
        let site = facts.tools[0].site;
        assert_eq!(&text[site.range()], "#[tool");
    }

    #[test]
    fn truncated_and_mangled_input_never_panics() {
        let sources = [
            include_str!("../../../tests/fixtures/rust/rmcp-builders/src/lib.rs"),
            include_str!("../../../tests/fixtures/rust/rmcp-tool-router/src/main.rs"),
            include_str!("../../../tests/fixtures/rust/look-alikes/src/lib.rs"),
            include_str!("../../../tests/fixtures/rust/rmcp-tool-traits/src/tools/mod.rs"),
        ];
        for src in sources {
            for cut in (0..src.len()).step_by(5).filter(|c| src.is_char_boundary(*c)) {
                let _ = parse_text(&src[..cut]);
                let _ = parse_text(&src[cut..]);
            }
        }
        for odd in ["r#\"", "'", "b'", "/*", "#[", "#[tool(", "r##\"x\"#", "'\\", "#[tool] fn r#", "\u{feff}#!x"] {
            let _ = parse_text(odd);
        }
    }

    /// Input nesting `n` levels deep in one of the ways `syn` recurses.
    fn risky(kind: usize, n: usize) -> String {
        let body = match kind {
            0 => format!("fn deep() -> i32 {{ {}1{} }}", "(".repeat(n), ")".repeat(n)),
            1 => format!("type Deep = {}u8{};", "Vec<".repeat(n), ">".repeat(n)),
            2 => format!("const DEEP: bool = {}true;", "!".repeat(n)),
            3 => format!("fn deep(x: u8) {{ if x == 0 {{}} {} }}", "else if x == 1 {} ".repeat(n)),
            4 => format!("fn deep() {{ let _ = {}0; }}", "& ".repeat(n)),
            _ => format!("fn deep() {{ let _ = {}1{}; }}", "{ vec![".repeat(n / 2), "] }".repeat(n / 2)),
        };
        format!("{HEAD}{body}\n")
    }

    #[test]
    fn every_kind_of_deep_input_is_bounded() {
        for kind in 0..6 {
            for n in [10_000, MAX_NESTING - 100] {
                let facts = parse_text(&risky(kind, n));
                assert_eq!(facts.tools.len(), 1, "kind {kind}, depth {n}");
            }
        }
    }

    #[test]
    fn shallow_input_fits_a_default_worker_stack() {
        let worker = std::thread::Builder::new().stack_size(2 * 1024 * 1024).spawn(|| {
            for kind in 0..6 {
                let text = risky(kind, SHALLOW_NESTING - 8);
                assert!(depth::recursion_risk(&text) <= SHALLOW_NESTING, "kind {kind}");
                let (facts, _) = parse_here(FileId(0), Path::new("src/lib.rs"), &text, 0, true);
                assert_eq!(facts.tools.len(), 1, "kind {kind}");
                assert!(facts.problems.is_empty(), "kind {kind}: {:?}", facts.problems);
            }
        });
        assert!(worker.expect("spawn").join().is_ok());
    }
}
