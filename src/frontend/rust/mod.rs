//! The Rust frontend: `syn` parses the file, `proc-macro2` (with
//! `span-locations`) gives byte ranges, and `to_ir.rs` lowers it into the
//! IR that the evaluator runs with the Rust SDK tables (`eval/sdk/rmcp.rs`,
//! `rust_mcp_sdk.rs`, `pmcp.rs`). Its facts are its parse problems only.
//!
//! A file `syn` rejects has no IR: it is reported as MCP090 and searched by
//! a token-level scan (`fallback.rs`) for `#[tool(...)]` / `#[mcp_tool(...)]`
//! attributes (read in `attrs.rs`, values in `lower.rs`) and the `use` /
//! `mod` declarations that say where those come from (`paths.rs`); those
//! are its tools. Input that may nest deeply (`depth.rs`) is parsed on a
//! thread with a large stack, and beyond [`MAX_NESTING`] only scanned.

mod attrs;
pub mod comments;
mod depth;
mod fallback;
mod lower;
mod paths;
mod serde_fields;
mod to_ir;

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

/// The `api` of each kind of Rust registration (the SDK tables' rows; the
/// fallback scan's attribute tools use the same).
pub const API_TOOL_ATTR: &str = "rust.rmcp.tool";
pub const API_TOOL_BASE: &str = "rust.rmcp.ToolBase";
pub const API_MCP_TOOL: &str = "rust.rust-mcp-sdk.mcp_tool";
pub const API_TOOL_NEW: &str = "rust.rmcp.Tool::new";
pub const API_TOOL_STRUCT: &str = "rust.Tool-struct";
pub const API_PMCP: &str = "rust.pmcp.builder";

