//! Rust paths → model imports and references.
//!
//! Module specifiers (read by `resolve::rust::module_candidates`):
//! `crate::a::b` from the crate's `src/`, `@::a` / `@::^::a` relative to the
//! directory of this file (`^` = up one directory), anything else an
//! external crate. Inline modules are flattened into the file, so a path
//! that stays inside the file becomes a plain local name.

use syn::{Path, UseTree};

use super::Cx;
use crate::model::{Binding, Expr, Import};
use crate::source::Span;

/// Where a path's leading segments point.
enum Root {
    /// Items of this file (after dropping `self`/`super` hops and inline
    /// module names that stay within it): the remaining segments.
    Local(Vec<String>),
    /// A module file or crate, and the segments inside it.
    Module(String, Vec<String>),
}

impl Cx<'_> {
    /// The directory-relative specifier of this file's module, `ups`
    /// `super` hops above it.
    fn relative_spec(&self, ups: usize, rest: &[String]) -> String {
        relative_spec(self.mod_rs, &self.stem, ups, rest)
    }

    /// Classify a path as written at the current inline-module depth.
    fn root(&self, segs: &[String], leading_colon: bool) -> Root {
        if leading_colon || segs.is_empty() {
            return Root::Module(String::new(), segs.to_vec());
        }
        let depth = self.mod_path.len();
        let first = segs[0].as_str();
        match first {
            "crate" => Root::Module("crate".into(), segs[1..].to_vec()),
            "self" | "super" => {
                let supers = segs.iter().take_while(|s| *s == "super").count();
                let skip = if first == "self" { 1 } else { supers };
                let rest = &segs[skip..];
                if supers <= depth {
                    // Stays inside this file.
                    self.local_or_file_mod(rest)
                } else {
                    Root::Module(self.relative_spec(supers - depth, &[]), rest.to_vec())
                }
            }
            _ if self.file_mods.contains(first) || self.inline_mods.contains(first) => self.local_or_file_mod(segs),
            _ => Root::Module(String::new(), segs.to_vec()),
        }
    }

    /// A path relative to this file's top-level module.
    fn local_or_file_mod(&self, segs: &[String]) -> Root {
        match segs.first() {
            Some(m) if self.file_mods.contains(m) && !self.inline_mods.contains(m) => {
                Root::Module(self.relative_spec(0, std::slice::from_ref(m)), segs[1..].to_vec())
            }
            // Inline module names are kept: bindings inside them carry the
            // module name as a prefix (`presets.READ_ONLY`).
            _ => Root::Local(segs.to_vec()),
        }
    }

    /// Imports for a `use` tree.
    pub fn use_tree(&mut self, tree: &UseTree, prefix: &mut Vec<String>, leading_colon: bool, span: Span) {
        match tree {
            UseTree::Path(p) => {
                prefix.push(ident(&p.ident));
                self.use_tree(&p.tree, prefix, leading_colon, span);
                prefix.pop();
            }
            UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix, leading_colon, span);
                }
            }
            UseTree::Name(n) => {
                let name = ident(&n.ident);
                let local = if name == "self" { prefix.last().cloned().unwrap_or_default() } else { name.clone() };
                self.use_name(prefix, &name, &local, leading_colon, span);
            }
            UseTree::Rename(r) => {
                let name = ident(&r.ident);
                self.use_name(prefix, &name, &ident(&r.rename), leading_colon, span);
            }
            UseTree::Glob(_) => match self.root(prefix, leading_colon) {
                // Names of this file are all visible already.
                Root::Local(_) => {}
                Root::Module(spec, rest) => {
                    let module = join_spec(&spec, &rest);
                    if !module.is_empty() {
                        self.facts.imports.push(Import { local: "*".into(), module, member: None, span });
                    }
                }
            },
        }
    }

    fn use_name(&mut self, prefix: &[String], name: &str, local: &str, leading_colon: bool, span: Span) {
        if local == "_" || local.is_empty() {
            return;
        }
        let mut full = prefix.to_vec();
        if name != "self" {
            full.push(name.to_string());
        }
        match self.root(&full, leading_colon) {
            Root::Local(segs) => {
                // `use self::presets::READ as R`: an alias of a local name.
                if segs.len() > 1 || segs.first().is_some_and(|s| s != local) {
                    let value = Expr::Ref { path: segs, span };
                    if !self.mod_path.is_empty() {
                        let name = self.qualified(local);
                        self.facts.bindings.push(Binding { name, value: value.clone(), span });
                    }
                    self.facts.bindings.push(Binding { name: local.to_string(), value, span });
                }
            }
            Root::Module(spec, mut rest) => {
                let member = rest.pop();
                let module = join_spec(&spec, &rest);
                match member {
                    Some(member) if !module.is_empty() => self.import(local, module, Some(member), span),
                    // `use rmcp;`, `use crate::presets::{self}`, `use super::presets`.
                    Some(member) => self.import(local, member, None, span),
                    None if !module.is_empty() => self.import(local, module, None, span),
                    None => {}
                }
            }
        }
    }

    /// An import; inside an inline module it is also bound under the
    /// module's name (`presets.READ`), since the module is flattened.
    fn import(&mut self, local: &str, module: String, member: Option<String>, span: Span) {
        if !self.mod_path.is_empty() {
            let local = self.qualified(local);
            self.facts.imports.push(Import { local, module: module.clone(), member: member.clone(), span });
        }
        self.facts.imports.push(Import { local: local.to_string(), module, member, span });
    }

    /// A name qualified by the inline modules around it (`presets.READ`).
    pub fn qualified(&self, name: &str) -> String {
        let mut q = self.mod_path.join(".");
        if !q.is_empty() {
            q.push('.');
        }
        q.push_str(name);
        q
    }

    /// A path in an expression, as a model reference. Adds the imports that
    /// make `crate::`, `super::` and crate-rooted paths resolvable.
    pub fn path_ref(&mut self, path: &Path, span: Span) -> Expr {
        let segs: Vec<String> = path.segments.iter().map(|s| ident(&s.ident)).collect();
        // The scan does not know which impl it is in.
        if segs.first().is_some_and(|s| s == "Self") {
            return Expr::Unresolved(span);
        }
        if segs.len() == 1 {
            return Expr::Ref { path: segs, span };
        }
        match self.root(&segs, path.leading_colon.is_some()) {
            Root::Local(segs) => Expr::Ref { path: segs, span },
            Root::Module(spec, rest) if spec.is_empty() => {
                // `rmcp::model::Tool`: the crate is named by its first segment.
                if let Some(first) = rest.first() {
                    self.roots.insert(first.clone());
                }
                Expr::Ref { path: rest, span }
            }
            Root::Module(spec, rest) => {
                // Bind the module under a name no Rust identifier can take.
                let local = format!("{spec}:");
                if !self.facts.imports.iter().any(|i| i.local == local) {
                    self.facts.imports.push(Import { local: local.clone(), module: spec, member: None, span });
                }
                let mut p = vec![local];
                p.extend(rest);
                Expr::Ref { path: p, span }
            }
        }
    }
}

