//! Tool-declaring attribute macros.
//!
//! rmcp `#[tool(name = "..", title = "..", annotations(read_only_hint, destructive_hint = false))]`
//! on a method: darling parses it, so a hint may be a bare word (true), a
//! bool literal or a string literal `"true"`/`"false"`; the name defaults to
//! the method's; a top-level `title` is the tool's title, not
//! `annotations.title`.
//!
//! rust-mcp-sdk `#[mcp_tool(name = "..", read_only_hint = true, ..)]` on a
//! struct: flat keys, bool literals only; a key it does not know is only
//! printed at build time, so a misspelt hint is silently absent.

use syn::punctuated::Punctuated;
use syn::{Attribute, Expr as SExpr, Lit, Meta, Token};

use super::paths::ident;
use super::{Cx, API_MCP_TOOL, API_TOOL_ATTR};
use crate::model::{CalleeKind, Entry, Expr, Gate, Syntax, ToolSite};
use crate::source::Span;

/// Keys of `#[mcp_tool]` that are not annotations.
const MCP_TOOL_OTHER_KEYS: &[&str] = &["name", "description", "title", "meta", "icons", "execution"];

/// The last segment of an attribute's path.
pub fn attr_name(a: &Attribute) -> String {
    a.path().segments.last().map(|s| ident(&s.ident)).unwrap_or_default()
}

fn metas(list: &syn::MetaList) -> Option<Punctuated<Meta, Token![,]>> {
    list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated).ok()
}

fn meta_key(m: &Meta) -> String {
    m.path().segments.last().map(|s| ident(&s.ident)).unwrap_or_default()
}

impl Cx<'_> {
    /// The gate of an attribute: its path must resolve to the SDK macro.
    fn attr_gate(&mut self, a: &Attribute) -> Gate {
        let span = self.sspan(a.path());
        Gate::Callee { callee: self.path_ref(a.path(), span), kind: CalleeKind::SdkToolClass }
    }

    fn site_head(&self, a: &Attribute) -> Span {
        self.join(a.pound_token.span, a.path().segments.last().map_or(a.pound_token.span, |s| s.ident.span()))
    }

    /// rmcp `#[tool(...)]` on a fn named `fn_name`.
    pub fn tool_attr(&mut self, a: &Attribute, fn_name: (String, Span), params: Option<Vec<String>>) -> ToolSite {
        let mut site = ToolSite {
            default_name: Some(fn_name),
            params,
            ..ToolSite::new(API_TOOL_ATTR, self.site_head(a), self.attr_gate(a), Syntax::RustAttr)
        };
        let Meta::List(list) = &a.meta else { return site };
        let Some(items) = metas(list) else {
            // Arguments darling would read but `Meta` cannot: don't guess.
            let span = self.sspan(list);
            site.annotations = Some(Expr::Unresolved(span));
            return site;
        };
        for m in &items {
            match (meta_key(m).as_str(), m) {
                ("name", Meta::NameValue(nv)) => site.name = Some(self.lower(&nv.value)),
                ("title", Meta::NameValue(nv)) => site.title = Some(self.lower(&nv.value)),
                ("input_schema", _) => site.params = None,
                ("annotations", Meta::List(l)) => {
                    let span = self.sspan(l);
                    site.annotations = Some(match metas(l) {
                        Some(inner) => {
                            let entries = inner.iter().map(|m| self.darling_entry(m)).collect();
                            Expr::Object { entries, span }
                        }
                        None => Expr::Unresolved(span),
                    });
                }
                ("annotations", m) => site.annotations = Some(Expr::Unresolved(self.sspan(m))),
                _ => {}
            }
        }
        site
    }

    /// One `key`, `key = value` of a darling-parsed list.
    fn darling_entry(&mut self, m: &Meta) -> Entry {
        let key = meta_key(m);
        let key_span = self.sspan(m.path());
        let value = match m {
            Meta::Path(p) => Expr::Bool(true, self.sspan(p)),
            Meta::NameValue(nv) => match &nv.value {
                // darling reads a bool from a string literal too.
                SExpr::Lit(l) => match &l.lit {
                    Lit::Str(s) if s.value() == "true" || s.value() == "false" => {
                        Expr::Bool(s.value() == "true", self.span(s.span()))
                    }
                    _ => self.lower(&nv.value),
                },
                v => self.lower(v),
            },
            Meta::List(l) => Expr::Other(self.sspan(l)),
        };
        self.pair(&key, key_span, value)
    }

    /// rust-mcp-sdk `#[mcp_tool(...)]` on a struct with input fields `params`.
    pub fn mcp_tool_attr(&mut self, a: &Attribute, params: Option<Vec<String>>) -> ToolSite {
        let mut site = ToolSite {
            params,
            ..ToolSite::new(API_MCP_TOOL, self.site_head(a), self.attr_gate(a), Syntax::RustFlatAttr)
        };
        let Meta::List(list) = &a.meta else { return site };
        let Some(items) = metas(list) else {
            site.annotations = Some(Expr::Unresolved(self.sspan(list)));
            return site;
        };
        let mut entries = Vec::new();
        for m in &items {
            let key = meta_key(m);
            match (key.as_str(), m) {
                ("name", Meta::NameValue(nv)) => site.name = Some(self.lower(&nv.value)),
                ("title", Meta::NameValue(nv)) => site.title = Some(self.lower(&nv.value)),
                (k, _) if MCP_TOOL_OTHER_KEYS.contains(&k) => {}
                (_, Meta::NameValue(nv)) => {
                    let key_span = self.sspan(&nv.path);
                    let value = self.lower(&nv.value);
                    entries.push(self.pair(&key, key_span, value));
                }
                // A bare word is skipped by the macro: the hint is not set.
                (_, Meta::Path(p)) => {
                    let span = self.sspan(p);
                    entries.push(self.pair(&key, span, Expr::Other(span)));
                }
                (_, Meta::List(_)) => {}
            }
        }
        if !entries.is_empty() {
            site.annotations = Some(Expr::Object { entries, span: self.sspan(list) });
        }
        site
    }
}
