//! Project tool factories and option helpers, the shape of mcp-grafana:
//! `var T = pkg.MustTool("name", "desc", handler, opts...)` builds a tool
//! (registered later through a method on the project's wrapper type), and
//! `func WithReadOnly(v bool) ToolOption { return func(t *mcp.Tool) {
//! t.Annotations.ReadOnlyHint = v } }` is an option whose effect is known.

use tree_sitter::Node;

use super::lower::{field_key, first, named_children, params};
use super::{Cx, API_HELPER};
use crate::model::{CalleeKind, Entry, Expr, Forwarder, Gate, Role, RoleSource, RESET_KEY};

const HINT_FIELDS: &[&str] = &["Title", "ReadOnlyHint", "DestructiveHint", "IdempotentHint", "OpenWorldHint"];

/// The statements of a block (`{ ... }`), with or without a statement list.
fn statements(block: Node) -> Vec<Node> {
    named_children(block)
        .flat_map(|c| if c.kind() == "statement_list" { named_children(c).collect() } else { vec![c] })
        .collect()
}

impl Cx<'_, '_> {
    /// A package function `…Tool…(name string, …, opts ...Option) Wrapper`
    /// in a file that imports an SDK: each call defines a tool named by its
    /// `name` argument, with the hints its options set. A function that
    /// returns an SDK tool is not one (its tool is counted where registered).
    pub(super) fn tool_factory(&self, f: Node) -> Option<Forwarder> {
        let name_node = f.child_by_field_name("name")?;
        if !self.text(name_node).to_ascii_lowercase().contains("tool") {
            return None;
        }
        let sdk_alias =
            self.lower.imports.keys().find(|k| self.lower.sdk_package(k).is_some_and(|(_, p)| p == "mcp"))?;
        let result = f.child_by_field_name("result")?;
        let first_result =
            if result.kind() == "parameter_list" { first(result)?.child_by_field_name("type")? } else { result };
        let returned = if first_result.kind() == "pointer_type" { first(first_result)? } else { first_result };
        if returned.kind() == "qualified_type"
            && returned.child_by_field_name("name").is_some_and(|n| self.text(n) == "Tool")
            && returned.child_by_field_name("package").is_some_and(|p| self.lower.sdk_package(self.text(p)).is_some())
        {
            return None;
        }
        let list = f.child_by_field_name("parameters")?;
        let last = named_children(list).last()?;
        if last.kind() != "variadic_parameter_declaration" || !self.is_tool_option(last.child_by_field_name("type")?) {
            return None;
        }
        let ps = params(f);
        let names: Vec<String> = ps.iter().map(|(_, n)| self.text(*n).to_string()).collect();
        let is_string = |ty: Option<Node>| ty.is_some_and(|t| self.text(t) == "string");
        let tool_name = ps
            .iter()
            .find(|(ty, n)| is_string(*ty) && self.text(*n) == "name")
            .or_else(|| ps.iter().find(|(ty, _)| is_string(*ty)))
            .map(|(_, n)| self.text(*n).to_string())?;
        let mut roles = vec![(Role::Name, RoleSource::Param(tool_name))];
        if names.iter().any(|n| n == "description") {
            roles.push((Role::Description, RoleSource::Param("description".into())));
        }
        // The options start after every parameter declared before them.
        let before = ps.iter().filter(|(_, n)| n.start_byte() < last.start_byte()).count();
        roles.push((Role::Annotations, RoleSource::Rest(before)));
        let span = self.span(name_node);
        let callee = Expr::Ref { path: vec![sdk_alias.clone(), "Tool".into()], span };
        Some(Forwarder {
            methods: vec![],
            params: names,
            roles,
            passes_kwargs: false,
            api: API_HELPER,
            inner: Gate::Callee { callee, kind: CalleeKind::SdkTypesTool },
            span,
        })
    }

    /// mcp-go's `mcp.ToolOption`, or a type of this file declared as
    /// `func(*mcp.Tool)`.
    fn is_tool_option(&self, ty: Node) -> bool {
        match ty.kind() {
            "qualified_type" => {
                ty.child_by_field_name("name").is_some_and(|n| self.text(n) == "ToolOption")
                    && ty
                        .child_by_field_name("package")
                        .and_then(|p| self.lower.sdk_package(self.text(p)))
                        .is_some_and(|(_, p)| p == "mcp")
            }
            "type_identifier" => {
                let name = self.text(ty);
                let mut stack = vec![self.root];
                while let Some(n) = stack.pop() {
                    match n.kind() {
                        "source_file" | "type_declaration" => stack.extend(named_children(n)),
                        "type_spec" | "type_alias"
                            if n.child_by_field_name("name").is_some_and(|x| self.text(x) == name) =>
                        {
                            return n.child_by_field_name("type").is_some_and(|t| self.takes_sdk_tool(t));
                        }
                        _ => {}
                    }
                }
                false
            }
            _ => false,
        }
    }

