//! Rust syntax (`syn`) → the language-neutral IR ([`crate::ir`]). Syntax
//! only: nothing here knows which calls or attributes register tools.
//!
//! Rust semantics the IR leaves to frontends:
//! - items are visible before they are written: `use`/`mod` imports come
//!   first in the module body, then the other items in source order;
//! - paths: `crate::`, `self::`, `super::` and `mod x;` names become imports
//!   of module specifiers (`resolve::rust::module_candidates` reads them);
//!   inline `mod x { … }` blocks are flattened into the file, so a path
//!   through one is a plain local name; a path into another crate
//!   (`rmcp::model::Tool::new`) is an import of that crate's item, bound to
//!   a name no identifier can spell (the path itself);
//! - `impl` blocks attach their methods to the file's struct of that name
//!   (`self` is [`Expr::This`]); for a type declared elsewhere they form an
//!   unnamed [`ClassKind::Impl`] class;
//! - attributes on methods are their decorators, called with the function
//!   (`#[tool(name = "x", annotations(read_only_hint))]` is
//!   `tool(name="x", annotations={read_only_hint: true})`); attributes on a
//!   free function, a struct or an `impl` are called with the item once
//!   every item of the file is declared, and do not rebind it (a derive
//!   keeps its type);
//! - doc comments (`///`) are a function's docstring: a string statement
//!   first in its body, as Python writes one;
//! - the last expression of a block is its value (`Return` in a function);
//!   `Some(x)`, `Ok(x)`, `Box::new(x)`, `x.clone()`, `x.into()`, `&x`, `x?`
//!   pass their value through; `LazyLock::new(|| v)` is `v`.
//!
//! The syntax tree `syn` built is at most `MAX_NESTING` deep (see
//! `super::depth`), and this walks it on the same thread, so recursion here
//! is bounded the same way.

use std::collections::{HashMap, HashSet};

use proc_macro2::TokenStream;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::Token;

use crate::ir::{
    Arg, BinaryOp, Block, Case, Class, ClassKind, Element, Entry, Expr, FuncKind, Function, Import, Lit, Member,
    MemberValue, Module, Param, ParamKind, Pattern, Place, Spread, Stmt, TypeHolds, UnaryOp,
};
use crate::model::Lang;
use crate::source::{FileId, Span};

/// Attributes that are the compiler's or a derive helper's, never a macro
/// that could declare something: not lowered.
const INERT_ATTRS: &[&str] = &[
    "derive",
    "doc",
    "cfg",
    "cfg_attr",
    "allow",
    "warn",
    "deny",
    "forbid",
    "expect",
    "inline",
    "must_use",
    "test",
    "serde",
    "schemars",
    "repr",
    "non_exhaustive",
    "deprecated",
    "automatically_derived",
    "track_caller",
    "cold",
    "ignore",
    "should_panic",
    "macro_export",
    "macro_use",
    "path",
    "rustfmt",
    "clippy",
    "doc_comment",
];

/// How many `use` aliases one path is followed through.
const MAX_ALIASES: usize = 8;

/// Calls and methods whose value is their (first) argument or receiver.
const TRANSPARENT_CALLS: &[&str] = &[
    "Some",
    "Ok",
    "Box::new",
    "Arc::new",
    "Rc::new",
    "Cow::Borrowed",
    "Cow::Owned",
    "Cow::from",
    "String::from",
    "Into::into",
];
const TRANSPARENT_METHODS: &[&str] = &[
    "clone",
    "into",
    "to_string",
    "to_owned",
    "as_str",
    "as_ref",
    "unwrap",
    "expect",
    "unwrap_or_default",
    "borrow",
    "deref",
    "iter",
    "into_iter",
    "to_vec",
    "cloned",
    "copied",
];

/// Lowers one parsed Rust file. `mod_rs`: the file's `mod x;` children live
/// beside it (`lib.rs`, `main.rs`, `mod.rs`); `stem`: its file stem;
/// `crate_root`: `crate::` names this file.
pub fn lower(file: FileId, ast: &syn::File, mod_rs: bool, stem: &str, crate_root: bool) -> Module {
    let mut cx = Lx {
        file,
        mod_rs,
        stem: stem.to_string(),
        crate_root,
        module: Module::new(file, Lang::Rust),
        known: HashSet::new(),
        file_mods: HashSet::new(),
        inline_mods: HashSet::new(),
        inline_depth: 0,
        self_ty: None,
        structs: HashMap::new(),
        imports: vec![],
        synthesised: HashSet::new(),
        module_aliases: HashMap::new(),
    };
    cx.declare(&ast.items);
    let mut body = vec![];
    let mut after = vec![];
    cx.items(&ast.items, &mut body, &mut after);
    // Items are visible in the whole file, whatever their order: functions
    // first (a const may call one), then values, then the types whose
    // attributes and methods' attributes may read either, impls last.
    let mut out = std::mem::take(&mut cx.imports);
    let classes = &cx.module.classes;
    let rank = |s: &Stmt| match s {
        Stmt::Func(_) => 0,
        Stmt::Let { .. } => 1,
        // Impls last among types: their associated types name the others.
        Stmt::Class(c) if classes[c.0 as usize].kind == ClassKind::Impl => 3,
        Stmt::Class(_) => 2,
        _ => 4,
    };
    body.sort_by_key(rank);
    out.extend(body);
    out.extend(after);
    cx.module.body = out;
    cx.module
}

struct Lx {
    file: FileId,
    mod_rs: bool,
    stem: String,
    crate_root: bool,
    module: Module,
    /// Names the file's items and `use` declarations bind (inline modules
    /// flattened).
    known: HashSet<String>,
    file_mods: HashSet<String>,
    inline_mods: HashSet<String>,
    /// Inline modules entered.
    inline_depth: usize,
    /// The type of the `impl` block being lowered (`Self`).
    self_ty: Option<String>,
    /// Struct name → its class, for `impl` blocks of the same file.
    structs: HashMap<String, crate::ir::ClassId>,
    /// `use`, `mod x;` and path imports: first in the body.
    imports: Vec<Stmt>,
    synthesised: HashSet<String>,
    /// Names `use` binds that may be modules (lowercase: `use
    /// rust_mcp_sdk::macros;`) → the full path they stand for, and whether
    /// it starts with `::`. A path through one (`macros::mcp_tool`) goes on
    /// from there, as Rust resolves it.
    module_aliases: HashMap<String, (Vec<String>, bool)>,
}

/// Where a path's leading segments point.
enum Root {
    /// A name of this file and the members read from it.
    Local(Vec<String>),
    /// A module specifier, and the segments inside it.
    Module(String, Vec<String>),
}

fn ident(i: &syn::Ident) -> String {
    let s = i.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

fn segments(p: &syn::Path) -> Vec<String> {
    p.segments.iter().map(|s| ident(&s.ident)).collect()
}

fn lit_str(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        _ => None,
    }
}

/// A `///` / `#[doc = "..."]` documentation, lines trimmed and joined.
fn doc_of(attrs: &[syn::Attribute]) -> Option<(String, proc_macro2::Span)> {
    let mut lines = vec![];
    let mut first = None;
    for a in attrs {
        if let syn::Meta::NameValue(nv) = &a.meta {
            if nv.path.is_ident("doc") {
                if let Some(s) = lit_str(&nv.value) {
                    first.get_or_insert(a.span());
                    lines.push(s.trim().to_string());
                }
            }
        }
    }
    let doc = lines.join("\n").trim().to_string();
    first.filter(|_| !doc.is_empty()).map(|s| (doc, s))
}

impl Lx {
    fn span(&self, s: proc_macro2::Span) -> Span {
        let r = s.byte_range();
        Span::new(self.file, r.start, r.end)
    }
    fn sp<T: Spanned>(&self, t: &T) -> Span {
        self.span(t.span())
    }

