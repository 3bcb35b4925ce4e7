//! The item walk: `use`, `mod`, presets (`const`, `static`, zero-argument
//! fns returning `ToolAnnotations`), tool attributes on methods and
//! structs, and the bodies that may build tools at run time. Inline modules
//! (`#[cfg(test)] mod tests { .. }` included) are walked like the file.

use syn::punctuated::Punctuated;
use syn::{Attribute, FnArg, ImplItem, Item, Meta, Token, Type};

use super::attrs::attr_name;
use super::paths::ident;
use super::{builders, elicit, tool_base, wrappers, Cx};
use crate::model::{Binding, Entry, Expr, Import, CONFIRMS_KEY, FIELDS_MEMBER};
use crate::source::Span;

pub fn file(cx: &mut Cx, ast: &syn::File) {
    collect_names(cx, &ast.items, true);
    walk(cx, &ast.items);
}

/// Module names and struct fields, needed before paths can be read.
fn collect_names(cx: &mut Cx, items: &[Item], top: bool) {
    for item in items {
        match item {
            Item::Mod(m) => match &m.content {
                None if top => {
                    cx.file_mods.insert(ident(&m.ident));
                }
                Some((_, inner)) => {
                    cx.inline_mods.insert(ident(&m.ident));
                    collect_names(cx, inner, false);
                }
                None => {}
            },
            Item::Struct(s) => {
                if let Some(fields) = struct_fields(s) {
                    cx.structs.insert(ident(&s.ident), fields);
                }
            }
            _ => {}
        }
    }
}

fn walk(cx: &mut Cx, items: &[Item]) {
    for item in items {
        match item {
            Item::Use(u) => {
                let span = cx.sspan(u);
                cx.use_tree(&u.tree, &mut vec![], u.leading_colon.is_some(), span);
            }
            Item::Mod(m) => match &m.content {
                None if cx.mod_path.is_empty() => {
                    let name = ident(&m.ident);
                    let span = cx.sspan(m);
                    let module = cx.relative_module(&name);
                    cx.facts.imports.push(Import { local: name, module, member: None, span });
                }
                None => {}
                Some((_, inner)) => {
                    cx.mod_path.push(ident(&m.ident));
                    walk(cx, inner);
                    cx.mod_path.pop();
                }
            },
            Item::Const(c) => {
                let span = cx.item_span(&c.vis, c.const_token.span, c.semi_token.span);
                preset(cx, &ident(&c.ident), &c.expr, span, None);
                builders::visit_expr(cx, &c.expr);
            }
            Item::Static(s) => {
                let span = cx.item_span(&s.vis, s.static_token.span, s.semi_token.span);
                preset(cx, &ident(&s.ident), &s.expr, span, None);
                builders::visit_expr(cx, &s.expr);
            }
            Item::Fn(f) => {
                preset_fn(cx, &f.sig, &f.block, None);
                tool_attrs(cx, &f.attrs, &f.sig, &f.block);
                fn_body(cx, &f.sig, &f.block, None);
            }
            Item::Impl(i) => {
                let ty = type_name(&i.self_ty);
                let saved = std::mem::replace(&mut cx.self_ty, ty.clone());
                if tool_base::is_tool_base(i) {
                    tool_base::tool_base_impl(cx, i);
                }
                if let Some(t) = &ty {
                    impl_confirms(cx, t, i);
                }
                for it in &i.items {
                    match it {
                        ImplItem::Const(c) => {
                            let span = cx.item_span(&c.vis, c.const_token.span, c.semi_token.span);
                            preset(cx, &ident(&c.ident), &c.expr, span, ty.as_deref());
                        }
                        ImplItem::Fn(f) => {
                            preset_fn(cx, &f.sig, &f.block, ty.as_deref());
                            tool_attrs(cx, &f.attrs, &f.sig, &f.block);
                            fn_body(cx, &f.sig, &f.block, ty.as_deref());
                        }
                        _ => {}
                    }
                }
                cx.self_ty = saved;
            }
            Item::Trait(t) => {
                for it in &t.items {
                    if let syn::TraitItem::Fn(f) = it {
                        if let Some(b) = &f.default {
                            builders::visit_block(cx, b);
                        }
                    }
                }
            }
            Item::Struct(s) => {
                let fields = cx.structs.get(&ident(&s.ident)).cloned();
                if let Some(fields) = &fields {
                    fields_binding(cx, s, fields);
                }
                mcp_tool_attrs(cx, &s.attrs, &s.ident, fields)
            }
            // `#[mcp_tool(..)] type Ping = EmptyInput;`
            Item::Type(t) => {
                let params = type_name(&t.ty).and_then(|n| cx.structs.get(&n).cloned());
                mcp_tool_attrs(cx, &t.attrs, &t.ident, params)
            }
            _ => {}
        }
    }
}

