//! Project helpers that build a tool from their arguments:
//!
//! ```text
//! fn read_tool(name: &'static str, description: &'static str) -> Tool {
//!     Tool::new(name, description, schema()).annotate(ToolAnnotations::new().read_only(true))
//! }
//! vec![read_tool("list_notes", "List"), read_tool("get_note", "Get")]
//! ```
//!
//! A function whose single builder site takes its name, title or
//! annotations from a parameter becomes a forwarder binding (the site
//! inside it is not a tool itself); calls with a string literal argument
//! are candidate registrations that resolution keeps only when the callee
//! resolves to such a forwarder.

use super::{Cx, API_TOOL_NEW};
use crate::model::{Arg, Binding, CalleeKind, Expr, Forwarder, Gate, Role, RoleSource, Spread, ToolSite};
use crate::source::Span;

/// Calls that are never project helpers.
const NOT_WRAPPERS: &[&str] = &["Some", "Ok", "Err", "from", "new", "Borrowed", "Owned", "with_title", "from_raw"];

/// A function being walked: its parameters and the first tool index of its body.
pub struct FnScope {
    pub binding: String,
    pub params: Vec<String>,
    pub first_site: usize,
    pub span: Span,
}

/// A forwarder found in a body, built once the whole file is known.
pub struct Pending {
    binding: String,
    params: Vec<String>,
    site: usize,
    span: Span,
}

fn param_of(e: &Option<Expr>, params: &[String]) -> Option<String> {
    match e {
        Some(Expr::Ref { path, .. }) if path.len() == 1 && params.contains(&path[0]) => Some(path[0].clone()),
        _ => None,
    }
}

/// After a body: is it a forwarder?
pub fn end_fn(cx: &mut Cx, scope: FnScope) {
    if scope.params.is_empty() {
        return;
    }
    let sites: Vec<usize> = (scope.first_site..cx.facts.tools.len())
        .filter(|&i| !matches!(cx.facts.tools[i].gate, Gate::Callee { kind: CalleeKind::WrapperOnly, .. }))
        .collect();
    let [site] = sites.as_slice() else { return };
    let t = &cx.facts.tools[*site];
    let fed = [&t.name, &t.title, &t.annotations].into_iter().any(|e| param_of(e, &scope.params).is_some());
    if fed {
        cx.wrappers.push(Pending { binding: scope.binding, params: scope.params, site: *site, span: scope.span });
    }
}

/// Turn the pending forwarders into bindings and drop their inner sites.
pub fn finish(cx: &mut Cx) {
    let pending = std::mem::take(&mut cx.wrappers);
    let mut inner = Vec::new();
    for p in pending {
        let t = &cx.facts.tools[p.site];
        let mut roles = Vec::new();
        for (role, e) in [(Role::Name, &t.name), (Role::Title, &t.title), (Role::Annotations, &t.annotations)] {
            match (param_of(e, &p.params), e) {
                (Some(param), _) => roles.push((role, RoleSource::Param(param))),
                (None, Some(e)) => roles.push((role, RoleSource::Fixed(e.clone()))),
                (None, None) => {}
            }
        }
        let f = Forwarder {
            methods: vec![],
            params: p.params,
            roles,
            passes_kwargs: false,
            api: t.api,
            inner: t.gate.clone(),
            span: p.span,
        };
        cx.facts.bindings.push(Binding { name: p.binding, value: Expr::Forwarder(Box::new(f)), span: p.span });
        inner.push(p.site);
    }
    if inner.is_empty() {
        return;
    }
    let mut i = 0;
    cx.facts.tools.retain(|_| {
        i += 1;
        !inner.contains(&(i - 1))
    });
}

impl Cx<'_> {
    /// `helper("name", ..)`: a registration if `helper` is a forwarder.
    pub fn wrapper_call(&mut self, c: &syn::ExprCall, path: &syn::Path) {
        let last = path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        if c.args.is_empty() || NOT_WRAPPERS.contains(&last.as_str()) {
            return;
        }
        let args: Vec<Expr> = c.args.iter().map(|a| self.lower(a)).collect();
        if !args.iter().any(|a| matches!(a, Expr::Str(..))) {
            return;
        }
        let head = self.sspan(path);
        let callee = self.path_ref(path, head);
        if !matches!(callee, Expr::Ref { .. }) {
            return;
        }
        let args = args.into_iter().map(|value| Arg { keyword: None, value, spread: Spread::No }).collect();
        self.facts.tools.push(ToolSite {
            args,
            ..ToolSite::new(
                API_TOOL_NEW,
                head,
                Gate::Callee { callee, kind: CalleeKind::WrapperOnly },
                crate::model::Syntax::RustBuilder,
            )
        });
    }
}
