//! One-line helpers (`def read_only(title): return {...}`) and factories
//! (`def create_server() -> FastMCP`): inlined at calls in this file, and
//! bindings for calls from other files.

use tree_sitter::Node;

use super::lower::{local_assignment, named_children, ParamKind};
use super::Cx;
use crate::model::{Arg, Binding, Entry, Expr, FileFacts, Returns, Spread};

impl<'a, 't> Cx<'a, 't> {
    /// Module-level one-line helpers that build a value (`def read_only(title):
    /// return ToolAnnotations(title=title, readOnlyHint=True)`), for calls from
    /// other files: their parameters are unknown there, the rest is followed.
    /// (Calls in this file are inlined with their arguments instead.)
    pub(super) fn helper_bindings(&self, facts: &mut FileFacts) {
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                let def = match c.kind() {
                    "function_definition" => c,
                    "decorated_definition" => match c.child_by_field_name("definition") {
                        Some(d) if d.kind() == "function_definition" => d,
                        _ => continue,
                    },
                    "if_statement" | "try_statement" | "block" => {
                        stack.push(c);
                        continue;
                    }
                    k if k.ends_with("clause") => {
                        stack.push(c);
                        continue;
                    }
                    _ => continue,
                };
                let Some(name_node) = def.child_by_field_name("name") else { continue };
                let name = self.text(name_node);
                if facts.bindings.iter().any(|b| b.name == name) {
                    continue;
                }
                let Some(body) = def.child_by_field_name("body") else { continue };
                let mut stmts: Vec<Node> = named_children(body).filter(|n| n.kind() != "comment").collect();
                if stmts.len() == 2 && named_children(stmts[0]).next().is_some_and(|n| n.kind() == "string") {
                    stmts.remove(0);
                }
                let single = match stmts[..] {
                    [ret] if ret.kind() == "return_statement" => named_children(ret).next(),
                    _ => None,
                };
                let Some(value) = single else {
                    // A longer factory with a declared return type (`def
                    // create_server() -> FastMCP:`) returns a value of that type;
                    // one that always returns the same local built by a
                    // constructor call returns what that call builds.
                    let span = self.span(name_node);
                    let returns = match def.child_by_field_name("return_type").map(|ty| self.lower.annotation_expr(ty))
                    {
                        Some(class @ Expr::Ref { .. }) => Some(Expr::Instance { class: Box::new(class), span }),
                        _ => self.returned_construction(def),
                    };
                    if let Some(returns) = returns {
                        facts.bindings.push(Binding {
                            name: name.to_string(),
                            value: Expr::Function { returns: Box::new(Returns::Value(returns)), span },
                            span,
                        });
                    }
                    continue;
                };
                let returned = self.lower.expr(value);
                if !matches!(returned, Expr::Object { .. } | Expr::Call { .. }) {
                    continue;
                }
                let bound: Vec<(String, Expr)> =
                    self.lower.params(def).into_iter().map(|p| (p.name, Expr::Unresolved(self.span(value)))).collect();
                let returned = substitute(returned, &bound);
                let span = self.span(name_node);
                facts.bindings.push(Binding {
                    name: name.to_string(),
                    value: Expr::Function { returns: Box::new(Returns::Value(returned)), span },
                    span,
                });
            }
        }
    }

    /// `helper(...)` where `helper` is a module-level function of this file
    /// whose body is a single `return <expr>` (after a docstring), such as
    /// `def _annotations(title, *, read_only=False): return {...}`: the
    /// returned expression with each parameter replaced by the call's
    /// argument or the parameter's default (unresolved when neither).
    pub(super) fn inline_helper(&self, name: &str, args: &[Arg], depth: u8) -> Option<Expr> {
        if args.iter().any(|a| a.spread != Spread::No) {
            return None;
        }
        let def = self.module_function(name)?;
        let body = def.child_by_field_name("body")?;
        let mut stmts: Vec<Node> = named_children(body).filter(|n| n.kind() != "comment").collect();
        if stmts.len() == 2 && named_children(stmts[0]).next().is_some_and(|n| n.kind() == "string") {
            stmts.remove(0);
        }
        let [ret] = stmts[..] else { return None };
        let value = named_children(ret).next().filter(|_| ret.kind() == "return_statement")?;
        let returned = self.local_value(self.lower.expr(value), value, depth.checked_sub(1)?);

        let mut bound: Vec<(String, Expr)> = Vec::new();
        let mut positional = args.iter().filter(|a| a.keyword.is_none());
        let mut keyword_only = false;
        let parameters = def.child_by_field_name("parameters")?;
        for p in named_children(parameters) {
            let (name_node, default) = match p.kind() {
                "identifier" => (Some(p), None),
                "typed_parameter" => (named_children(p).find(|c| c.kind() != "type"), None),
                "default_parameter" | "typed_default_parameter" => {
                    (p.child_by_field_name("name"), p.child_by_field_name("value"))
                }
                "list_splat_pattern" | "dictionary_splat_pattern" => (Some(p), None),
                "keyword_separator" => {
                    keyword_only = true;
                    continue;
                }
                _ => continue,
            };
            let Some(name_node) = name_node else { continue };
            let span = self.span(name_node);
            match name_node.kind() {
                "list_splat_pattern" => {
                    keyword_only = true;
                    let ident = named_children(name_node).next()?;
                    bound.push((self.text(ident).to_string(), Expr::Unresolved(span)));
                }
                "dictionary_splat_pattern" => {
                    // `**hints`: the keywords no named parameter takes.
                    let ident = named_children(name_node).next()?;
                    let names: Vec<&str> = bound.iter().map(|(n, _)| n.as_str()).collect();
                    let entries = args
                        .iter()
                        .filter_map(|a| {
                            let k = a.keyword.as_deref()?;
                            (!names.contains(&k) && !self.is_param_of(def, k)).then(|| Entry::Pair {
                                key: k.to_string(),
                                key_span: a.keyword_span.unwrap_or(span),
                                value: a.value.clone(),
                            })
                        })
                        .collect();
                    bound.push((self.text(ident).to_string(), Expr::Object { entries, span }));
                }
                _ => {
                    let pname = self.text(name_node).to_string();
                    let given =
                        args.iter().find(|a| a.keyword.as_deref() == Some(pname.as_str())).map(|a| a.value.clone());
                    let given =
                        given.or_else(|| if keyword_only { None } else { positional.next().map(|a| a.value.clone()) });
                    let value = given.or_else(|| default.map(|d| self.lower.expr(d))).unwrap_or(Expr::Unresolved(span));
                    bound.push((pname, value));
                }
            }
        }
        Some(substitute(returned, &bound))
    }

    /// `server = FastMCP(...); ...; return server`: the constructor call, when
    /// every `return` of the function returns that one local, with the
    /// function's parameters unknown.
    fn returned_construction(&self, def: Node) -> Option<Expr> {
        let body = def.child_by_field_name("body")?;
        let mut returned: Option<&str> = None;
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                match c.kind() {
                    "function_definition" | "class_definition" | "lambda" | "decorated_definition" => {}
                    "return_statement" => {
                        let v = named_children(c).next().filter(|v| v.kind() == "identifier")?;
                        let v = self.text(v);
                        if returned.is_some_and(|r| r != v) {
                            return None;
                        }
                        returned = Some(v);
                    }
                    _ => stack.push(c),
                }
            }
        }
        let value = local_assignment(def, returned?, def.end_byte(), self.lower.text)?;
        let call = self.lower.expr(value);
        let Expr::Call { callee, .. } = &call else { return None };
        let Expr::Ref { path, .. } = &**callee else { return None };
        if self.shadowed(&path[0], value) {
            return None;
        }
        let bound: Vec<(String, Expr)> =
            self.lower.params(def).into_iter().map(|p| (p.name, Expr::Unresolved(self.span(value)))).collect();
        Some(substitute(call, &bound))
    }

    /// Whether `outer`'s own body has `return <inner's name>`.
    pub(super) fn returns_function(&self, outer: Node, inner: Node) -> bool {
        let Some(name) = inner.child_by_field_name("name").map(|n| self.text(n)) else { return false };
        let Some(body) = outer.child_by_field_name("body") else { return false };
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                match c.kind() {
                    "function_definition" | "class_definition" | "lambda" => {}
                    "return_statement" => {
                        if named_children(c).next().is_some_and(|v| v.kind() == "identifier" && self.text(v) == name) {
                            return true;
                        }
                    }
                    _ => stack.push(c),
                }
            }
        }
        false
    }

    fn is_param_of(&self, function: Node, name: &str) -> bool {
        self.lower.params(function).iter().any(|p| p.kind == ParamKind::Normal && p.name == name)
    }
}