/// `rmcp` + `model` → `rmcp::model`; `@::^` + `a` → `@::^::a`.
/// The directory-relative specifier (`@::^::a::b`) of the module `ups`
/// `super` hops above a file's (a `mod.rs` is its directory's module, any
/// other file the module named by its stem), then `rest`.
pub(super) fn relative_spec(mod_rs: bool, stem: &str, ups: usize, rest: &[String]) -> String {
    let mut down: Vec<String> = if mod_rs { vec![] } else { vec![stem.to_string()] };
    let mut up = 0;
    for _ in 0..ups {
        if down.pop().is_none() {
            up += 1;
        }
    }
    let mut spec = String::from("@");
    for _ in 0..up {
        spec.push_str("::^");
    }
    for s in down.iter().chain(rest) {
        spec.push_str("::");
        spec.push_str(s);
    }
    spec
}

fn join_spec(spec: &str, rest: &[String]) -> String {
    let mut out = spec.to_string();
    for r in rest {
        if !out.is_empty() {
            out.push_str("::");
        }
        out.push_str(r);
    }
    out
}

pub fn ident(i: &proc_macro2::Ident) -> String {
    let s = i.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

/// SDK crates whose glob imports (`use rmcp::*;`) may bring a tool macro.
const SDK_GLOB_CRATES: &[&str] = &["rmcp", "rust_mcp_sdk", "rust_mcp_macros", "pmcp"];

/// `#[tool]` under `use rmcp::*;`: a glob of an external crate is not
/// followed by resolution, so a single-segment attribute path that nothing
/// else binds is taken from the SDK glob.
pub fn bind_glob_macros(cx: &mut Cx) {
    let Some(glob) = cx
        .facts
        .imports
        .iter()
        .filter(|i| i.local == "*")
        .find(|i| SDK_GLOB_CRATES.contains(&i.module.split("::").next().unwrap_or("")))
        .cloned()
    else {
        return;
    };
    let mut names: Vec<String> = Vec::new();
    for t in &cx.facts.tools {
        if let crate::model::Gate::Callee { callee: Expr::Ref { path, .. }, kind } = &t.gate {
            if *kind == crate::model::CalleeKind::WrapperOnly {
                continue;
            }
            if let [name] = path.as_slice() {
                let bound = cx.facts.imports.iter().any(|i| &i.local == name)
                    || cx.facts.bindings.iter().any(|b| &b.name == name);
                if !bound && !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
    }
    for name in names {
        cx.facts.imports.push(Import {
            local: name.clone(),
            module: glob.module.clone(),
            member: Some(name),
            span: glob.span,
        });
    }
}

/// Crate names used as the first segment of a path (`rmcp::model::Tool`)
/// are bound to the crate, unless the file binds the name itself.
pub fn add_crate_roots(cx: &mut Cx) {
    let mut roots: Vec<String> = cx.roots.drain().collect();
    roots.sort();
    for r in roots {
        let bound = cx.facts.imports.iter().any(|i| i.local == r)
            || cx.facts.bindings.iter().any(|b| b.name == r)
            || cx.file_mods.contains(&r)
            || cx.inline_mods.contains(&r);
        if !bound {
            let span = Span::new(cx.file, 0, 0);
            cx.facts.imports.push(Import { local: r.clone(), module: r, member: None, span });
        }
    }
}