impl Cx<'_> {
    fn item_span(&self, vis: &syn::Visibility, kw: proc_macro2::Span, semi: proc_macro2::Span) -> Span {
        let start = match vis {
            syn::Visibility::Inherited => kw,
            syn::Visibility::Public(p) => p.span,
            syn::Visibility::Restricted(r) => r.pub_token.span,
        };
        self.join(start, semi)
    }

    /// `mod name;` of this file, as a module specifier.
    fn relative_module(&self, name: &str) -> String {
        let mut spec = String::from("@");
        if !self.mod_rs {
            spec.push_str("::");
            spec.push_str(&self.stem);
        }
        spec.push_str("::");
        spec.push_str(name);
        spec
    }
}

fn fn_body(cx: &mut Cx, sig: &syn::Signature, block: &syn::Block, owner: Option<&str>) {
    let name = ident(&sig.ident);
    let saved = cx.current_fn.replace(name.clone());
    let params = sig
        .inputs
        .iter()
        .filter_map(|i| match i {
            FnArg::Typed(pt) => match &*pt.pat {
                syn::Pat::Ident(p) => Some(ident(&p.ident)),
                _ => Some(String::new()),
            },
            FnArg::Receiver(_) => None,
        })
        .collect();
    let scope = wrappers::FnScope {
        binding: match owner {
            Some(t) => format!("{t}.{name}"),
            None => cx.qualified(&name),
        },
        params,
        first_site: cx.facts.tools.len(),
        span: cx.join(sig.fn_token.span, sig.output_span()),
    };
    builders::visit_block(cx, block);
    wrappers::end_fn(cx, scope);
    cx.current_fn = saved;
}

/// A named value that may be a preset (or a tool name, or a title).
fn preset(cx: &mut Cx, name: &str, value: &syn::Expr, span: Span, owner: Option<&str>) {
    let value = cx.lower(value);
    let names: Vec<String> = match owner {
        Some(t) => vec![format!("{t}.{name}")],
        None if cx.mod_path.is_empty() => vec![name.to_string()],
        // Inside an inline module: reachable as `presets::X` and, through
        // `use super::*` in a sibling, as `X`.
        None => vec![name.to_string(), cx.qualified(name)],
    };
    for n in names {
        cx.facts.bindings.push(Binding { name: n, value: value.clone(), span });
    }
}

/// `fn read_only() -> ToolAnnotations { .. }`: a preset behind a call.
fn preset_fn(cx: &mut Cx, sig: &syn::Signature, block: &syn::Block, owner: Option<&str>) {
    let returns_annotations = match &sig.output {
        syn::ReturnType::Type(_, t) => type_name(t).is_some_and(|n| cx.unalias(&n) == "ToolAnnotations"),
        syn::ReturnType::Default => false,
    };
    if !returns_annotations || !sig.inputs.is_empty() {
        return;
    }
    let Some(tail) = tail_expr(block) else { return };
    let span = cx.join(sig.fn_token.span, sig.output_span());
    preset(cx, &ident(&sig.ident), tail, span, owner);
}

trait OutputSpan {
    fn output_span(&self) -> proc_macro2::Span;
}

impl OutputSpan for syn::Signature {
    fn output_span(&self) -> proc_macro2::Span {
        use syn::spanned::Spanned;
        match &self.output {
            syn::ReturnType::Type(_, t) => t.span(),
            syn::ReturnType::Default => self.paren_token.span.close(),
        }
    }
}

/// rust-mcp-sdk `#[mcp_tool(...)]` on a struct or type alias `name`. Its
/// handler is a method of the type's `impl` (see [`impl_confirms`]).
fn mcp_tool_attrs(cx: &mut Cx, attrs: &[Attribute], name: &syn::Ident, params: Option<Vec<String>>) {
    for a in attrs {
        if attr_name(a) == "mcp_tool" {
            let mut site = cx.mcp_tool_attr(a, params.clone());
            let path = vec![cx.qualified(&ident(name)), CONFIRMS_KEY.to_string()];
            site.handler_confirms.push(Expr::Ref { path, span: cx.span(name.span()) });
            cx.facts.tools.push(site);
        }
    }
}

