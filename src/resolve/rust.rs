//! Rust specifics of resolution, for the tools the fallback scan finds in
//! files `syn` rejects (all other Rust tools come from the evaluator) and
//! for the key spelling of every Rust tool: module paths → files, which
//! attribute paths belong to an MCP SDK crate, and which key spelling the
//! SDK macros take.
//!
//! The frontend writes module specifiers in three forms (see
//! `frontend::rust::paths`):
//! - `crate::a::b`: from the crate's `src/` (nearest `Cargo.toml` above);
//! - `@::a::b`, `@::^::a`: relative to the directory of the importing file,
//!   `^` going up one directory (`self::`/`super::` already mapped onto
//!   directories, so the specifier does not depend on the file's name);
//! - anything else is an external crate (`rmcp::model`): no file.
//!
//! Inline `mod x { … }` blocks are flattened into their file by the
//! frontend, so `a::b` may also name an item of `a.rs`: shorter prefixes
//! are tried after the exact module file.

use std::path::{Path, PathBuf};

use super::lang::Generation;
use super::lang::LangSupport;
use super::Linker;
use crate::model::{CalleeKind, FileFacts};

pub struct Rust;

impl LangSupport for Rust {
    fn module_candidates(&self, from: &Path, specifier: &str, _fs: &super::dircache::DirCache) -> Vec<PathBuf> {
        module_candidates(from, specifier)
    }
    fn is_sdk_symbol(&self, kind: CalleeKind, module: &str, name: &str) -> bool {
        // `name` may carry the rest of a path (`model.Tool`, `tool`).
        let root = crate_of(module);
        let last = name.rsplit(['.', ':']).next().unwrap_or(name);
        match kind {
            // Attribute macros that declare a tool (the only sites: the
            // fallback scan of a file `syn` rejects reads attributes alone).
            CalleeKind::SdkToolClass => match root {
                "rmcp" | "rmcp_macros" => last == "tool",
                "rust_mcp_sdk" | "rust_mcp_macros" => last == "mcp_tool",
                _ => false,
            },
            _ => false,
        }
    }
    fn generation(&self, facts: &FileFacts, _path: &Path, linker: &Linker) -> (Generation, String) {
        // A file `syn` parsed has its imports in its IR, one it rejected in
        // its facts.
        let sdk = |module: &str| matches!(crate_of(module), "rust_mcp_sdk" | "rust_mcp_macros");
        let rust_mcp_sdk = facts.imports.iter().any(|i| sdk(&i.module))
            || linker
                .lowered(facts.file)
                .is_some_and(|m| m.body.iter().any(|s| matches!(s, crate::ir::Stmt::Import(i) if sdk(&i.module))));
        let why = if rust_mcp_sdk {
            "rust-mcp-sdk's `#[mcp_tool]` takes snake_case hint keys and silently ignores any other key"
        } else {
            "Rust SDKs spell hint keys in snake_case (`annotations(...)`, `ToolAnnotations` fields)"
        };
        (Generation::SnakeOnly, why.to_string())
    }
}

/// The crate a module specifier starts with (`rmcp` for `rmcp::model`).
fn crate_of(module: &str) -> &str {
    module.trim_start_matches("::").split("::").next().unwrap_or("")
}

/// The directory a module specifier starts from and its segments below it
/// (none for an external crate or a malformed specifier).
fn split_specifier(from: &Path, specifier: &str) -> Option<(PathBuf, Vec<String>, bool)> {
    // `resolve::eval` appends a member with `.` when it tries a submodule.
    let spec = specifier.replace('.', "::");
    let mut segs: Vec<&str> = spec.split("::").filter(|s| !s.is_empty()).collect();
    let first = segs.first().copied()?;
    let base = match first {
        "crate" => {
            let root = crate_root(from)?;
            segs.remove(0);
            root.join("src")
        }
        "@" => {
            let mut dir = from.parent().unwrap_or(Path::new(".")).to_path_buf();
            segs.remove(0);
            while segs.first() == Some(&"^") {
                segs.remove(0);
                dir = dir.parent()?.to_path_buf();
            }
            dir
        }
        _ => return None,
    };
    if segs.iter().any(|s| *s == "^" || *s == "@" || *s == "crate") {
        return None;
    }
    Some((base, segs.into_iter().map(str::to_string).collect(), first == "crate"))
}

