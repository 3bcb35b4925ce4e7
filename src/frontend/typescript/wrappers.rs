//! Project wrappers: a named function or a class method whose
//! `registerTool` call forwards its own parameters (`name`, `config`,
//! `tool.name`, `{ annotations: tool.annotations }`) is a [`Forwarder`]; its
//! calls are the tools, the wrapper never is. Calls of helpers (by name, of
//! this file's forwarders, or imported and given a tool config) and of
//! methods named like registrations are the candidate sites.

use tree_sitter::Node;

use super::lower::{enclosing_functions, params};
use super::registrations::pair;
use super::{Cx, API_TOOL, API_WRAPPER};
use crate::model::{Arg, CalleeKind, Entry, Expr, FileFacts, Forwarder, Gate, Role, RoleSource};
use crate::source::Span;

impl<'a, 't> Cx<'a, 't> {
    /// `helper(server, "name", {...}, cb)`: a tool if `helper` resolves to a
    /// function that forwards to a registration.
    pub(super) fn wrapper_call(&self, call: Node<'t>, callee: Node<'t>, arguments: Node<'t>, facts: &mut FileFacts) {
        let callee_expr = self.scoped(self.lower.expr(callee), call);
        if !matches!(callee_expr, Expr::Ref { .. }) {
            return;
        }
        let args: Vec<Arg> = self.lower.args(arguments).into_iter().map(|a| self.scoped_arg(a, call)).collect();
        let site = Span::new(self.lower.file, call.start_byte(), callee.end_byte());
        let gate = Gate::Callee { callee: callee_expr, kind: CalleeKind::WrapperOnly };
        let mut tool = self.site(API_WRAPPER, site, gate, args.clone());
        tool.params = args.iter().find_map(|a| match &a.value {
            Expr::Object { entries, .. } if pair(entries, "inputSchema").is_some() => {
                pair(entries, "inputSchema").and_then(|s| self.params_of(s, 0))
            }
            _ => None,
        });
        self.push_site(call, tool, facts);
    }

    /// `registry.register("name", {...}, cb)`: a tool if `registry` is an
    /// instance of a class whose `register` forwards to a registration.
    pub(super) fn method_helper_call(
        &self,
        call: Node<'t>,
        receiver: Node<'t>,
        method: &str,
        arguments: Node<'t>,
        facts: &mut FileFacts,
    ) {
        let receiver = self.scoped(self.lower.expr(receiver), call);
        let args: Vec<Arg> = self.lower.args(arguments).into_iter().map(|a| self.scoped_arg(a, call)).collect();
        let function = call.child_by_field_name("function").unwrap_or(call);
        let site = Span::new(self.lower.file, call.start_byte(), function.end_byte());
        let gate = Gate::Receiver { receiver, method: method.to_string() };
        let mut tool = self.site(API_WRAPPER, site, gate, args);
        tool.params = tool.args.iter().find_map(|a| match &a.value {
            Expr::Object { entries, .. } => pair(entries, "inputSchema").and_then(|s| self.params_of(s, 0)),
            _ => None,
        });
        self.push_site(call, tool, facts);
    }

