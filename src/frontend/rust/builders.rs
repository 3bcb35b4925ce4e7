//! Tools built at run time, found in any expression of a function body or
//! item initializer:
//! - rmcp `Tool::new(name, desc, schema)` / `Tool::new_with_raw(..)` with
//!   `.annotate(a)` / `.with_annotations(a)` / `.with_title(t)` chained;
//! - a `Tool { name, annotations: Some(..), .. }` struct literal (rmcp < 1.0,
//!   rust-mcp-schema);
//! - pmcp `ToolInfo::new(..)`, `ToolInfo::with_annotations(name, desc,
//!   schema, a)` and `TypedTool::new(name, handler)` with its hint
//!   shortcuts (`.read_only()`, `.destructive()` …).
//!
//! Each is gated on its type path resolving to the SDK (`use rmcp::model::Tool`).
//! Macro bodies that read as comma-separated expressions (`vec![..]`) are
//! searched too. A tool bound with `let t = Tool::new(..)` picks up a later
//! `t.annotations = ..` / `t.title = ..` in the same block.

use syn::visit::{self, Visit};
use syn::{Expr as SExpr, Member};

use super::paths::ident;
use super::{Cx, API_PMCP, API_TOOL_NEW, API_TOOL_STRUCT};
use crate::model::{CalleeKind, Entry, Expr, Gate, HintKind, Syntax, ToolSite};

/// Walk a function body, an initializer or any other expression tree.
pub fn visit_expr(cx: &mut Cx, e: &SExpr) {
    Finder { cx }.visit_expr(e);
}

pub fn visit_block(cx: &mut Cx, b: &syn::Block) {
    Finder { cx }.visit_block(b);
}

struct Finder<'a, 't> {
    cx: &'a mut Cx<'t>,
}

/// The constructor a chain starts from.
#[derive(Clone, Copy, PartialEq)]
enum Ctor {
    RmcpTool,
    PmcpInfo,
    PmcpInfoWithAnnotations,
    PmcpTyped,
}

fn ctor(cx: &Cx, path: &syn::Path) -> Option<Ctor> {
    let segs: Vec<String> = path.segments.iter().map(|s| ident(&s.ident)).collect();
    let n = segs.len();
    if n < 2 {
        return None;
    }
    match (cx.unalias(&segs[n - 2]).as_str(), segs[n - 1].as_str()) {
        ("Tool", "new" | "new_with_raw") => Some(Ctor::RmcpTool),
        ("ToolInfo", "new") => Some(Ctor::PmcpInfo),
        ("ToolInfo", "with_annotations") => Some(Ctor::PmcpInfoWithAnnotations),
        ("TypedTool" | "TypedSyncTool" | "SimpleTool", "new") => Some(Ctor::PmcpTyped),
        _ => None,
    }
}

/// The type part of a constructor path (`rmcp::model::Tool` of `..::Tool::new`).
fn type_path(path: &syn::Path) -> syn::Path {
    let mut p = path.clone();
    p.segments.pop();
    if let Some(pair) = p.segments.pop() {
        let mut seg = pair.into_value();
        seg.arguments = syn::PathArguments::None;
        p.segments.push(seg);
    }
    p
}

impl Finder<'_, '_> {
    /// A tool from `root` (a constructor call) and the methods chained on it,
    /// innermost first.
    fn chain(&mut self, root: &syn::ExprCall, path: &syn::Path, c: Ctor, methods: &[&syn::ExprMethodCall]) {
        let cx = &mut *self.cx;
        let head = cx.join(
            root.func_span_start(),
            path.segments.last().map_or(root.paren_token.span.open(), |s| s.ident.span()),
        );
        let tspan = cx.sspan(&type_path(path));
        let callee = cx.path_ref(&type_path(path), tspan);
        let api = if c == Ctor::RmcpTool { API_TOOL_NEW } else { API_PMCP };
        let mut site = new_site(api, head, Gate::Callee { callee, kind: CalleeKind::SdkTypesTool });
        let args: Vec<&SExpr> = root.args.iter().collect();
        site.name = args.first().map(|a| cx.lower(a));
        if c == Ctor::PmcpInfoWithAnnotations {
            site.annotations = args.get(3).map(|a| cx.lower(a));
        }
        cx.facts.tools.push(site);
        let index = cx.facts.tools.len() - 1;
        self.apply(index, c, methods);
        let cx = &mut *self.cx;
        if let Some(f) = &cx.current_fn {
            if cx.facts.tools[index].annotations.is_none() {
                cx.factory_sites.push((index, f.clone()));
            }
        }
    }