    /// `func(*mcp.Tool)`: a function type whose only parameter is an SDK tool.
    fn takes_sdk_tool(&self, t: Node) -> bool {
        if t.kind() != "function_type" {
            return false;
        }
        let Some(list) = t.child_by_field_name("parameters") else { return false };
        let ps: Vec<Node> = named_children(list).collect();
        let [p] = ps.as_slice() else { return false };
        let Some(ty) = p.child_by_field_name("type") else { return false };
        let ty = if ty.kind() == "pointer_type" { first(ty).unwrap_or(ty) } else { ty };
        ty.kind() == "qualified_type"
            && ty.child_by_field_name("name").is_some_and(|n| self.text(n) == "Tool")
            && ty.child_by_field_name("package").is_some_and(|p| self.lower.sdk_package(self.text(p)).is_some())
    }

    /// `func(t *mcp.Tool) { t.Annotations.ReadOnlyHint = v }`: what the
    /// option does to the annotations, when every statement is understood.
    pub(super) fn option_closure(&self, lit: Node) -> Option<Expr> {
        let tool_param = params(lit).into_iter().next().map(|(_, n)| self.text(n).to_string())?;
        let body = lit.child_by_field_name("body")?;
        let mut entries = Vec::new();
        for stmt in statements(body) {
            match stmt.kind() {
                "assignment_statement" => {
                    let (Some(left), Some(right)) =
                        (stmt.child_by_field_name("left"), stmt.child_by_field_name("right"))
                    else {
                        return None;
                    };
                    let (lefts, rights): (Vec<Node>, Vec<Node>) =
                        (named_children(left).collect(), named_children(right).collect());
                    let ([target], [value]) = (lefts.as_slice(), rights.as_slice()) else { return None };
                    if target.kind() != "selector_expression" {
                        return None;
                    }
                    let field = self.text(target.child_by_field_name("field")?);
                    let operand = target.child_by_field_name("operand")?;
                    let on_tool = operand.kind() == "identifier" && self.text(operand) == tool_param;
                    if field == "Annotations" && on_tool {
                        let span = self.span(stmt);
                        entries.push(Entry::Pair {
                            key: RESET_KEY.into(),
                            key_span: span,
                            value: Expr::Bool(true, span),
                        });
                        entries.push(Entry::Spread(self.lower.expr(*value)));
                    } else if HINT_FIELDS.contains(&field) && !on_tool {
                        entries.push(Entry::Pair {
                            key: field_key(field).to_string(),
                            key_span: self.span(*target),
                            value: self.lower.expr(*value),
                        });
                    } else if HINT_FIELDS.contains(&field) || field == "Annotations" {
                        return None;
                    }
                    // Other fields (description, schema) leave the hints alone.
                }
                // `if t.Annotations == nil { t.Annotations = &mcp.ToolAnnotations{} }`
                "if_statement" if self.only_allocates_annotations(stmt) => {}
                _ => return None,
            }
        }
        Some(Expr::Object { entries, span: self.span(lit) })
    }

    fn only_allocates_annotations(&self, stmt: Node) -> bool {
        if stmt.child_by_field_name("alternative").is_some() {
            return false;
        }
        let Some(block) = stmt.child_by_field_name("consequence") else { return false };
        statements(block).iter().all(|s| {
            s.kind() == "assignment_statement"
                && s.child_by_field_name("left").and_then(first).is_some_and(|l| {
                    l.kind() == "selector_expression"
                        && l.child_by_field_name("field").is_some_and(|f| self.text(f) == "Annotations")
                })
                && s.child_by_field_name("right").and_then(first).is_some_and(|r| {
                    let r = if r.kind() == "unary_expression" { r.child_by_field_name("operand") } else { Some(r) };
                    r.and_then(|r| r.child_by_field_name("body")).is_some_and(|b| named_children(b).next().is_none())
                })
        })
    }
}