    /// Names bound by the file's items, before any is lowered.
    fn declare(&mut self, items: &[syn::Item]) {
        let mut aliases = vec![];
        self.declare_items(items, &mut aliases);
        // Only a module of another crate: one of this crate's (an inline
        // module flattened into its file) is a value its importers read.
        for (local, full, colon) in aliases {
            let own = |n: &str| {
                ["crate", "self", "super"].contains(&n) || self.known.contains(n) || self.inline_mods.contains(n)
            };
            if colon || !own(&full[0]) {
                self.module_aliases.insert(local, (full, colon));
            }
        }
    }

    fn declare_items(&mut self, items: &[syn::Item], aliases: &mut Vec<(String, Vec<String>, bool)>) {
        for item in items {
            match item {
                syn::Item::Const(c) => {
                    self.known.insert(ident(&c.ident));
                }
                syn::Item::Static(s) => {
                    self.known.insert(ident(&s.ident));
                }
                syn::Item::Fn(f) => {
                    self.known.insert(ident(&f.sig.ident));
                }
                syn::Item::Struct(s) => {
                    self.known.insert(ident(&s.ident));
                }
                syn::Item::Enum(e) => {
                    self.known.insert(ident(&e.ident));
                }
                syn::Item::Type(t) => {
                    self.known.insert(ident(&t.ident));
                }
                syn::Item::Mod(m) => {
                    let name = ident(&m.ident);
                    match &m.content {
                        Some((_, inner)) => {
                            self.inline_mods.insert(name);
                            self.declare_items(inner, aliases);
                        }
                        None => {
                            self.file_mods.insert(name.clone());
                            self.known.insert(name);
                        }
                    }
                }
                syn::Item::Use(u) => {
                    let mut names = vec![];
                    use_names(&u.tree, None, &mut names);
                    self.known.extend(names);
                    let mut paths = vec![];
                    use_paths(&u.tree, &mut vec![], &mut paths);
                    for (local, full) in paths {
                        if local.starts_with(|c: char| c.is_lowercase()) && full.len() > 1 {
                            aliases.push((local, full, u.leading_colon.is_some()));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The specifier of the module `ups` levels above this file's, then `rest`.
    fn relative_spec(&self, ups: usize, rest: &[String]) -> String {
        super::paths::relative_spec(self.mod_rs, &self.stem, ups, rest)
    }

    fn root(&self, segs: &[String], leading_colon: bool) -> Root {
        self.root_at(segs, leading_colon, 0)
    }

    /// `depth`: `use` aliases followed so far (a cycle only broken code
    /// writes stops at [`MAX_ALIASES`]).
    fn root_at(&self, segs: &[String], leading_colon: bool, depth: usize) -> Root {
        let Some(first) = segs.first().map(String::as_str) else { return Root::Local(vec![]) };
        if leading_colon {
            return Root::Module(first.to_string(), segs[1..].to_vec());
        }
        // A path through a module a `use` names: the module's own path, then the rest.
        if let (true, Some((full, colon))) = (segs.len() > 1 && depth < MAX_ALIASES, self.module_aliases.get(first)) {
            let mut path = full.clone();
            path.extend_from_slice(&segs[1..]);
            return self.root_at(&path, *colon, depth + 1);
        }
        match first {
            "crate" if self.crate_root => self.local(&segs[1..]),
            "crate" => Root::Module("crate".into(), segs[1..].to_vec()),
            "self" if segs.len() > 1 => self.local(&segs[1..]),
            "super" => {
                let supers = segs.iter().take_while(|s| *s == "super").count();
                if supers <= self.inline_depth {
                    self.local(&segs[supers..])
                } else {
                    Root::Module(self.relative_spec(supers - self.inline_depth, &[]), segs[supers..].to_vec())
                }
            }
            _ => self.local(segs),
        }
    }

    /// A path written in this file's top-level module.
    fn local(&self, segs: &[String]) -> Root {
        let mut segs = segs;
        while segs.len() > 1 && self.inline_mods.contains(&segs[0]) {
            segs = &segs[1..];
        }
        match segs.first() {
            Some(m) if self.file_mods.contains(m) && segs.len() > 1 && !self.inline_mods.contains(m) => {
                Root::Module(self.relative_spec(0, std::slice::from_ref(m)), segs[1..].to_vec())
            }
            Some(m) if segs.len() > 1 && !self.known.contains(m) && m.starts_with(|c: char| c.is_lowercase()) => {
                // Another crate's path (`rmcp::model::Tool`).
                Root::Module(m.clone(), segs[1..].to_vec())
            }
            _ => Root::Local(segs.to_vec()),
        }
    }

    /// `use` trees → imports.
    fn use_tree(&mut self, tree: &syn::UseTree, prefix: &mut Vec<String>, leading_colon: bool, span: Span) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(ident(&p.ident));
                self.use_tree(&p.tree, prefix, leading_colon, span);
                prefix.pop();
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix, leading_colon, span);
                }
            }
            syn::UseTree::Name(n) => {
                let name = ident(&n.ident);
                let local = if name == "self" { prefix.last().cloned().unwrap_or_default() } else { name.clone() };
                self.use_name(prefix, &name, &local, leading_colon, span);
            }
            syn::UseTree::Rename(r) => {
                let name = ident(&r.ident);
                self.use_name(prefix, &name, &ident(&r.rename), leading_colon, span);
            }
            syn::UseTree::Glob(_) => {
                let module = match self.root(prefix, leading_colon) {
                    Root::Module(spec, rest) => join(&spec, &rest),
                    // `use rmcp::*`: a crate, not a name of this file.
                    Root::Local(segs)
                        if segs.len() == 1
                            && !self.known.contains(&segs[0])
                            && !self.inline_mods.contains(&segs[0]) =>
                    {
                        segs[0].clone()
                    }
                    // Names of this file (an inline module's) are visible already.
                    Root::Local(_) => return,
                };
                self.imports.push(Stmt::Import(Import { local: "*".into(), module, member: Some("*".into()), span }));
            }
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
                // An alias of a name of this file (`use self::inner::READ as R`).
                if segs.len() == 1 && segs[0] == local {
                    return;
                }
                let value = self.members(Expr::Name(segs[0].clone(), span), &segs[1..], span);
                self.imports.push(Stmt::Let { target: Pattern::Name(local.to_string(), span), value, span });
            }
            Root::Module(spec, mut rest) => {
                let Some(member) = rest.pop() else {
                    // `use rmcp;`, `use crate::presets::{self}` of a crate root.
                    self.imports.push(Stmt::Import(Import {
                        local: local.to_string(),
                        module: spec,
                        member: None,
                        span,
                    }));
                    return;
                };
                let module = join(&spec, &rest);
                self.imports.push(Stmt::Import(Import {
                    local: local.to_string(),
                    module,
                    member: Some(member),
                    span,
                }));
            }
        }
    }

    fn members(&self, mut e: Expr, names: &[String], span: Span) -> Expr {
        for n in names {
            e = Expr::Member { object: Box::new(e), name: n.clone(), span };
        }
        e
    }