/// The files of the module a specifier names itself (`x.rs`, `x/mod.rs`),
/// when it names one below its crate or directory: never an enclosing
/// module's file nor the crate root.
pub fn own_module_files(from: &Path, specifier: &str) -> Vec<PathBuf> {
    match split_specifier(from, specifier) {
        Some((mut p, segs, _)) if !segs.is_empty() => {
            for s in &segs {
                p.push(s);
            }
            vec![p.with_extension("rs"), p.join("mod.rs")]
        }
        _ => vec![],
    }
}

/// Candidate files for a module specifier imported from `from`, best first.
pub fn module_candidates(from: &Path, specifier: &str) -> Vec<PathBuf> {
    let Some((base, segs, crate_src)) = split_specifier(from, specifier) else { return vec![] };
    let mut out = Vec::new();
    // The module file itself, then the files of enclosing modules (an
    // inline `mod` is part of its parent's file).
    for k in (1..=segs.len()).rev() {
        let mut p = base.clone();
        for s in &segs[..k] {
            p.push(s);
        }
        out.push(p.with_extension("rs"));
        out.push(p.join("mod.rs"));
    }
    out.extend(dir_module(&base, crate_src));
    out
}

/// The file of the module a directory belongs to: `mod.rs`, a crate root,
/// or the sibling `dir.rs` (2018-style non-`mod.rs` module).
fn dir_module(dir: &Path, crate_src: bool) -> Vec<PathBuf> {
    let mut out = vec![dir.join("lib.rs"), dir.join("main.rs")];
    if !crate_src {
        out.push(dir.join("mod.rs"));
        if let (Some(parent), Some(name)) = (dir.parent(), dir.file_name()) {
            out.push(parent.join(format!("{}.rs", name.to_string_lossy())));
        }
    }
    out
}

/// The nearest directory above `from` holding a `Cargo.toml`.
fn crate_root(from: &Path) -> Option<PathBuf> {
    let mut cur = from.parent();
    while let Some(d) = cur {
        if d.join("Cargo.toml").is_file() {
            return Some(d.to_path_buf());
        }
        cur = d.parent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifiers() {
        let from = Path::new("/x/src/tools/admin.rs");
        let c = module_candidates(from, "@::^::presets");
        assert_eq!(c[0], Path::new("/x/src/presets.rs"));
        assert_eq!(c[1], Path::new("/x/src/presets/mod.rs"));
        let c = module_candidates(from, "@::admin::inner");
        assert_eq!(c[0], Path::new("/x/src/tools/admin/inner.rs"));
        assert_eq!(c[2], Path::new("/x/src/tools/admin.rs"));
        assert!(module_candidates(from, "rmcp::model").is_empty());
        let c = module_candidates(from, "@");
        assert!(c.contains(&PathBuf::from("/x/src/tools/mod.rs")));
        assert!(c.contains(&PathBuf::from("/x/src/tools.rs")));
    }

    #[test]
    fn a_submodule_is_its_own_file_never_an_enclosing_one() {
        let from = Path::new("/x/src/tools/admin.rs");
        let own = own_module_files(from, "@::^::presets");
        assert_eq!(own, [PathBuf::from("/x/src/presets.rs"), PathBuf::from("/x/src/presets/mod.rs")]);
        // The directory itself, an external crate: no module file of their own.
        assert!(own_module_files(from, "@").is_empty());
        assert!(own_module_files(from, "rmcp::model").is_empty());
    }

    #[test]
    fn sdk_symbols() {
        let r = Rust;
        assert!(r.is_sdk_symbol(CalleeKind::SdkToolClass, "rmcp", "tool"));
        assert!(r.is_sdk_symbol(CalleeKind::SdkToolClass, "rmcp::handler::server", "tool"));
        assert!(!r.is_sdk_symbol(CalleeKind::SdkToolClass, "swiftide", "tool"));
        assert!(r.is_sdk_symbol(CalleeKind::SdkToolClass, "rust_mcp_sdk::macros", "mcp_tool"));
    }
}
