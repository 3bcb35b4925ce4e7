//! `syn` expressions → model expressions, for annotation values, tool names
//! and titles. `ToolAnnotations` constructions (builder chains, struct
//! literals, `from_raw`) become key/value objects with snake_case keys; what
//! depends on run-time values (a variable, a parameter, a call with
//! arguments) stays a reference or `Unresolved`, never a guess.

use syn::spanned::Spanned;
use syn::{Expr as SExpr, Lit, Member};

use super::paths::ident;
use super::Cx;
use crate::model::{Entry, Expr, HintKind};
use crate::source::Span;

/// Builder methods of `ToolAnnotations` (rmcp `.read_only(b)`, pmcp
/// `.with_read_only(b)`) and the hint each sets.
fn builder_hint(method: &str) -> Option<HintKind> {
    match method.strip_prefix("with_").unwrap_or(method) {
        "read_only" => Some(HintKind::ReadOnly),
        "destructive" => Some(HintKind::Destructive),
        "idempotent" => Some(HintKind::Idempotent),
        "open_world" => Some(HintKind::OpenWorld),
        _ => None,
    }
}

/// Conversions that keep the value (`"x".into()`, `x.to_string()`).
const TRANSPARENT_METHODS: &[&str] = &["into", "to_string", "to_owned", "clone", "into_owned"];
/// Calls that keep their single argument (`String::from("x")`, `Some(x)`).
const TRANSPARENT_CALLS: &[&str] = &["Some", "from", "Borrowed", "Owned", "new"];

fn last_two(path: &syn::Path) -> (String, String) {
    let n = path.segments.len();
    let seg = |i: usize| path.segments.iter().nth(i).map(|s| ident(&s.ident)).unwrap_or_default();
    let last = if n > 0 { seg(n - 1) } else { String::new() };
    let prev = if n > 1 { seg(n - 2) } else { String::new() };
    (prev, last)
}