    /// A path in an expression or a type.
    fn path(&mut self, segs: &[String], leading_colon: bool, span: Span) -> Expr {
        match segs.first().map(String::as_str) {
            None => return Expr::Unknown(span),
            Some("self") if segs.len() == 1 => return Expr::This(span),
            Some("Self") => {
                return match self.self_ty.clone() {
                    Some(t) => {
                        let mut full = vec![t];
                        full.extend_from_slice(&segs[1..]);
                        self.path(&full, false, span)
                    }
                    None => Expr::Unknown(span),
                }
            }
            _ => {}
        }
        match self.root(segs, leading_colon) {
            Root::Local(segs) if segs.is_empty() => Expr::Unknown(span),
            Root::Local(segs) => self.members(Expr::Name(segs[0].clone(), span), &segs[1..], span),
            Root::Module(spec, rest) => {
                // The item is the first type-like segment (`model::Tool` in
                // `model::Tool::new`), else the last one; the rest are its members.
                let at = rest.iter().position(|s| s.starts_with(|c: char| c.is_uppercase())).unwrap_or(rest.len());
                let at = at.min(rest.len().saturating_sub(1));
                if rest.is_empty() {
                    let local = spec.clone();
                    self.synthesise(&local, &spec, None, span);
                    return Expr::Name(local, span);
                }
                let module = join(&spec, &rest[..at]);
                let local = format!("{module}::{}", rest[at]);
                self.synthesise(&local, &module, Some(rest[at].clone()), span);
                self.members(Expr::Name(local, span), &rest[at + 1..], span)
            }
        }
    }

    fn synthesise(&mut self, local: &str, module: &str, member: Option<String>, span: Span) {
        if self.synthesised.insert(local.to_string()) {
            let import = Import { local: local.to_string(), module: module.to_string(), member, span };
            self.imports.push(Stmt::Import(import));
        }
    }

    fn syn_path(&mut self, p: &syn::Path, span: Span) -> Expr {
        self.path(&segments(p), p.leading_colon.is_some(), span)
    }