/// `<Type>.@confirms`: the elicitation calls in the methods of an `impl`
/// of `ty`, for a rust-mcp-sdk tool struct whose handler is one of them.
/// Several impls of one type in a file add up (the first binding is read,
/// so the list is extended in place).
fn impl_confirms(cx: &mut Cx, ty: &str, i: &syn::ItemImpl) {
    let calls: Vec<Span> = i
        .items
        .iter()
        .filter_map(|it| match it {
            ImplItem::Fn(f) => Some(elicit::calls(cx, &f.block)),
            _ => None,
        })
        .flatten()
        .collect();
    let span = cx.span(i.impl_token.span);
    let Some(Entry::Pair { value: Expr::List { items, .. }, .. }) =
        crate::frontend::elicit::binding_entry(&calls, span)
    else {
        return;
    };
    let name = cx.qualified(&format!("{ty}.{CONFIRMS_KEY}"));
    match cx.facts.bindings.iter_mut().find(|b| b.name == name) {
        Some(Binding { value: Expr::List { items: known, .. }, .. }) => known.extend(items),
        _ => cx.facts.bindings.push(Binding { name, value: Expr::List { items, span }, span }),
    }
}

/// rmcp `#[tool(...)]` on a method or function: its body is the handler.
fn tool_attrs(cx: &mut Cx, attrs: &[Attribute], sig: &syn::Signature, block: &syn::Block) {
    for a in attrs {
        if attr_name(a) != "tool" {
            continue;
        }
        let name = (ident(&sig.ident), cx.span(sig.ident.span()));
        let (params, input_types) = fn_params(cx, sig);
        let mut site = cx.tool_attr(a, name, params);
        if site.params.is_some() {
            site.input_types = input_types;
        }
        site.confirms = elicit::calls(cx, block);
        cx.facts.tools.push(site);
    }
}

/// `<Struct>.__fields__`: the input fields of a struct, for a
/// `Parameters<Struct>` in another file.
fn fields_binding(cx: &mut Cx, s: &syn::ItemStruct, fields: &[String]) {
    let span = cx.span(s.ident.span());
    let entries: Vec<Entry> = fields
        .iter()
        .map(|f| Entry::Pair { key: f.clone(), key_span: span, value: Expr::Str(f.clone(), span) })
        .collect();
    let name = ident(&s.ident);
    let mut names = vec![format!("{name}.{FIELDS_MEMBER}")];
    if !cx.mod_path.is_empty() {
        names.push(cx.qualified(&names[0]));
    }
    for n in names {
        let value = Expr::Object { entries: entries.clone(), span };
        cx.facts.bindings.push(Binding { name: n, value, span });
    }
}

/// Input parameter names of an rmcp tool method: the fields of `T` in a
/// `Parameters<T>` argument (when `T` is a struct of this file, else `T`
/// is an input type the resolver follows), or the arguments marked
/// `#[tool(param)]` (rmcp < 0.2).
fn fn_params(cx: &mut Cx, sig: &syn::Signature) -> (Option<Vec<String>>, Vec<Expr>) {
    let mut types = Vec::new();
    let params = fn_param_names(cx, sig, &mut types);
    (params, types)
}

fn fn_param_names(cx: &mut Cx, sig: &syn::Signature, types: &mut Vec<Expr>) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for input in &sig.inputs {
        let FnArg::Typed(pt) = input else { continue };
        if let Some(inner) = generic_arg(&pt.ty, "Parameters") {
            out.extend(params_of_type(cx, inner, types)?);
            continue;
        }
        for a in &pt.attrs {
            if attr_name(a) != "tool" {
                continue;
            }
            let args = a.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated).ok()?;
            if args.iter().any(|m| m.path().is_ident("aggr")) {
                out.extend(cx.structs.get(&type_name(&pt.ty)?)?.iter().cloned());
            } else if args.iter().any(|m| m.path().is_ident("param")) {
                match &*pt.pat {
                    syn::Pat::Ident(i) => out.push(ident(&i.ident)),
                    _ => return None,
                }
            }
        }
    }
    Some(out)
}

/// The fields of an input type: those of a struct of this file, or none
/// yet and the type in `types` for the resolver to follow (`None` when the
/// type cannot be followed).
pub fn params_of_type(cx: &mut Cx, ty: &Type, types: &mut Vec<Expr>) -> Option<Vec<String>> {
    let name = type_name(ty)?;
    match (cx.structs.get(&name), ty) {
        (Some(fields), _) => Some(fields.clone()),
        (None, Type::Path(p)) if p.qself.is_none() && is_plain(&p.path) => {
            let span = cx.sspan(&p.path);
            types.push(cx.path_ref(&p.path, span));
            Some(vec![])
        }
        _ => None,
    }
}