    /// A named function whose registration (`api`: `registerTool` or the v1
    /// `tool`) forwards its own parameters: calls of it register tools, with
    /// the roles its parameters feed.
    pub(super) fn record_forwarder(
        &self,
        call: Node<'t>,
        arg_nodes: &[Node<'t>],
        args: &[Arg],
        inner: Gate,
        api: &'static str,
        forwarders: &mut Vec<(String, Forwarder)>,
    ) {
        let Some(f) = enclosing_functions(call).into_iter().next() else { return };
        // A method of a class: the class is the wrapper, the method forwards.
        let class = (f.kind() == "method_definition")
            .then(|| f.parent().filter(|b| b.kind() == "class_body").and_then(|b| b.parent()))
            .flatten()
            .and_then(|c| c.child_by_field_name("name"));
        let method = f.child_by_field_name("name").map(|m| self.text(m).to_string());
        let (name, methods) = match (class, method) {
            (Some(class), Some(method)) => (Some(class), vec![method]),
            _ => (
                match f.kind() {
                    "function_declaration" => f.child_by_field_name("name"),
                    _ => f
                        .parent()
                        .filter(|p| p.kind() == "variable_declarator")
                        .and_then(|p| p.child_by_field_name("name")),
                },
                vec![],
            ),
        };
        let Some(name) = name.filter(|n| matches!(n.kind(), "identifier" | "type_identifier")) else { return };
        let params: Vec<String> = params(f, self.lower.text).into_iter().map(|p| p.name).collect();
        let _ = args;
        let source = |e: &Expr| match param_path(e, &params) {
            Some((p, keys)) if keys.is_empty() => RoleSource::Param(p),
            Some((p, keys)) => RoleSource::ParamPath(p, keys),
            None => RoleSource::Fixed(e.clone()),
        };
        let mut roles = Vec::new();
        if let Some(name) = arg_nodes.first() {
            roles.push((Role::Name, source(&self.lower.expr(*name))));
        }
        if api == API_TOOL {
            // `tool(name, ...rest, cb)`: the roles of the middle arguments
            // follow from the values each call passes.
            let middle = arg_nodes.get(1..arg_nodes.len().saturating_sub(1)).unwrap_or_default();
            for (i, a) in middle.iter().enumerate() {
                roles.push((Role::OverloadArg(i), source(&self.lower.expr(*a))));
            }
        } else if let Some(config) = arg_nodes.get(1) {
            match self.lower.expr(*config) {
                Expr::Object { entries, .. } if !entries.iter().any(|e| matches!(e, Entry::Spread(_))) => {
                    for (key, role) in [("title", Role::Title), ("annotations", Role::Annotations)] {
                        if let Some(v) = pair(&entries, key) {
                            roles.push((role, source(v)));
                        }
                    }
                }
                e => roles.push((Role::Config, source(&e))),
            }
        }
        forwarders.push((
            self.text(name).to_string(),
            Forwarder { methods, params, roles, passes_kwargs: false, api, inner, span: self.span(name) },
        ));
    }

    /// Whether a registration inside a named function passes that function's
    /// own parameters as its name or config: the function is a wrapper.
    pub(super) fn forwards(&self, call: Node<'t>, args: &[Node<'t>]) -> bool {
        let Some(f) = enclosing_functions(call).into_iter().next() else { return false };
        if !is_named_function(f) {
            return false;
        }
        let names: Vec<String> = params(f, self.lower.text).into_iter().map(|p| p.name).collect();
        // The name, the config, or the config's title/annotations come from
        // a parameter (`name`, `tool.name`, `{ annotations: tool.annotations }`).
        args.iter().any(|a| match self.lower.expr(*a) {
            Expr::Object { entries, .. } => entries.iter().any(|e| match e {
                Entry::Pair { key, value, .. } if key == "title" || key == "annotations" => {
                    param_path(value, &names).is_some()
                }
                Entry::Spread(v) => param_path(v, &names).is_some(),
                _ => false,
            }),
            e => param_path(&e, &names).is_some(),
        })
    }
}

/// `p` or `p.a.b` for a parameter `p`: the parameter and the key path.
fn param_path(e: &Expr, params: &[String]) -> Option<(String, Vec<String>)> {
    match e {
        Expr::Ref { path, .. } if params.contains(&path[0]) => Some((path[0].clone(), path[1..].to_vec())),
        Expr::Field { base, key, .. } => {
            let (p, mut keys) = param_path(base, params)?;
            keys.push(key.clone());
            Some((p, keys))
        }
        _ => None,
    }
}

/// A function that is a declaration, a method, or assigned to a name or a
/// property (`const wrap = (...) => ...`, `server.registerTool = function`):
/// not an anonymous callback such as `forEach((t) => ...)`.
fn is_named_function(f: Node) -> bool {
    match f.kind() {
        "function_declaration" | "method_definition" | "generator_function_declaration" => true,
        _ => f.parent().is_some_and(|p| {
            matches!(
                p.kind(),
                "variable_declarator"
                    | "assignment_expression"
                    | "pair"
                    | "public_field_definition"
                    | "field_definition"
            )
        }),
    }
}