    /// A type as the value it names (`ToolAnnotations`, `Vec<T>` → `T`).
    fn ty(&mut self, t: &syn::Type) -> Option<(Expr, TypeHolds)> {
        match t {
            syn::Type::Path(p) => {
                let last = p.path.segments.last()?;
                let span = self.sp(t);
                let name = ident(&last.ident);
                let inner = match &last.arguments {
                    syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|g| match g {
                        syn::GenericArgument::Type(t) => Some(t),
                        _ => None,
                    }),
                    _ => None,
                };
                match (name.as_str(), inner) {
                    ("Vec", Some(inner)) => self.ty(inner).map(|(e, _)| (e, TypeHolds::List)),
                    ("HashMap" | "BTreeMap", _) => None,
                    ("Option" | "Box" | "Arc" | "Rc" | "LazyLock" | "Lazy" | "Cow", Some(inner)) => self.ty(inner),
                    // `Parameters<T>`: the type applied to its argument, as
                    // Python subscripts a generic (`list[T]`).
                    (_, Some(inner)) => {
                        let object = self.syn_path(&p.path, span);
                        let index = match self.ty(inner) {
                            Some((e, _)) => e,
                            None => Expr::Unknown(self.sp(inner)),
                        };
                        Some((Expr::Index { object: Box::new(object), index: Box::new(index), span }, TypeHolds::One))
                    }
                    _ => Some((self.syn_path(&p.path, span), TypeHolds::One)),
                }
            }
            // `()`: no value (a tool without input).
            syn::Type::Tuple(t) if t.elems.is_empty() => Some((Expr::Lit(Lit::Null, self.sp(t)), TypeHolds::One)),
            syn::Type::Reference(r) => self.ty(&r.elem),
            syn::Type::Paren(p) => self.ty(&p.elem),
            syn::Type::Group(g) => self.ty(&g.elem),
            syn::Type::Slice(s) => self.ty(&s.elem).map(|(e, _)| (e, TypeHolds::List)),
            syn::Type::Array(a) => self.ty(&a.elem).map(|(e, _)| (e, TypeHolds::List)),
            _ => None,
        }
    }

    // ---- items -------------------------------------------------------

    /// Items into `out` (imports into `self.imports`); attributes applied
    /// to types go to `after`, once every type is declared.
    fn items(&mut self, items: &[syn::Item], out: &mut Block, after: &mut Block) {
        for item in items {
            self.item(item, out, after);
        }
    }

    fn item(&mut self, item: &syn::Item, out: &mut Block, after: &mut Block) {
        let span = self.sp(item);
        match item {
            syn::Item::Use(u) => {
                self.use_tree(&u.tree, &mut vec![], u.leading_colon.is_some(), span);
            }
            syn::Item::Mod(m) => {
                let name = ident(&m.ident);
                match &m.content {
                    Some((_, inner)) => {
                        self.inline_depth += 1;
                        self.items(inner, out, after);
                        self.inline_depth -= 1;
                        // Its items are flattened into the file; the module
                        // itself, as another file imports it, is an object
                        // of them.
                        let entries = inner
                            .iter()
                            .filter_map(item_name)
                            .map(|(n, at)| {
                                let at = self.span(at);
                                Entry::Pair { key: n.clone(), key_span: at, value: Expr::Name(n, at) }
                            })
                            .collect();
                        let at = self.sp(&m.ident);
                        let object = Expr::Object { entries, span: at };
                        after.push(Stmt::Let { target: Pattern::Name(name, at), value: object, span });
                    }
                    None => {
                        let module = self.relative_spec(0, std::slice::from_ref(&name));
                        let name_span = self.sp(&m.ident);
                        self.imports.push(Stmt::Import(Import { local: name, module, member: None, span: name_span }));
                    }
                }
            }
            syn::Item::Const(c) => {
                let value = self.typed(&c.expr, &c.ty);
                out.push(Stmt::Let { target: Pattern::Name(ident(&c.ident), self.sp(&c.ident)), value, span });
            }
            syn::Item::Static(s) => {
                let value = self.typed(&s.expr, &s.ty);
                out.push(Stmt::Let { target: Pattern::Name(ident(&s.ident), self.sp(&s.ident)), value, span });
            }
            syn::Item::Fn(f) => {
                let id = self.function(&f.attrs, &f.sig, &f.block, false);
                out.push(Stmt::Func(id));
                // Its attributes run once every item is declared (one may
                // name a const or a type written later), as a struct's do,
                // and keep the function: `attr(args)(f)`.
                let decorators = std::mem::take(&mut self.module.funcs[id.0 as usize].decorators);
                let name_span = self.sp(&f.sig.ident);
                let mut value = Expr::Name(ident(&f.sig.ident), name_span);
                for d in decorators.into_iter().rev() {
                    let at = d.span();
                    let arg = Arg { keyword: None, value, spread: Spread::No, span: name_span };
                    value = Expr::Call { callee: Box::new(d), args: vec![arg], span: at };
                }
                if !matches!(value, Expr::Name(..)) {
                    after.push(Stmt::Expr(value));
                }
            }
            syn::Item::Struct(s) => {
                let name = ident(&s.ident);
                // Fields are named as serde (de)serialises them (`rename`,
                // `rename_all`, `skip`): the names an input schema has.
                let serialized = super::serde_fields::struct_fields(s).unwrap_or_default();
                let at = self.sp(&s.ident);
                let members = serialized
                    .into_iter()
                    .map(|name| Member {
                        name,
                        name_span: at,
                        is_static: false,
                        value: MemberValue::Field(None),
                        annotation: None,
                        alias: None,
                    })
                    .collect();
                let id = self.class(Some(name.clone()), self.sp(&s.ident), ClassKind::Struct, members, span);
                self.structs.insert(name.clone(), id);
                out.push(Stmt::Class(id));
                self.type_attrs(&s.attrs, &name, span, after);
            }
            syn::Item::Enum(e) => {
                let name = ident(&e.ident);
                let id = self.class(Some(name.clone()), self.sp(&e.ident), ClassKind::Enum, vec![], span);
                out.push(Stmt::Class(id));
                self.type_attrs(&e.attrs, &name, span, after);
            }
            syn::Item::Impl(i) => self.impl_block(i, span, out, after),
            // `type A = B;`: the name stands for the type.
            syn::Item::Type(t) => {
                let name = ident(&t.ident);
                if let Some((value, _)) = self.ty(&t.ty) {
                    out.push(Stmt::Let { target: Pattern::Name(name.clone(), self.sp(&t.ident)), value, span });
                }
                self.type_attrs(&t.attrs, &name, span, after);
            }
            syn::Item::Trait(t) => {
                let name = ident(&t.ident);
                let mut members = vec![];
                for it in &t.items {
                    if let syn::TraitItem::Fn(f) = it {
                        if let Some(block) = &f.default {
                            let id = self.function(&f.attrs, &f.sig, block, true);
                            members.push(self.method_member(&f.sig, id));
                        }
                    }
                }
                let id = self.class(Some(name), self.sp(&t.ident), ClassKind::Trait, members, span);
                out.push(Stmt::Class(id));
            }
            syn::Item::Macro(m) => {
                let e = self.mac(&m.mac, span);
                out.push(Stmt::Expr(e));
            }
            _ => {}
        }
    }

    fn class(
        &mut self,
        name: Option<String>,
        name_span: Span,
        kind: ClassKind,
        members: Vec<Member>,
        span: Span,
    ) -> crate::ir::ClassId {
        self.module.add_class(Class {
            name,
            name_span,
            kind,
            bases: vec![],
            members,
            decorators: vec![],
            instances_see_statics: true,
            span,
        })
    }

    /// A `const`/`static` value, with its declared type; `LazyLock::new(|| v)`
    /// and `Lazy::new(|| v)` are `v`.
    fn typed(&mut self, e: &syn::Expr, t: &syn::Type) -> Expr {
        let value = match e {
            syn::Expr::Call(c) if c.args.len() == 1 && is_lazy(&c.func) => match &c.args[0] {
                syn::Expr::Closure(cl) => self.expr(&cl.body),
                other => {
                    let f = self.expr(other);
                    let span = self.sp(e);
                    Expr::Call { callee: Box::new(f), args: vec![], span }
                }
            },
            _ => self.expr(e),
        };
        match self.ty(t) {
            Some((ty, holds)) => {
                let span = value.span();
                Expr::Typed { value: Box::new(value), ty: Box::new(ty), holds, span }
            }
            None => value,
        }
    }

    /// Attributes of a struct or enum: `attr(args)(Type)` after the items.
    fn type_attrs(&mut self, attrs: &[syn::Attribute], name: &str, span: Span, after: &mut Block) {
        for a in attrs {
            if let Some(d) = self.attribute(a) {
                let at = self.sp(a);
                let target = Expr::Name(name.to_string(), span);
                let arg = Arg { keyword: None, value: target, spread: Spread::No, span };
                after.push(Stmt::Expr(Expr::Call { callee: Box::new(d), args: vec![arg], span: at }));
            }
        }
    }

    fn impl_block(&mut self, i: &syn::ItemImpl, span: Span, out: &mut Block, after: &mut Block) {
        let self_name = match &*i.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| ident(&s.ident)),
            _ => None,
        };
        let saved = std::mem::replace(&mut self.self_ty, self_name.clone());
        let mut members = vec![];
        for it in &i.items {
            match it {
                syn::ImplItem::Fn(f) => {
                    let id = self.function(&f.attrs, &f.sig, &f.block, true);
                    members.push(self.method_member(&f.sig, id));
                }
                // `type Parameter = KeyInput;`: the type, read as a static field.
                syn::ImplItem::Type(t) => {
                    let value = self.ty(&t.ty).map_or(Expr::Unknown(self.sp(&t.ty)), |(e, _)| e);
                    members.push(Member {
                        name: ident(&t.ident),
                        name_span: self.sp(&t.ident),
                        is_static: true,
                        value: MemberValue::Field(Some(value)),
                        annotation: None,
                        alias: None,
                    });
                }
                syn::ImplItem::Const(c) => {
                    let value = self.typed(&c.expr, &c.ty);
                    members.push(Member {
                        name: ident(&c.ident),
                        name_span: self.sp(&c.ident),
                        is_static: true,
                        value: MemberValue::Field(Some(value)),
                        annotation: None,
                        alias: None,
                    });
                }
                _ => {}
            }
        }
        let bases: Vec<Expr> = match &i.trait_ {
            Some((_, path, _)) => vec![self.syn_path(path, self.sp(path))],
            None => vec![],
        };
        let existing = self_name.as_ref().and_then(|n| self.structs.get(n)).copied();
        // A trait impl is also a class of its own, based on the trait and
        // spanned from `impl`: an SDK trait (rmcp's `ToolBase`) sees the
        // impl, reported where it is written. Its methods are the type's too.
        let trait_impl = !bases.is_empty();
        if let (Some(id), true) = (existing, trait_impl) {
            self.module.classes[id.0 as usize].members.extend(members.iter().cloned());
        }
        match existing.filter(|_| !trait_impl) {
            Some(id) => {
                let c = &mut self.module.classes[id.0 as usize];
                c.members.extend(members);
            }
            None => {
                let name_span =
                    if trait_impl { self.join(i.impl_token.span, i.self_ty.span()) } else { self.sp(&i.self_ty) };
                let id = self.module.add_class(Class {
                    name: None,
                    name_span,
                    kind: ClassKind::Impl,
                    bases,
                    members,
                    decorators: vec![],
                    instances_see_statics: true,
                    span,
                });
                out.push(Stmt::Class(id));
            }
        }
        if let Some(name) = &self_name {
            self.type_attrs(&i.attrs, name, span, after);
        }
        self.self_ty = saved;
    }

    fn method_member(&self, sig: &syn::Signature, id: crate::ir::FuncId) -> Member {
        let is_static = sig.receiver().is_none();
        Member {
            name: ident(&sig.ident),
            name_span: self.sp(&sig.ident),
            is_static,
            value: MemberValue::Method(id),
            annotation: None,
            alias: None,
        }
    }

    fn function(
        &mut self,
        attrs: &[syn::Attribute],
        sig: &syn::Signature,
        block: &syn::Block,
        method: bool,
    ) -> crate::ir::FuncId {
        let span = self.join(sig.fn_token.span, block.span());
        let decorators = attrs.iter().filter_map(|a| self.attribute(a)).collect();
        let mut params = vec![];
        for input in &sig.inputs {
            if let syn::FnArg::Typed(pt) = input {
                params.push(self.param(&pt.pat, Some(&pt.ty)));
            }
        }
        let mut body = vec![];
        if let Some((doc, at)) = doc_of(attrs) {
            let at = self.span(at);
            body.push(Stmt::Expr(Expr::Lit(Lit::Str(doc), at)));
        }
        self.block_into(&block.stmts, true, &mut body);
        let is_static = method && sig.receiver().is_none();
        self.module.add_func(Function {
            name: Some(ident(&sig.ident)),
            name_span: self.sp(&sig.ident),
            params,
            body,
            decorators,
            kind: if method { FuncKind::Method } else { FuncKind::Plain },
            is_static,
            lexical_this: false,
            // A method's receiver is `This`, never a parameter.
            receiver_first: false,
            results: 1,
            is_async: false,
            type_params: vec![],
            span,
        })
    }

    fn join(&self, a: proc_macro2::Span, b: proc_macro2::Span) -> Span {
        let (a, b) = (self.span(a), self.span(b));
        Span { file: self.file, start: a.start, end: b.end.max(a.start) }
    }

    fn param(&mut self, pat: &syn::Pat, ty: Option<&syn::Type>) -> Param {
        let span = self.sp(pat);
        let pattern = self.pattern(pat);
        let annotation = ty.and_then(|t| self.ty(t)).map(|(e, _)| e);
        let (name, pattern) = match pattern {
            Pattern::Name(n, _) => (n, None),
            other => (String::new(), Some(other)),
        };
        Param { name, pattern, default: None, kind: ParamKind::Positional, annotation, span }
    }

    /// An attribute as the decorator it calls, unless it is inert.
    fn attribute(&mut self, a: &syn::Attribute) -> Option<Expr> {
        let path = a.path();
        let first = path.segments.first().map(|s| ident(&s.ident))?;
        if path.segments.len() == 1 && INERT_ATTRS.contains(&first.as_str()) {
            return None;
        }
        let span = self.sp(a);
        let callee = self.syn_path(path, self.sp(path));
        let args = match &a.meta {
            syn::Meta::Path(_) => vec![],
            syn::Meta::List(l) => self.meta_args(&l.tokens, span),
            syn::Meta::NameValue(nv) => {
                let value = self.expr(&nv.value);
                vec![Arg { keyword: None, value, spread: Spread::No, span }]
            }
        };
        Some(Expr::Call { callee: Box::new(callee), args, span })
    }

    /// `name = v, flag, nested(k = v)` → keyword arguments (a bare flag is
    /// `true`, a nested list an object); tokens that are plain expressions
    /// are positional arguments.
    fn meta_args(&mut self, tokens: &TokenStream, span: Span) -> Vec<Arg> {
        let parser = Punctuated::<syn::Meta, Token![,]>::parse_terminated;
        if let Ok(metas) = syn::parse::Parser::parse2(parser, tokens.clone()) {
            return metas
                .iter()
                .map(|m| {
                    let at = self.sp(m);
                    let key = m.path().segments.last().map(|s| ident(&s.ident));
                    Arg { keyword: key, value: self.meta_value(m), spread: Spread::No, span: at }
                })
                .collect();
        }
        let parser = Punctuated::<syn::Expr, Token![,]>::parse_terminated;
        match syn::parse::Parser::parse2(parser, tokens.clone()) {
            Ok(exprs) => exprs
                .iter()
                .map(|e| {
                    let at = self.sp(e);
                    Arg { keyword: None, value: self.expr(e), spread: Spread::No, span: at }
                })
                .collect(),
            Err(_) => vec![Arg { keyword: None, value: Expr::Unknown(span), spread: Spread::Map, span }],
        }
    }

    fn meta_value(&mut self, m: &syn::Meta) -> Expr {
        let span = self.sp(m);
        match m {
            syn::Meta::Path(p) => Expr::Lit(Lit::Bool(true), self.sp(p)),
            // A macro reads `key = None` as written, not as an unset
            // `Option`: a null where a value was expected.
            syn::Meta::NameValue(nv) if matches!(&nv.value, syn::Expr::Path(p) if p.path.is_ident("None")) => {
                Expr::Lit(Lit::Null, self.sp(&nv.value))
            }
            syn::Meta::NameValue(nv) => self.expr(&nv.value),
            syn::Meta::List(l) => {
                // Keys at their own spans (a misspelt key is pointed at).
                let parser = Punctuated::<syn::Meta, Token![,]>::parse_terminated;
                if let Ok(metas) = syn::parse::Parser::parse2(parser, l.tokens.clone()) {
                    let entries = metas
                        .iter()
                        .map(|m| {
                            let key = m.path().segments.last().map(|s| ident(&s.ident)).unwrap_or_default();
                            Entry::Pair { key, key_span: self.sp(m.path()), value: self.meta_value(m) }
                        })
                        .collect();
                    return Expr::Object { entries, span };
                }
                let args = self.meta_args(&l.tokens, span);
                let entries = args
                    .into_iter()
                    .map(|a| match a.keyword {
                        Some(key) => Entry::Pair { key, key_span: a.span, value: a.value },
                        None => Entry::Spread(a.value),
                    })
                    .collect();
                Expr::Object { entries, span }
            }
        }
    }

    // ---- statements --------------------------------------------------

    /// Statements into `out`; with `tail`, the block's final expression is
    /// returned.
    fn block_into(&mut self, stmts: &[syn::Stmt], tail: bool, out: &mut Block) {
        let mut after = vec![];
        for (i, s) in stmts.iter().enumerate() {
            let last = i + 1 == stmts.len();
            match s {
                syn::Stmt::Local(l) => {
                    let span = self.sp(l);
                    let target = self.pattern(&l.pat);
                    let value = match &l.init {
                        Some(init) => self.expr(&init.expr),
                        None => Expr::Lit(Lit::Undefined, span),
                    };
                    let value = match &l.pat {
                        syn::Pat::Type(pt) => match self.ty(&pt.ty) {
                            Some((ty, holds)) => Expr::Typed { value: Box::new(value), ty: Box::new(ty), holds, span },
                            None => value,
                        },
                        _ => value,
                    };
                    out.push(Stmt::Let { target, value, span });
                }
                // A nested `fn` captures nothing: it is another function of
                // the module (not a closure of this one, whose body a
                // handler's checks would read), bound here by its name.
                syn::Stmt::Item(syn::Item::Fn(f)) => {
                    let id = self.function(&f.attrs, &f.sig, &f.block, false);
                    let span = self.sp(&f.sig.ident);
                    let name = ident(&f.sig.ident);
                    let hoisted = format!("{}#{}", name, id.0);
                    self.imports.push(Stmt::Let {
                        target: Pattern::Name(hoisted.clone(), span),
                        value: Expr::Func(id, span),
                        span,
                    });
                    out.insert(
                        0,
                        Stmt::Let { target: Pattern::Name(name, span), value: Expr::Name(hoisted, span), span },
                    );
                }
                syn::Stmt::Item(item) => {
                    let mut items = vec![];
                    self.item(item, &mut items, &mut after);
                    // Items are visible in the whole block.
                    out.splice(0..0, items);
                }
                syn::Stmt::Expr(e, semi) => self.stmt_expr(e, tail && last && semi.is_none(), out),
                syn::Stmt::Macro(m) => {
                    let span = self.sp(m);
                    let e = self.mac(&m.mac, span);
                    out.push(Stmt::Expr(e));
                }
            }
        }
        out.extend(after);
    }

    fn block(&mut self, b: &syn::Block, tail: bool) -> Block {
        let mut out = vec![];
        self.block_into(&b.stmts, tail, &mut out);
        out
    }

    fn stmt_expr(&mut self, e: &syn::Expr, tail: bool, out: &mut Block) {
        let span = self.sp(e);
        match e {
            syn::Expr::If(i) => out.push(self.if_stmt(i, tail)),
            syn::Expr::Match(m) => {
                let scrutinee = self.expr(&m.expr);
                let cases = m
                    .arms
                    .iter()
                    .map(|arm| {
                        let test = self.case_test(&arm.pat);
                        let mut body = vec![];
                        self.stmt_expr(&arm.body, tail, &mut body);
                        Case { test, body }
                    })
                    .collect();
                out.push(Stmt::Switch { scrutinee, cases, span });
            }
            syn::Expr::ForLoop(f) => {
                let pattern = self.pattern(&f.pat);
                let iter = self.expr(&f.expr);
                let body = self.block(&f.body, false);
                out.push(Stmt::ForEach { pattern, iter, body, span });
            }
            syn::Expr::While(w) => {
                let cond = match &*w.cond {
                    syn::Expr::Let(_) => Expr::Unknown(self.sp(&w.cond)),
                    c => self.expr(c),
                };
                let body = self.block(&w.body, false);
                out.push(Stmt::While { cond, body, span });
            }
            syn::Expr::Loop(l) => {
                let body = self.block(&l.body, false);
                out.push(Stmt::While { cond: Expr::Lit(Lit::Bool(true), span), body, span });
            }
            syn::Expr::Return(r) => {
                let value = r.expr.as_ref().map(|v| self.expr(v));
                out.push(Stmt::Return { value, span });
            }
            syn::Expr::Break(_) => out.push(Stmt::Break(span)),
            syn::Expr::Continue(_) => out.push(Stmt::Continue(span)),
            syn::Expr::Assign(a) => {
                let value = self.expr(&a.right);
                match self.place(&a.left) {
                    Some(target) => out.push(Stmt::Assign { target, value, span }),
                    None => out.push(Stmt::Expr(value)),
                }
            }
            syn::Expr::Block(b) => self.block_into(&b.block.stmts, tail, out),
            syn::Expr::Unsafe(b) => self.block_into(&b.block.stmts, tail, out),
            _ => {
                let v = self.expr(e);
                out.push(if tail { Stmt::Return { value: Some(v), span } } else { Stmt::Expr(v) });
            }
        }
    }

    fn if_stmt(&mut self, i: &syn::ExprIf, tail: bool) -> Stmt {
        let span = self.sp(i);
        let mut then = vec![];
        let cond = match &*i.cond {
            // `if let P = v`: the arm binds the pattern.
            syn::Expr::Let(l) => {
                let target = self.pattern(&l.pat);
                let value = self.expr(&l.expr);
                then.push(Stmt::Let { target, value, span: self.sp(l) });
                Expr::Unknown(self.sp(l))
            }
            c => self.expr(c),
        };
        self.block_into(&i.then_branch.stmts, tail, &mut then);
        let mut otherwise = vec![];
        if let Some((_, e)) = &i.else_branch {
            self.stmt_expr(e, tail, &mut otherwise);
        }
        Stmt::If { cond, then, otherwise, span }
    }

    fn case_test(&mut self, p: &syn::Pat) -> Option<Expr> {
        match p {
            syn::Pat::Wild(_) => None,
            syn::Pat::Lit(l) => Some(self.expr(&syn::Expr::Lit(l.clone()))),
            other => Some(Expr::Unknown(self.sp(other))),
        }
    }

    fn place(&mut self, e: &syn::Expr) -> Option<Place> {
        let span = self.sp(e);
        match e {
            syn::Expr::Path(p) if p.path.segments.len() == 1 => Some(Place::Name(segments(&p.path).remove(0), span)),
            syn::Expr::Field(f) => {
                let object = self.expr(&f.base);
                match &f.member {
                    syn::Member::Named(n) => Some(Place::Member { object, name: ident(n), span }),
                    syn::Member::Unnamed(i) => {
                        let index = Expr::Lit(Lit::Num(i.index.to_string()), span);
                        Some(Place::Index { object, index, span })
                    }
                }
            }
            syn::Expr::Index(i) => {
                let object = self.expr(&i.expr);
                let index = self.expr(&i.index);
                Some(Place::Index { object, index, span })
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.place(&u.expr),
            syn::Expr::Paren(p) => self.place(&p.expr),
            _ => None,
        }
    }

    fn pattern(&mut self, p: &syn::Pat) -> Pattern {
        let span = self.sp(p);
        match p {
            syn::Pat::Ident(i) => match &i.subpat {
                Some((_, sub)) => self.pattern(sub),
                None => Pattern::Name(ident(&i.ident), span),
            },
            syn::Pat::Wild(_) => Pattern::Ignore,
            syn::Pat::Type(t) => self.pattern(&t.pat),
            syn::Pat::Reference(r) => self.pattern(&r.pat),
            syn::Pat::Paren(pp) => self.pattern(&pp.pat),
            syn::Pat::Tuple(t) => self.list_pattern(t.elems.iter(), span),
            syn::Pat::Slice(s) => self.list_pattern(s.elems.iter(), span),
            // `Some(x)`, `Parameters(p)`, `Json(v)`: a wrapper's one field.
            syn::Pat::TupleStruct(ts) if ts.elems.len() == 1 => self.pattern(&ts.elems[0]),
            syn::Pat::TupleStruct(ts) => self.list_pattern(ts.elems.iter(), span),
            syn::Pat::Struct(s) => {
                let props = s
                    .fields
                    .iter()
                    .filter_map(|f| match &f.member {
                        syn::Member::Named(n) => Some((ident(n), self.pattern(&f.pat))),
                        syn::Member::Unnamed(_) => None,
                    })
                    .collect();
                Pattern::Object { props, rest: None, span }
            }
            _ => Pattern::Ignore,
        }
    }

    fn list_pattern<'p>(&mut self, elems: impl Iterator<Item = &'p syn::Pat>, span: Span) -> Pattern {
        let mut items = vec![];
        for e in elems {
            if matches!(e, syn::Pat::Rest(_)) {
                break;
            }
            items.push(Some(self.pattern(e)));
        }
        Pattern::List { items, rest: None, span }
    }

    // ---- expressions -------------------------------------------------

    fn expr(&mut self, e: &syn::Expr) -> Expr {
        let span = self.sp(e);
        let b = Box::new;
        match e {
            syn::Expr::Lit(l) => match &l.lit {
                syn::Lit::Str(s) => Expr::Lit(Lit::Str(s.value()), span),
                syn::Lit::Bool(v) => Expr::Lit(Lit::Bool(v.value), span),
                syn::Lit::Int(i) => Expr::Lit(Lit::Num(i.base10_digits().to_string()), span),
                syn::Lit::Float(f) => Expr::Lit(Lit::Num(f.base10_digits().to_string()), span),
                syn::Lit::Char(c) => Expr::Lit(Lit::Str(c.value().to_string()), span),
                _ => Expr::Unknown(span),
            },
            syn::Expr::Path(p) => {
                if p.qself.is_some() {
                    return Expr::Unknown(span);
                }
                // An `Option` field left `None` is not sent (`skip_serializing_if`).
                if p.path.is_ident("None") {
                    return Expr::Lit(Lit::Undefined, span);
                }
                self.syn_path(&p.path, span)
            }
            syn::Expr::Call(c) => {
                if let syn::Expr::Path(p) = &*c.func {
                    let text = segments(&p.path).join("::");
                    if c.args.len() == 1
                        && TRANSPARENT_CALLS.iter().any(|t| text == *t || text.ends_with(&format!("::{t}")))
                    {
                        let inner = self.expr(&c.args[0]);
                        return Expr::Unary { op: UnaryOp::Transparent, operand: b(inner), span };
                    }
                }
                let callee = self.expr(&c.func);
                let args = self.args(c.args.iter());
                Expr::Call { callee: b(callee), args, span }
            }
            syn::Expr::MethodCall(m) => {
                let recv = self.expr(&m.receiver);
                let name = ident(&m.method);
                if TRANSPARENT_METHODS.contains(&name.as_str()) {
                    return Expr::Unary { op: UnaryOp::Transparent, operand: b(recv), span };
                }
                let args = self.args(m.args.iter());
                let callee = Expr::Member { object: b(recv), name, span };
                Expr::Call { callee: b(callee), args, span }
            }
            syn::Expr::Field(f) => {
                let object = self.expr(&f.base);
                match &f.member {
                    syn::Member::Named(n) => Expr::Member { object: b(object), name: ident(n), span },
                    syn::Member::Unnamed(i) => {
                        let index = Expr::Lit(Lit::Num(i.index.to_string()), span);
                        Expr::Index { object: b(object), index: b(index), span }
                    }
                }
            }
            syn::Expr::Index(i) => {
                let object = self.expr(&i.expr);
                let index = self.expr(&i.index);
                Expr::Index { object: b(object), index: b(index), span }
            }
            syn::Expr::Struct(s) => {
                let ty = if s.qself.is_some() { Expr::Unknown(span) } else { self.syn_path(&s.path, self.sp(&s.path)) };
                let mut entries: Vec<Entry> = s
                    .fields
                    .iter()
                    .map(|f| {
                        let value = self.expr(&f.expr);
                        match &f.member {
                            syn::Member::Named(n) => Entry::Pair { key: ident(n), key_span: self.sp(n), value },
                            syn::Member::Unnamed(i) => Entry::Pair { key: i.index.to_string(), key_span: span, value },
                        }
                    })
                    .collect();
                // `..Default::default()`: the fields not written keep their
                // defaults, which for the SDKs' `Option` fields is unset.
                if let Some(rest) = s.rest.as_deref().filter(|r| !is_default_call(r)) {
                    entries.insert(0, Entry::Spread(self.expr(rest)));
                }
                Expr::Struct { ty: b(ty), entries, span }
            }
            syn::Expr::Array(a) => {
                let items = a.elems.iter().map(|x| Element::Item(self.expr(x))).collect();
                Expr::List { items, span }
            }
            syn::Expr::Tuple(t) => {
                let items = t.elems.iter().map(|x| Element::Item(self.expr(x))).collect();
                Expr::List { items, span }
            }
            syn::Expr::Macro(m) => self.mac(&m.mac, span),
            syn::Expr::Reference(r) => Expr::Unary { op: UnaryOp::Transparent, operand: b(self.expr(&r.expr)), span },
            syn::Expr::Paren(p) => self.expr(&p.expr),
            syn::Expr::Group(g) => self.expr(&g.expr),
            syn::Expr::Try(t) => Expr::Unary { op: UnaryOp::Transparent, operand: b(self.expr(&t.expr)), span },
            syn::Expr::Await(a) => Expr::Unary { op: UnaryOp::Transparent, operand: b(self.expr(&a.base)), span },
            syn::Expr::Cast(c) => Expr::Unary { op: UnaryOp::Transparent, operand: b(self.expr(&c.expr)), span },
            syn::Expr::Unary(u) => {
                let op = match u.op {
                    syn::UnOp::Not(_) => UnaryOp::Not,
                    syn::UnOp::Neg(_) => UnaryOp::Neg,
                    _ => UnaryOp::Transparent,
                };
                Expr::Unary { op, operand: b(self.expr(&u.expr)), span }
            }
            syn::Expr::Binary(x) => {
                let op = match x.op {
                    syn::BinOp::Eq(_) => BinaryOp::Eq,
                    syn::BinOp::Ne(_) => BinaryOp::NotEq,
                    syn::BinOp::And(_) => BinaryOp::And,
                    syn::BinOp::Or(_) => BinaryOp::Or,
                    syn::BinOp::Add(_) => BinaryOp::Add,
                    syn::BinOp::Sub(_) => BinaryOp::Sub,
                    syn::BinOp::Mul(_) => BinaryOp::Mul,
                    syn::BinOp::Lt(_) => BinaryOp::Lt,
                    syn::BinOp::Le(_) => BinaryOp::LtE,
                    syn::BinOp::Gt(_) => BinaryOp::Gt,
                    syn::BinOp::Ge(_) => BinaryOp::GtE,
                    _ => BinaryOp::Other,
                };
                let (left, right) = (self.expr(&x.left), self.expr(&x.right));
                Expr::Binary { op, left: b(left), right: b(right), span }
            }
            syn::Expr::If(i) => match (&*i.cond, &i.else_branch) {
                (syn::Expr::Let(_), _) | (_, None) => self.iife_expr(e, span),
                (c, Some((_, other))) => match tail_only(&i.then_branch) {
                    Some(then) => {
                        let test = self.expr(c);
                        let then = self.expr(then);
                        let otherwise = self.expr(other);
                        Expr::Cond { test: b(test), then: b(then), otherwise: b(otherwise), span }
                    }
                    None => self.iife_expr(e, span),
                },
            },
            syn::Expr::Block(blk) if blk.block.stmts.len() == 1 => match &blk.block.stmts[0] {
                syn::Stmt::Expr(inner, None) => self.expr(inner),
                _ => self.iife_expr(e, span),
            },
            syn::Expr::Match(_) | syn::Expr::Block(_) | syn::Expr::Unsafe(_) | syn::Expr::Loop(_) => {
                self.iife_expr(e, span)
            }
            syn::Expr::Async(a) => {
                let body = self.block(&a.block, true);
                self.iife(body, span)
            }
            syn::Expr::Closure(c) => {
                let params = c.inputs.iter().map(|p| self.param(p, None)).collect();
                let mut body = vec![];
                self.stmt_expr(&c.body, true, &mut body);
                let id = self.module.add_func(Function::closure(span, params, body, span));
                Expr::Func(id, span)
            }
            _ => Expr::Unknown(span),
        }
    }

    /// A block-like expression as a closure called at once, its tail returned.
    fn iife_expr(&mut self, e: &syn::Expr, span: Span) -> Expr {
        let mut body = vec![];
        self.stmt_expr(e, true, &mut body);
        self.iife(body, span)
    }

    fn iife(&mut self, body: Block, span: Span) -> Expr {
        let id = self.module.add_func(Function::closure(span, vec![], body, span));
        Expr::Call { callee: Box::new(Expr::Func(id, span)), args: vec![], span }
    }

    fn args<'e>(&mut self, args: impl Iterator<Item = &'e syn::Expr>) -> Vec<Arg> {
        args.map(|a| {
            let span = self.sp(a);
            Arg { keyword: None, value: self.expr(a), spread: Spread::No, span }
        })
        .collect()
    }

    /// `vec![a, b]` is a list; any other macro whose tokens are
    /// comma-separated expressions is a call of `name!` with them.
    fn mac(&mut self, m: &syn::Macro, span: Span) -> Expr {
        let parser = Punctuated::<syn::Expr, Token![,]>::parse_terminated;
        let parsed = syn::parse::Parser::parse2(parser, m.tokens.clone());
        let is_vec = m.path.is_ident("vec");
        match parsed {
            Ok(exprs) if is_vec => {
                let items = exprs.iter().map(|x| Element::Item(self.expr(x))).collect();
                Expr::List { items, span }
            }
            Ok(exprs) => {
                let args = self.args(exprs.iter());
                let name = format!("{}!", segments(&m.path).join("::"));
                Expr::Call { callee: Box::new(Expr::Name(name, self.sp(&m.path))), args, span }
            }
            Err(_) => Expr::Unknown(span),
        }
    }
}