    /// Apply chained builder methods to the tool at `index`.
    fn apply(&mut self, index: usize, c: Ctor, methods: &[&syn::ExprMethodCall]) {
        let cx = &mut *self.cx;
        for m in methods {
            let method = ident(&m.method);
            let span = cx.sspan(*m);
            let key_span = cx.span(m.method.span());
            let value = match (method.as_str(), m.args.len()) {
                ("annotate" | "with_annotations" | "with_title", 1) => Some(cx.lower(&m.args[0])),
                _ => None,
            };
            let Some(site) = cx.facts.tools.get_mut(index) else { return };
            match (method.as_str(), value) {
                ("annotate" | "with_annotations", Some(v)) => site.annotations = Some(v),
                ("with_title", Some(v)) => site.title = Some(v),
                (shortcut, None) if c == Ctor::PmcpTyped && m.args.is_empty() => {
                    let set: &[(HintKind, bool)] = match shortcut {
                        "read_only" => &[(HintKind::ReadOnly, true)],
                        // pmcp's `.destructive()` also says not read-only.
                        "destructive" => &[(HintKind::ReadOnly, false), (HintKind::Destructive, true)],
                        "idempotent" => &[(HintKind::Idempotent, true)],
                        "open_world" => &[(HintKind::OpenWorld, true)],
                        _ => &[],
                    };
                    if set.is_empty() {
                        continue;
                    }
                    let mut entries: Vec<Entry> = site.annotations.take().map(Entry::Spread).into_iter().collect();
                    for (kind, v) in set {
                        let key = kind.snake_name().to_string();
                        entries.push(Entry::Pair { key, key_span, value: Expr::Bool(*v, key_span) });
                    }
                    site.annotations = Some(Expr::Object { entries, span });
                }
                _ => {}
            }
        }
    }

    /// `Tool { name: .., title: .., annotations: .., .. }`.
    fn struct_tool(&mut self, s: &syn::ExprStruct) {
        let Some(last) = s.path.segments.last() else { return };
        if self.cx.unalias(&ident(&last.ident)) != "Tool" || !s.fields.iter().any(|f| is_member(&f.member, "name")) {
            return;
        }
        let cx = &mut *self.cx;
        let head = cx.sspan(&s.path);
        let callee = cx.path_ref(&s.path, head);
        let mut site = new_site(API_TOOL_STRUCT, head, Gate::Callee { callee, kind: CalleeKind::SdkTypesTool });
        for f in &s.fields {
            let value = if f.colon_token.is_some() { cx.lower(&f.expr) } else { Expr::Unresolved(cx.sspan(&f.member)) };
            if is_member(&f.member, "name") {
                site.name = Some(value);
            } else if is_member(&f.member, "title") {
                site.title = Some(value);
            } else if is_member(&f.member, "annotations") {
                site.annotations = Some(value);
            }
        }
        if let Some(rest) = &s.rest {
            // `..base`: fields not written come from a value we may not see.
            let base = cx.lower(rest);
            let defaulted = matches!(&base, Expr::Object { entries, .. } if entries.is_empty());
            if !defaulted && site.annotations.is_none() {
                site.annotations = Some(Expr::Unresolved(cx.sspan(&**rest)));
            }
        }
        cx.facts.tools.push(site);
    }
}

fn is_member(m: &Member, name: &str) -> bool {
    matches!(m, Member::Named(i) if i == name)
}

fn new_site(api: &'static str, site: crate::source::Span, gate: Gate) -> ToolSite {
    ToolSite { ..ToolSite::new(api, site, gate, Syntax::RustBuilder) }
}

trait FuncStart {
    fn func_span_start(&self) -> proc_macro2::Span;
}

impl FuncStart for syn::ExprCall {
    fn func_span_start(&self) -> proc_macro2::Span {
        match &*self.func {
            SExpr::Path(p) => p
                .path
                .leading_colon
                .map(|c| c.spans[0])
                .or_else(|| p.path.segments.first().map(|s| s.ident.span()))
                .unwrap_or(self.paren_token.span.open()),
            _ => self.paren_token.span.open(),
        }
    }
}

