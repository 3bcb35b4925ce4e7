//! `syn` expressions → model expressions, for the values the fallback scan
//! reads from tool attributes (names, titles, hints): literals, `concat!`
//! of literals and paths to constants. Anything else depends on what the
//! scan cannot see and stays `Unresolved`, never a guess.

use syn::spanned::Spanned;
use syn::{Expr as SExpr, Lit};

use super::Cx;
use crate::model::{Entry, Expr};
use crate::source::Span;

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
            SExpr::Path(p) if p.qself.is_none() => self.path_ref(&p.path, span),
            SExpr::Macro(m) if m.mac.path.segments.last().is_some_and(|s| s.ident == "concat") => {
                concat(&m.mac.tokens).map_or(Expr::Unresolved(span), |v| Expr::Str(v, span))
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