/// The file's facts, and its IR when `syn` parsed it.
pub fn parse_file(file: FileId, path: &Path, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    let depth = depth::recursion_risk(text);
    if depth <= SHALLOW_NESTING {
        return parse_here(file, path, text, depth);
    }
    let (p, t) = (path.to_path_buf(), text.to_string());
    let worker = std::thread::Builder::new()
        .name("mcp-lint-rust-deep".into())
        .stack_size(DEEP_STACK)
        .spawn(move || parse_here(file, &p, &t, depth));
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

fn parse_here(file: FileId, path: &Path, text: &str, depth: usize) -> (FileFacts, Option<crate::ir::Module>) {
    let out = if depth > MAX_NESTING {
        let mut facts = scan_only(file, path, text);
        facts.problems.push(Problem {
            span: Span::new(file, 0, 0),
            message: format!("code nests deeper than {MAX_NESTING} levels: only tool attributes were searched"),
        });
        (facts, None)
    } else {
        parse_syn(file, path, text)
    };
    // proc-macro2 keeps every parsed text in a thread-local map; drop it.
    proc_macro2::extra::invalidate_current_thread_spans();
    out
}

fn parse_syn(file: FileId, path: &Path, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    let source = blank_preamble(text);
    match syn::parse_file(&source) {
        Ok(ast) => {
            let (stem, mod_rs) = module_place(path);
            let crate_root = matches!(stem.as_str(), "lib" | "main") || !matches!(stem.as_str(), "mod") && mod_rs;
            let module = to_ir::lower(file, &ast, mod_rs, &stem, crate_root);
            (FileFacts::new(file, Lang::Rust), Some(module))
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

/// The file's stem, and whether its `mod x;` files are beside it (`lib.rs`,
/// `main.rs`, `mod.rs`, a crate root) rather than in a directory named
/// after it.
fn module_place(path: &Path) -> (String, bool) {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let parent = path.parent().and_then(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned());
    let mod_rs = matches!(stem.as_str(), "lib" | "main" | "mod" | "build")
        || matches!(parent.as_deref(), Some("bin" | "examples" | "tests" | "benches"));
    (stem, mod_rs)
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

/// What the fallback scan knows while searching one file.
pub(super) struct Cx<'t> {
    pub file: FileId,
    pub text: &'t str,
    /// Offset of the snippet `syn` is parsing within the file (the scan
    /// parses each piece on its own).
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
    /// Struct name → input field names.
    pub structs: HashMap<String, Vec<String>>,
    /// First segments of paths used in expressions that may name a crate.
    pub roots: HashSet<String>,
    pub facts: FileFacts,
}

impl<'t> Cx<'t> {
    fn new(file: FileId, path: &Path, text: &'t str) -> Cx<'t> {
        let (stem, mod_rs) = module_place(path);
        Cx {
            file,
            text,
            base: 0,
            mod_rs,
            stem,
            file_mods: HashSet::new(),
            inline_mods: HashSet::new(),
            mod_path: Vec::new(),
            structs: HashMap::new(),
            roots: HashSet::new(),
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

    /// What a file gives: the tools its fallback scan found, or, when `syn`
    /// parsed it, its lowered functions that carry an attribute (the tool
    /// methods of [`HEAD`]); and its problems.
    fn parse_text(text: &str) -> (usize, Vec<Problem>) {
        let (facts, module) = parse_file(FileId(0), Path::new("src/lib.rs"), text);
        let found = match module {
            Some(m) => {
                assert!(facts.tools.is_empty(), "a parsed file has no scanned tools");
                m.funcs.iter().filter(|f| !f.decorators.is_empty()).count()
            }
            None => facts.tools.len(),
        };
        (found, facts.problems)
    }

    fn scanned(text: &str) -> FileFacts {
        let (facts, module) = parse_file(FileId(0), Path::new("src/lib.rs"), text);
        assert!(module.is_none(), "syn rejects it");
        facts
    }

    #[test]
    fn ten_thousand_levels_do_not_overflow() {
        let facts = scanned(&nested(10_000));
        assert_eq!(facts.tools.len(), 1);
        assert_eq!(facts.tools[0].default_name.as_ref().map(|n| n.0.as_str()), Some("get_item"));
        assert_eq!(facts.problems.len(), 1, "{:?}", facts.problems);
        // Unbalanced as well as deep.
        let facts = scanned(&format!("{HEAD}fn f() {{ {} }}", "[{(".repeat(10_000)));
        assert_eq!(facts.tools.len(), 1);
        assert!(!facts.problems.is_empty());
    }

    #[test]
    fn deep_but_bounded_nesting_is_parsed_by_syn() {
        // The signature's `()` and `->` count too.
        let (found, problems) = parse_text(&nested(MAX_NESTING - 10));
        assert_eq!(found, 1);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn attribute_text_outside_code_is_not_a_tool_of_the_scan() {
        let text = "use rmcp::tool;\n/// #[tool]\n/// fn a(&self) {}\nconst S: &str = \"#[tool] fn b() {}\";\n/* #[tool] fn c() {} */\nfn main() {}\n";
        // The file does not parse: only the scan reads it.
        let facts = scanned(&format!("{text}fn broken( {{"));
        assert!(facts.tools.is_empty());
        assert_eq!(facts.problems.len(), 1);
    }

    #[test]
    fn spans_are_byte_offsets_after_multibyte_text() {
        let text = "\u{feff}// é ü ß — ✓\nuse rmcp::tool;\nstruct S;\nimpl S {\n    #[tool] async fn x(&self) {}\n}\nfn broken( {";
        let facts = scanned(text);
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
                let (found, _) = parse_text(&risky(kind, n));
                assert_eq!(found, 1, "kind {kind}, depth {n}");
            }
        }
    }

    #[test]
    fn shallow_input_fits_a_default_worker_stack() {
        let worker = std::thread::Builder::new().stack_size(2 * 1024 * 1024).spawn(|| {
            for kind in 0..6 {
                let text = risky(kind, SHALLOW_NESTING - 8);
                assert!(depth::recursion_risk(&text) <= SHALLOW_NESTING, "kind {kind}");
                let (facts, module) = parse_here(FileId(0), Path::new("src/lib.rs"), &text, 0);
                assert!(module.is_some(), "kind {kind}");
                assert!(facts.problems.is_empty(), "kind {kind}: {:?}", facts.problems);
            }
        });
        assert!(worker.expect("spawn").join().is_ok());
    }
}