/// The value a block ends with (`x` or `return x;`), unless an earlier
/// `return` may end it with another.
pub fn tail_expr(block: &syn::Block) -> Option<&syn::Expr> {
    if returns_early(block) {
        return None;
    }
    match block.stmts.last() {
        Some(syn::Stmt::Expr(syn::Expr::Return(r), _)) => r.expr.as_deref(),
        Some(syn::Stmt::Expr(e, None)) => Some(e),
        _ => None,
    }
}

/// Whether a `return` before the block's last statement can end the fn
/// (one inside a closure or async block returns from that).
fn returns_early(block: &syn::Block) -> bool {
    struct Finder(bool);
    impl<'a> syn::visit::Visit<'a> for Finder {
        fn visit_expr_return(&mut self, _: &'a syn::ExprReturn) {
            self.0 = true;
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
        fn visit_expr_async(&mut self, _: &'a syn::ExprAsync) {}
        fn visit_item(&mut self, _: &'a syn::Item) {}
    }
    let Some((_, init)) = block.stmts.split_last() else { return false };
    let mut f = Finder(false);
    for s in init {
        syn::visit::Visit::visit_stmt(&mut f, s);
    }
    f.0
}

/// A path without generic arguments (`args::Query`, not `Valid<Query>`).
fn is_plain(p: &syn::Path) -> bool {
    p.segments.iter().all(|s| matches!(s.arguments, syn::PathArguments::None))
}

/// `T` of `Wrapper<T>` when the type's last segment is `wrapper`.
fn generic_arg<'a>(ty: &'a Type, wrapper: &str) -> Option<&'a Type> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != wrapper {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    args.args.iter().find_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| ident(&s.ident)),
        Type::Reference(r) => type_name(&r.elem),
        Type::Paren(p) => type_name(&p.elem),
        Type::Group(g) => type_name(&g.elem),
        _ => None,
    }
}

/// Field names as serde writes them, or `None` when they cannot be known
/// (tuple struct, `#[serde(flatten)]`).
pub(super) fn struct_fields(s: &syn::ItemStruct) -> Option<Vec<String>> {
    let syn::Fields::Named(named) = &s.fields else { return None };
    let rename_all = serde_args(&s.attrs).into_iter().find_map(|m| match m {
        Meta::NameValue(nv) if nv.path.is_ident("rename_all") => str_value(&nv.value),
        _ => None,
    });
    let mut out = Vec::new();
    for f in &named.named {
        let mut name = f.ident.as_ref().map(ident)?;
        let mut renamed = false;
        for m in serde_args(&f.attrs) {
            match &m {
                Meta::Path(p) if p.is_ident("flatten") => return None,
                Meta::Path(p) if p.is_ident("skip") || p.is_ident("skip_deserializing") => name.clear(),
                Meta::NameValue(nv) if nv.path.is_ident("rename") => {
                    if let Some(v) = str_value(&nv.value) {
                        name = v;
                        renamed = true;
                    }
                }
                _ => {}
            }
        }
        if name.is_empty() {
            continue;
        }
        if !renamed {
            if let Some(rule) = &rename_all {
                name = rename(&name, rule);
            }
        }
        out.push(name);
    }
    Some(out)
}

fn serde_args(attrs: &[Attribute]) -> Vec<Meta> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("serde"))
        .filter_map(|a| a.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated).ok())
        .flatten()
        .collect()
}

fn str_value(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        _ => None,
    }
}

/// serde's `rename_all` rules, applied to a snake_case field name.
fn rename(field: &str, rule: &str) -> String {
    let words: Vec<&str> = field.split('_').filter(|w| !w.is_empty()).collect();
    let cap = |w: &str| {
        let mut c = w.chars();
        c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
    };
    match rule {
        "camelCase" => words.iter().enumerate().map(|(i, w)| if i == 0 { w.to_string() } else { cap(w) }).collect(),
        "PascalCase" => words.iter().map(|w| cap(w)).collect(),
        "kebab-case" => words.join("-"),
        "SCREAMING_SNAKE_CASE" | "UPPERCASE" => field.to_uppercase(),
        "SCREAMING-KEBAB-CASE" => words.join("-").to_uppercase(),
        _ => field.to_string(),
    }
}