/// The name an item binds.
fn item_name(item: &syn::Item) -> Option<(String, proc_macro2::Span)> {
    let i = match item {
        syn::Item::Const(c) => &c.ident,
        syn::Item::Static(s) => &s.ident,
        syn::Item::Fn(f) => &f.sig.ident,
        syn::Item::Struct(s) => &s.ident,
        syn::Item::Enum(e) => &e.ident,
        syn::Item::Mod(m) => &m.ident,
        _ => return None,
    };
    Some((ident(i), i.span()))
}

/// The one tail expression of a block without statements.
fn tail_only(b: &syn::Block) -> Option<&syn::Expr> {
    match b.stmts.as_slice() {
        [syn::Stmt::Expr(e, None)] => Some(e),
        _ => None,
    }
}

/// `Default::default()`, `T::default()`.
fn is_default_call(e: &syn::Expr) -> bool {
    let syn::Expr::Call(c) = e else { return false };
    let syn::Expr::Path(p) = &*c.func else { return false };
    c.args.is_empty() && p.path.segments.last().is_some_and(|s| s.ident == "default")
}

fn is_lazy(f: &syn::Expr) -> bool {
    let syn::Expr::Path(p) = f else { return false };
    let segs = segments(&p.path);
    let n = segs.len();
    n >= 2 && segs[n - 1] == "new" && matches!(segs[n - 2].as_str(), "LazyLock" | "Lazy" | "LazyCell")
}