pub(super) fn substitute_args(args: &[Arg], bound: &[(String, Expr)]) -> Vec<Arg> {
    args.iter()
        .map(|a| {
            let mut a = a.clone();
            a.value = substitute(a.value, bound);
            a
        })
        .collect()
}

/// Whether `expr` refers to one of `names` (as a bare name or an attribute base).
pub(super) fn mentions(expr: &Expr, names: &[String]) -> bool {
    match expr {
        Expr::Ref { path, .. } => names.contains(&path[0]),
        Expr::Object { entries, .. } => entries.iter().any(|e| match e {
            Entry::Pair { value, .. } => mentions(value, names),
            Entry::Spread(v) => mentions(v, names),
        }),
        Expr::Call { callee, args, .. } => mentions(callee, names) || args.iter().any(|a| mentions(&a.value, names)),
        Expr::Index { base, .. } => mentions(base, names),
        _ => false,
    }
}

/// `expr` with each bare reference to a bound parameter replaced by its value.
fn substitute(expr: Expr, bound: &[(String, Expr)]) -> Expr {
    match expr {
        Expr::Ref { path, span } => match bound.iter().find(|(n, _)| *n == path[0]) {
            Some((_, v)) if path.len() == 1 => v.clone(),
            Some(_) => Expr::Unresolved(span),
            None => Expr::Ref { path, span },
        },
        Expr::Object { entries, span } => Expr::Object {
            entries: entries
                .into_iter()
                .map(|e| match e {
                    Entry::Pair { key, key_span, value } => {
                        // A value from the call site is reported there, not
                        // across the helper's body.
                        let substituted =
                            matches!(&value, Expr::Ref { path, .. } if bound.iter().any(|(n, _)| *n == path[0]));
                        let value = substitute(value, bound);
                        let key_span = if substituted { value.span() } else { key_span };
                        Entry::Pair { key, key_span, value }
                    }
                    Entry::Spread(v) => Entry::Spread(substitute(v, bound)),
                })
                .collect(),
            span,
        },
        Expr::Call { callee, args, span } => Expr::Call {
            callee,
            args: args
                .into_iter()
                .map(|mut a| {
                    let substituted =
                        matches!(&a.value, Expr::Ref { path, .. } if bound.iter().any(|(n, _)| *n == path[0]));
                    a.value = substitute(a.value, bound);
                    if substituted && a.keyword_span.is_some() {
                        a.keyword_span = Some(a.value.span());
                    }
                    a
                })
                .collect(),
            span,
        },
        Expr::Index { base, key, span } => Expr::Index { base: Box::new(substitute(*base, bound)), key, span },
        other => other,
    }
}