impl Cx<'_> {
    pub fn sspan<T: Spanned>(&self, node: &T) -> Span {
        self.span(node.span())
    }

    pub fn lower(&mut self, e: &SExpr) -> Expr {
        let span = self.sspan(e);
        match e {
            SExpr::Lit(l) => self.lit(&l.lit),
            SExpr::Paren(p) => self.lower(&p.expr),
            SExpr::Group(g) => self.lower(&g.expr),
            SExpr::Reference(r) => self.lower(&r.expr),
            SExpr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.lower(&u.expr),
            SExpr::Block(b) if b.block.stmts.len() == 1 => match &b.block.stmts[0] {
                syn::Stmt::Expr(inner, None) => self.lower(inner),
                _ => Expr::Unresolved(span),
            },
            SExpr::Path(p) if p.qself.is_none() => {
                let (_, last) = last_two(&p.path);
                if last == "None" && p.path.segments.len() <= 2 {
                    return Expr::Null(span);
                }
                self.path_ref(&p.path, span)
            }
            SExpr::Call(c) => self.call(c, span),
            SExpr::MethodCall(m) => self.method_call(m, span),
            SExpr::Struct(s) => self.struct_lit(s, span),
            SExpr::Macro(m) => {
                let (_, last) = last_two(&m.mac.path);
                match last.as_str() {
                    "concat" => concat(&m.mac.tokens).map_or(Expr::Unresolved(span), |v| Expr::Str(v, span)),
                    _ => Expr::Unresolved(span),
                }
            }
            SExpr::Array(_) | SExpr::Tuple(_) | SExpr::Closure(_) | SExpr::Range(_) => Expr::Other(span),
            _ => Expr::Unresolved(span),
        }
    }

    fn lit(&self, lit: &Lit) -> Expr {
        let span = self.span(lit.span());
        match lit {
            Lit::Bool(b) => Expr::Bool(b.value, span),
            Lit::Str(s) => Expr::Str(s.value(), span),
            Lit::Int(i) => Expr::Number(i.base10_digits().to_string(), span),
            Lit::Float(f) => Expr::Number(f.base10_digits().to_string(), span),
            _ => Expr::Other(span),
        }
    }

    fn call(&mut self, c: &syn::ExprCall, span: Span) -> Expr {
        let SExpr::Path(p) = &*c.func else { return Expr::Unresolved(span) };
        let (prev, last) = last_two(&p.path);
        let (prev, last) = (self.unalias(&prev), self.unalias(&last));
        let args: Vec<&SExpr> = c.args.iter().collect();
        if prev == "ToolAnnotations" || (prev.is_empty() && last == "ToolAnnotations") {
            return match (last.as_str(), args.as_slice()) {
                ("new" | "default", []) => Expr::Object { entries: vec![], span },
                ("with_title", [t]) => {
                    let title = self.lower(t);
                    Expr::Object { entries: vec![self.pair("title", self.sspan(&c.func), title)], span }
                }
                ("from_raw", [t, ro, d, i, o]) => {
                    let mut entries = Vec::new();
                    for (key, arg) in [
                        ("title", t),
                        (HintKind::ReadOnly.snake_name(), ro),
                        (HintKind::Destructive.snake_name(), d),
                        (HintKind::Idempotent.snake_name(), i),
                        (HintKind::OpenWorld.snake_name(), o),
                    ] {
                        let v = self.lower(arg);
                        if !matches!(v, Expr::Null(_)) {
                            let key_span = v.span();
                            entries.push(self.pair(key, key_span, v));
                        }
                    }
                    Expr::Object { entries, span }
                }
                _ => Expr::Unresolved(span),
            };
        }
        if p.path.segments.len() <= 2 && last == "default" && (prev == "Default" || prev.is_empty()) && args.is_empty()
        {
            return Expr::Object { entries: vec![], span };
        }
        // `LazyLock::new(|| ToolAnnotations::new()...)`.
        if let ("Lazy" | "LazyLock" | "LazyCell", "new", [SExpr::Closure(cl)]) =
            (prev.as_str(), last.as_str(), args.as_slice())
        {
            return self.lower(&cl.body);
        }
        if args.len() == 1 && TRANSPARENT_CALLS.contains(&last.as_str()) {
            // `Some(x)`, `String::from(x)`, `Cow::Borrowed(x)`, `Arc::new(x)`.
            let keep = last == "Some"
                || matches!(prev.as_str(), "String" | "Cow" | "Box" | "Arc" | "Rc" | "Option")
                || (last == "Borrowed" || last == "Owned");
            if keep {
                return self.lower(args[0]);
            }
        }
        if args.is_empty() && p.qself.is_none() {
            // A zero-argument function returning a preset: named like one.
            return match self.path_ref(&p.path, span) {
                Expr::Ref { path, .. } => Expr::Ref { path, span },
                other => other,
            };
        }
        Expr::Unresolved(span)
    }

    fn method_call(&mut self, m: &syn::ExprMethodCall, span: Span) -> Expr {
        let method = ident(&m.method);
        if m.args.is_empty() && TRANSPARENT_METHODS.contains(&method.as_str()) {
            return self.lower(&m.receiver);
        }
        if let Some(kind) = builder_hint(&method) {
            let base = self.lower(&m.receiver);
            let key_span = self.span(m.method.span());
            // pmcp's `.read_only()` without an argument means true.
            let value = match m.args.first() {
                Some(a) if m.args.len() == 1 => self.lower(a),
                None => Expr::Bool(true, key_span),
                _ => Expr::Unresolved(span),
            };
            let entries = vec![Entry::Spread(base), self.pair(kind.snake_name(), key_span, value)];
            return Expr::Object { entries, span };
        }
        if method == "with_title" && m.args.len() == 1 {
            let base = self.lower(&m.receiver);
            let key_span = self.span(m.method.span());
            let title = self.lower(&m.args[0]);
            return Expr::Object { entries: vec![Entry::Spread(base), self.pair("title", key_span, title)], span };
        }
        Expr::Unresolved(span)
    }

    /// `ToolAnnotations { read_only_hint: Some(true), ..Default::default() }`.
    fn struct_lit(&mut self, s: &syn::ExprStruct, span: Span) -> Expr {
        let (_, last) = last_two(&s.path);
        if self.unalias(&last) != "ToolAnnotations" {
            return Expr::Other(span);
        }
        let mut entries = Vec::new();
        if let Some(rest) = &s.rest {
            let base = self.lower(rest);
            if !matches!(&base, Expr::Object { entries, .. } if entries.is_empty()) {
                entries.push(Entry::Spread(base));
            }
        }
        for f in &s.fields {
            let Member::Named(name) = &f.member else { continue };
            let key_span = self.span(name.span());
            let value = if f.colon_token.is_some() {
                self.lower(&f.expr)
            } else {
                // Shorthand `ToolAnnotations { read_only_hint, .. }`: a variable.
                Expr::Unresolved(key_span)
            };
            // `None` leaves the field unset.
            if matches!(value, Expr::Null(_)) {
                continue;
            }
            entries.push(self.pair(&ident(name), key_span, value));
        }
        Expr::Object { entries, span }
    }

    pub fn pair(&self, key: &str, key_span: Span, value: Expr) -> Entry {
        Entry::Pair { key: key.to_string(), key_span, value }
    }
}

/// `concat!("a", "b")` of string literals.
fn concat(tokens: &proc_macro2::TokenStream) -> Option<String> {
    let parser = syn::punctuated::Punctuated::<syn::LitStr, syn::Token![,]>::parse_terminated;
    let parts = syn::parse::Parser::parse2(parser, tokens.clone()).ok()?;
    Some(parts.iter().map(|l| l.value()).collect())
}