fn join(spec: &str, rest: &[String]) -> String {
    let mut out = spec.to_string();
    for r in rest {
        if !out.is_empty() {
            out.push_str("::");
        }
        out.push_str(r);
    }
    out
}

/// The names a `use` tree binds.
/// Each name a `use` tree binds, with the full path it names.
fn use_paths(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(ident(&p.ident));
            use_paths(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| use_paths(t, prefix, out)),
        syn::UseTree::Name(n) if n.ident == "self" => {
            if let Some(last) = prefix.last() {
                out.push((last.clone(), prefix.clone()));
            }
        }
        syn::UseTree::Name(n) => {
            let name = ident(&n.ident);
            let mut full = prefix.clone();
            full.push(name.clone());
            out.push((name, full));
        }
        syn::UseTree::Rename(r) => {
            let mut full = prefix.clone();
            full.push(ident(&r.ident));
            out.push((ident(&r.rename), full));
        }
        syn::UseTree::Glob(_) => {}
    }
}

fn use_names(tree: &syn::UseTree, last: Option<String>, out: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(p) => use_names(&p.tree, Some(ident(&p.ident)), out),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| use_names(t, last.clone(), out)),
        syn::UseTree::Name(n) if n.ident == "self" => out.extend(last),
        syn::UseTree::Name(n) => out.push(ident(&n.ident)),
        syn::UseTree::Rename(r) => out.push(ident(&r.rename)),
        syn::UseTree::Glob(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(path: &str, text: &str) -> Module {
        crate::frontend::rust::parse_file(FileId(0), std::path::Path::new(path), text).1.expect("lowers")
    }

    fn imports(m: &Module) -> Vec<String> {
        m.body
            .iter()
            .filter_map(|s| match s {
                Stmt::Import(i) => Some(format!("{} <- {} {:?}", i.local, i.module, i.member)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn use_trees_and_module_paths_become_imports() {
        let text = "mod presets;\nuse rmcp::{tool, model::{Tool as T, *}};\nuse crate::a::B;\nuse super::c::D;\nuse self::presets::READ;\n\
                    fn f() { rmcp::model::ToolAnnotations::new(); }\n";
        assert_eq!(
            imports(&lowered("src/tools/admin.rs", text)),
            [
                "presets <- @::admin::presets None",
                "tool <- rmcp Some(\"tool\")",
                "T <- rmcp::model Some(\"Tool\")",
                "* <- rmcp::model Some(\"*\")",
                "B <- crate::a Some(\"B\")",
                "D <- @::c Some(\"D\")",
                "READ <- @::admin::presets Some(\"READ\")",
                "rmcp::model::ToolAnnotations <- rmcp::model Some(\"ToolAnnotations\")",
            ]
        );
        // Beside a `mod.rs`, `mod x;` files are siblings; `crate::` of a crate root is this file.
        let m = lowered(
            "src/lib.rs",
            "mod presets;\nuse crate::presets::READ;\nconst X: u8 = crate::Y;\nconst Y: u8 = 1;\n",
        );
        assert_eq!(imports(&m), ["presets <- @::presets None", "READ <- @::presets Some(\"READ\")"]);
    }

    #[test]
    fn impl_methods_attach_to_the_struct_and_self_is_this() {
        let text = "struct S { a: u8 }\nimpl S {\n    /// Doc line\n    #[tool(name = \"x\")]\n    fn m(&self) -> u8 { self.a }\n    fn new() -> Self { Self { a: 1 } }\n}\n";
        let m = lowered("src/lib.rs", text);
        assert_eq!(m.classes.len(), 1, "one class: the struct with its impl");
        let c = &m.classes[0];
        let names: Vec<_> = c.members.iter().map(|m| (m.name.as_str(), m.is_static)).collect();
        assert_eq!(names, [("a", false), ("m", false), ("new", true)]);
        let MemberValue::Method(id) = c.members[1].value else { panic!("method") };
        let f = m.func(id);
        assert_eq!(f.decorators.len(), 1);
        // The doc comment, then the tail expression returned.
        assert!(matches!(&f.body[0], Stmt::Expr(Expr::Lit(Lit::Str(d), _)) if d == "Doc line"));
        assert!(
            matches!(&f.body[1], Stmt::Return { value: Some(Expr::Member { object, .. }), .. } if matches!(**object, Expr::This(_)))
        );
    }

    #[test]
    fn lazy_statics_and_update_syntax() {
        let text = "static A: LazyLock<Hints> = LazyLock::new(|| make());\nconst B: Hints = Hints { x: Some(true), ..base() };\nconst C: Hints = Hints { ..Default::default() };\n";
        let m = lowered("src/lib.rs", text);
        let value = |i: usize| match &m.body[i] {
            Stmt::Let { value: Expr::Typed { value, .. }, .. } => (**value).clone(),
            other => panic!("{other:?}"),
        };
        assert!(matches!(value(0), Expr::Call { .. }), "the closure's value, not the LazyLock");
        let Expr::Struct { entries, .. } = value(1) else { panic!("struct") };
        assert!(matches!(entries[0], Entry::Spread(_)));
        assert!(
            matches!(&entries[1], Entry::Pair { key, value: Expr::Unary { op: UnaryOp::Transparent, .. }, .. } if key == "x")
        );
        let Expr::Struct { entries, .. } = value(2) else { panic!("struct") };
        assert!(entries.is_empty(), "defaults add no fields");
    }

    #[test]
    fn attribute_arguments_are_keywords_flags_and_objects() {
        let m = lowered(
            "src/lib.rs",
            "struct S;\nimpl S {\n#[tool(name = \"a\", annotations(read_only_hint, title = \"T\"))]\nfn f(&self) {}\n}\n\
             #[derive(Debug)]\n#[inline]\nfn g() {}\n#[tool]\nfn h() {}\n",
        );
        let f = m.funcs.iter().find(|f| f.name.as_deref() == Some("f")).expect("f");
        let Expr::Call { args, .. } = &f.decorators[0] else { panic!("call") };
        assert_eq!(args[0].keyword.as_deref(), Some("name"));
        let Expr::Object { entries, .. } = &args[1].value else { panic!("object") };
        assert!(
            matches!(&entries[0], Entry::Pair { key, value: Expr::Lit(Lit::Bool(true), _), .. } if key == "read_only_hint")
        );
        let g = m.funcs.iter().find(|f| f.name.as_deref() == Some("g")).expect("g");
        assert!(g.decorators.is_empty(), "compiler attributes are not decorators");
        // A free function's attribute is applied once every item is declared.
        let h = m.funcs.iter().find(|f| f.name.as_deref() == Some("h")).expect("h");
        assert!(h.decorators.is_empty());
        let applied = m.body.iter().filter(|s| {
            matches!(s, Stmt::Expr(Expr::Call { args, .. })
            if matches!(args.first(), Some(Arg { value: Expr::Name(n, _), .. }) if n == "h" || n == "g"))
        });
        assert_eq!(applied.count(), 1);
        assert!(matches!(m.body.last(), Some(Stmt::Expr(Expr::Call { .. }))));
    }

    #[test]
    fn deep_expressions_lower_on_the_parsing_thread() {
        let text = format!("fn deep() -> i32 {{ {}1{} }}\n", "(".repeat(900), ")".repeat(900));
        let (_, m) = crate::frontend::rust::parse_file(FileId(0), std::path::Path::new("src/lib.rs"), &text);
        assert!(m.is_some());
    }
}