impl<'ast> Visit<'ast> for Finder<'_, '_> {
    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        // Flatten `Tool::new(..).a(..).b(..)` from the outermost call.
        let mut methods = vec![m];
        let mut cur: &SExpr = &m.receiver;
        while let SExpr::MethodCall(inner) = cur {
            methods.push(inner);
            cur = &inner.receiver;
        }
        if let SExpr::Call(root) = cur {
            if let SExpr::Path(p) = &*root.func {
                let start = self.cx.span(root.func_span_start()).start as usize;
                if let Some(c) = ctor(self.cx, &p.path) {
                    if self.cx.consumed.insert(start) {
                        methods.reverse();
                        self.chain(root, &p.path, c, &methods);
                    }
                } else if methods.iter().any(|m| m.method == "annotate" || m.method == "with_annotations") {
                    // `make_tool(..).annotate(..)`: `make_tool` is a factory.
                    if let Some(last) = p.path.segments.last() {
                        self.cx.annotated_calls.insert(ident(&last.ident));
                    }
                }
            }
        }
        visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        if let SExpr::Path(p) = &*c.func {
            if let Some(k) = ctor(self.cx, &p.path) {
                let start = self.cx.span(c.func_span_start()).start as usize;
                if self.cx.consumed.insert(start) {
                    self.chain(c, &p.path, k, &[]);
                }
            } else if p.qself.is_none() {
                self.cx.wrapper_call(c, &p.path);
            }
        }
        visit::visit_expr_call(self, c);
    }

    fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
        self.struct_tool(s);
        visit::visit_expr_struct(self, s);
    }

    fn visit_block(&mut self, b: &'ast syn::Block) {
        let mut bound: Vec<(String, usize, Ctor)> = Vec::new();
        let scope = self.cx.locals.len();
        for stmt in &b.stmts {
            let n = self.cx.facts.tools.len();
            self.visit_stmt(stmt);
            match stmt {
                syn::Stmt::Local(l) => {
                    let Some(var) = pat_ident(&l.pat) else { continue };
                    let init = l.init.as_ref().map(|i| &*i.expr);
                    if self.cx.facts.tools.len() == n + 1 {
                        if let Some(c) = init.and_then(|e| root_ctor(self.cx, e)) {
                            bound.push((var, n, c));
                        }
                    } else if let Some((index, c)) = init.and_then(|e| self.on_bound(e, &bound)) {
                        // `let t = t.annotate(..)`: still the same tool.
                        bound.push((var, index, c));
                    }
                }
                syn::Stmt::Expr(SExpr::Assign(a), _) if !self.field_assign(a, &bound) => {
                    self.on_bound(&a.right, &bound);
                }
                syn::Stmt::Expr(SExpr::Assign(_), _) => {}
                syn::Stmt::Expr(e, _) => {
                    self.on_bound(e, &bound);
                }
                _ => {}
            }
            self.local(stmt);
        }
        self.cx.locals.truncate(scope);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // `vec![Tool::new(..), ..]`, `Ok(..)` inside `format!` and the like.
        let parser = syn::punctuated::Punctuated::<SExpr, syn::Token![,]>::parse_terminated;
        if let Ok(exprs) = m.parse_body_with(parser) {
            for e in &exprs {
                self.visit_expr(e);
            }
        }
    }

    // Nested items are walked by `items.rs` with their own scope.
    fn visit_item(&mut self, _: &'ast syn::Item) {}
}

impl Finder<'_, '_> {
    /// Remember `let x = value;` (not `mut`, not `let .. else`) after its
    /// initializer was searched.
    fn local(&mut self, stmt: &syn::Stmt) {
        let syn::Stmt::Local(l) = stmt else { return };
        let syn::Pat::Ident(p) = &l.pat else { return };
        let Some(init) = &l.init else { return };
        if p.mutability.is_some() || p.by_ref.is_some() || init.diverge.is_some() {
            return;
        }
        let value = self.cx.lower(&init.expr);
        self.cx.locals.push((ident(&p.ident), value));
    }

    /// `t.annotate(..)` / `t.with_title(..)` chained on a variable bound
    /// to a tool: applied to that tool.
    fn on_bound(&mut self, e: &SExpr, bound: &[(String, usize, Ctor)]) -> Option<(usize, Ctor)> {
        let mut methods = Vec::new();
        let mut cur = e;
        while let SExpr::MethodCall(m) = cur {
            methods.push(m);
            cur = &m.receiver;
        }
        let SExpr::Path(p) = cur else { return None };
        let var = p.path.get_ident().map(ident)?;
        let &(_, index, c) = bound.iter().rev().find(|(v, ..)| *v == var)?;
        methods.reverse();
        self.apply(index, c, &methods);
        Some((index, c))
    }

    /// `t.annotations = Some(a)` / `t.title = Some(..)` on a bound tool.
    fn field_assign(&mut self, a: &syn::ExprAssign, bound: &[(String, usize, Ctor)]) -> bool {
        let SExpr::Field(f) = &*a.left else { return false };
        let SExpr::Path(p) = &*f.base else { return false };
        let Some(var) = p.path.get_ident().map(ident) else { return false };
        let Some(&(_, index, _)) = bound.iter().rev().find(|(v, ..)| *v == var) else { return false };
        let value = self.cx.lower(&a.right);
        let Some(site) = self.cx.facts.tools.get_mut(index) else { return false };
        if is_member(&f.member, "annotations") {
            site.annotations = Some(value);
        } else if is_member(&f.member, "title") {
            site.title = Some(value);
        } else if is_member(&f.member, "name") {
            site.name = Some(value);
        }
        true
    }
}

/// The constructor at the root of a builder chain.
fn root_ctor(cx: &Cx, e: &SExpr) -> Option<Ctor> {
    let mut cur = e;
    while let SExpr::MethodCall(m) = cur {
        cur = &m.receiver;
    }
    match cur {
        SExpr::Call(c) => match &*c.func {
            SExpr::Path(p) => ctor(cx, &p.path),
            _ => None,
        },
        SExpr::Struct(_) => Some(Ctor::RmcpTool),
        _ => None,
    }
}

fn pat_ident(p: &syn::Pat) -> Option<String> {
    match p {
        syn::Pat::Ident(i) => Some(ident(&i.ident)),
        syn::Pat::Type(t) => pat_ident(&t.pat),
        _ => None,
    }
}
