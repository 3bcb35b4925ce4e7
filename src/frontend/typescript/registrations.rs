//! Registration calls → [`ToolSite`]s: `registerTool(name, config, cb)`,
//! `registerToolTask`, the v1 `tool(...)` overloads, Cloudflare `paidTool`,
//! punkpeye fastmcp `addTool({...})` / `addTools([...])`.
//!
//! Shapes the SDKs reject are not candidates (a single-object
//! `registerTool({name, execute})` is a plugin API, not MCP). A call inside a
//! named function that passes that function's own parameters as the name or
//! config is a wrapper forwarding to the SDK: the wrapper is not a tool.

use tree_sitter::{Node, StreamingIterator};

use super::lower::named_children;
use super::{Cx, API_FASTMCP, API_MCP_USE, API_PAID_TOOL, API_REGISTER_TOOL, API_TOOL, API_TOOL_TASK};
use crate::model::{Arg, Binding, Entry, Expr, FileFacts, Forwarder, Gate, PositionalRoles, Syntax, ToolSite};
use crate::source::Span;

/// How deep `params_of` follows names to find a schema.
const MAX_SCHEMA_DEPTH: usize = 6;

impl<'a, 't> Cx<'a, 't> {
    pub(super) fn registrations(&self, facts: &mut FileFacts) {
        let q = &self.queries.calls;
        let (c_call, c_receiver, c_method, c_args) =
            (q.capture("call"), q.capture("call.receiver"), q.capture("call.method"), q.capture("call.args"));
        let (c_hcall, c_hreceiver, c_hmethod, c_hargs) = (
            q.capture("helper.call"),
            q.capture("helper.receiver"),
            q.capture("helper.method"),
            q.capture("helper.args"),
        );
        let (c_wcall, c_wcallee, c_wargs) =
            (q.capture("wrapper.call"), q.capture("wrapper.callee"), q.capture("wrapper.args"));
        let mut forwarders: Vec<(String, Forwarder)> = Vec::new();
        let mut helper_calls = Vec::new();
        let mut cursor = crate::frontend::queries::cursor();
        let mut matches = cursor.matches(&q.query, self.root, self.lower.text.as_bytes());
        while let Some(m) = matches.next() {
            let get = |i: u32| m.captures.iter().find(|c| c.index == i).map(|c| c.node);
            if let (Some(call), Some(receiver), Some(method), Some(args)) =
                (get(c_call), get(c_receiver), get(c_method), get(c_args))
            {
                let before = facts.tools.len();
                self.call(call, receiver, self.text(method), args, facts, &mut forwarders);
                // The handler is a function argument of the registration.
                let confirms: Vec<Span> = named_children(args)
                    .filter(|a| matches!(a.kind(), "arrow_function" | "function_expression" | "function"))
                    .flat_map(|a| crate::frontend::elicit::calls(a, self.lower.text, self.lower.file))
                    .collect();
                for tool in &mut facts.tools[before..] {
                    tool.confirms.clone_from(&confirms);
                }
            } else if let (Some(call), Some(callee), Some(args)) = (get(c_wcall), get(c_wcallee), get(c_wargs)) {
                helper_calls.push((call, callee, args));
            } else if let (Some(call), Some(receiver), Some(method), Some(args)) =
                (get(c_hcall), get(c_hreceiver), get(c_hmethod), get(c_hargs))
            {
                self.method_helper_call(call, receiver, self.text(method), args, facts);
            }
        }
        // Calls of helpers named like registrations, of this file's
        // forwarders, or of imported functions given a tool config.
        for (call, callee, args) in helper_calls {
            let name = self.text(callee);
            let named_like = name.contains("ool") || name.contains("egister");
            let local_forwarder = forwarders.iter().any(|(n, _)| n == name);
            let imported_with_config = facts.import(name).is_some()
                && named_children(args).any(|a| {
                    a.kind() == "object"
                        && named_children(a).any(|p| {
                            p.child_by_field_name("key").and_then(|k| self.lower.key(k)).is_some_and(|k| {
                                matches!(k.as_str(), "annotations" | "inputSchema" | "title" | "description")
                            })
                        })
                });
            if named_like || local_forwarder || imported_with_config {
                self.wrapper_call(call, callee, args, facts);
            }
        }
        // One binding per wrapper function or class, listing its methods.
        let mut merged: Vec<(String, Forwarder)> = Vec::new();
        for (name, f) in forwarders {
            match merged.iter_mut().find(|(n, _)| *n == name) {
                Some((_, existing)) => existing.methods.extend(f.methods),
                None => merged.push((name, f)),
            }
        }
        for (name, f) in merged {
            let span = f.span;
            facts.bindings.push(Binding { name, value: Expr::Forwarder(Box::new(f)), span });
        }
    }

    fn call(
        &self,
        call: Node<'t>,
        receiver: Node<'t>,
        method: &str,
        arguments: Node<'t>,
        facts: &mut FileFacts,
        forwarders: &mut Vec<(String, Forwarder)>,
    ) {
        let function = call.child_by_field_name("function").unwrap_or(call);
        let start = if receiver.has_error() {
            function.child_by_field_name("property").map_or(call.start_byte(), |p| p.start_byte())
        } else {
            call.start_byte()
        };
        let site = Span::new(self.lower.file, start, function.end_byte());
        let arg_nodes: Vec<Node> = named_children(arguments).filter(|c| c.kind() != "comment").collect();
        if arg_nodes.iter().any(|a| a.kind() == "spread_element") && method != "setRequestHandler" {
            return; // `server.registerTool(...args)`: a forwarder
        }
        // A receiver swallowed by error recovery cannot be followed: the
        // file's imports decide.
        let mut receiver_expr =
            if receiver.has_error() { Expr::Unresolved(self.span(receiver)) } else { self.lower.expr(receiver) };
        if method == "registerToolTask" {
            // `server.experimental.tasks.registerToolTask`: the server is the receiver.
            match receiver_expr {
                Expr::Ref { mut path, span } if path.ends_with(&["experimental".into(), "tasks".into()]) => {
                    path.truncate(path.len() - 2);
                    if path.is_empty() {
                        return;
                    }
                    receiver_expr = Expr::Ref { path, span };
                }
                _ => return,
            }
        }
        let gate = Gate::Receiver { receiver: self.scoped(receiver_expr, call), method: method.to_string() };
        let args: Vec<Arg> = self.lower.args(arguments).into_iter().map(|a| self.scoped_arg(a, call)).collect();
        match method {
            "registerTool" | "registerToolTask" => {
                if arg_nodes.len() < 3 || !is_name_like(arg_nodes[0]) || !is_config_like(arg_nodes[1]) {
                    return;
                }
                if self.forwards(call, &arg_nodes[..2]) {
                    self.record_forwarder(call, &arg_nodes, &args, gate, API_REGISTER_TOOL, forwarders);
                    return;
                }
                let api = if method == "registerTool" { API_REGISTER_TOOL } else { API_TOOL_TASK };
                let mut tool = self.site(api, site, gate, args.clone());
                tool.name = Some(self.folded_name(arg_nodes[0], &args[0].value));
                let config = self.in_file_object(arg_nodes[1], &args[1].value, &mut tool);
                self.config(&config, &mut tool, "inputSchema");
                self.runtime_update(call, &mut tool);
                self.push_site(call, tool, facts);
            }
            // mcp-use: `server.tool({ name, schema, annotations, cb }, cb?)`.
            "tool"
                if arg_nodes.len() <= 2
                    && arg_nodes.first().is_some_and(|a| self.object_node(*a).is_some())
                    && facts.imports.iter().any(|i| matches!(i.module.as_str(), "mcp-use" | "mcp-use/server")) =>
            {
                if self.forwards(call, &arg_nodes[..1]) {
                    return;
                }
                self.tool_object(arg_nodes[0], &args[0].value, site, gate, (API_MCP_USE, "schema"), facts);
                // The legacy `inputs: [{ name, type }]` list is not read.
                let legacy = self.object_node(arg_nodes[0]).is_some_and(|o| {
                    matches!(self.lower.expr(o), Expr::Object { entries, .. } if pair(&entries, "inputs").is_some())
                });
                if let Some(tool) = facts.tools.last_mut().filter(|_| legacy) {
                    if tool.params.as_ref().is_some_and(|p| p.is_empty()) {
                        tool.params = None;
                    }
                }
            }
            "tool" => {
                if arg_nodes.len() < 2 || !is_name_like(arg_nodes[0]) {
                    return;
                }
                // A wrapper passes its own name, or its own schema/annotations
                // parameters (a description read from a parameter is not one).
                let middle_params = arg_nodes[1..arg_nodes.len() - 1]
                    .iter()
                    .filter(|a| unwrap_types(**a).kind() == "identifier")
                    .copied()
                    .collect::<Vec<_>>();
                if self.forwards(call, &arg_nodes[..1]) || self.forwards(call, &middle_params) {
                    self.record_forwarder(call, &arg_nodes, &args, gate, API_TOOL, forwarders);
                    return;
                }
                let mut tool = self.site(API_TOOL, site, gate, args.clone());
                tool.name = Some(self.folded_name(arg_nodes[0], &args[0].value));
                tool.positional_roles = PositionalRoles::TsSdkTool;
                // The parameter schema: the first raw shape among the middle
                // arguments; none when every one of them is a visible literal.
                let middle = &args[1..args.len() - 1];
                tool.params = middle.iter().find_map(|a| {
                    if is_zod_shape(&a.value) {
                        return self.params_of(&a.value, 0);
                    }
                    let value = match &a.value {
                        Expr::Ref { path, .. } if path.len() == 1 => self.top_binding(&path[0])?,
                        v => v.clone(),
                    };
                    match &value {
                        Expr::Object { entries, .. } if is_raw_shape(entries) => Some(keys(entries)),
                        _ => None,
                    }
                });
                if tool.params.is_none()
                    && middle.iter().all(|a| matches!(a.value, Expr::Object { .. } | Expr::Str(..) | Expr::Other(_)))
                {
                    tool.params = Some(vec![]);
                }
                self.runtime_update(call, &mut tool);
                self.push_site(call, tool, facts);
            }
            // Cloudflare x402: `paidTool(name, description, priceUSD, paramsSchema, annotations, cb)`;
            // Stripe's PaidMcpAgent: `paidTool(name, paramsSchema, cb, payment)`, no annotations.
            "paidTool" => {
                if arg_nodes.len() < 4 || !is_name_like(arg_nodes[0]) || self.forwards(call, &arg_nodes[..1]) {
                    return;
                }
                let mut tool = self.site(API_PAID_TOOL, site, gate, args.clone());
                tool.name = Some(self.folded_name(arg_nodes[0], &args[0].value));
                if args.len() >= 6 {
                    tool.annotations = Some(args[4].value.clone());
                    tool.params = self.params_of(&args[3].value, 0);
                } else if args.len() == 4 {
                    tool.params = self.params_of(&args[1].value, 0);
                } else {
                    return;
                }
                self.push_site(call, tool, facts);
            }
            "addTool" => {
                let Some(first) = arg_nodes.first().filter(|_| arg_nodes.len() == 1) else { return };
                if self.forwards(call, &arg_nodes[..1]) {
                    return;
                }
                self.tool_object(*first, &args[0].value, site, gate, (API_FASTMCP, "parameters"), facts);
            }
            "addTools" => {
                let Some(list) = arg_nodes.first().filter(|l| l.kind() == "array") else { return };
                for element in named_children(*list).filter(|e| e.kind() != "comment") {
                    if element.kind() == "spread_element" {
                        continue;
                    }
                    let value = self.scoped(self.lower.expr(element), call);
                    let element_site = Span::new(self.lower.file, element.start_byte(), element.start_byte() + 1);
                    self.tool_object(element, &value, element_site, gate.clone(), (API_FASTMCP, "parameters"), facts);
                }
            }
            "setRequestHandler" => self.list_tools_handler(call, &arg_nodes, gate, facts),
            _ => {}
        }
    }

    /// `server._registeredTools` read, and some tool's `update({ annotations })`
    /// called or `.annotations` assigned: the file annotates registered tools
    /// at run time (where, for the report).
    pub(super) fn runtime_annotations(&self) -> Option<Span> {
        if !self.lower.text.contains("_registeredTools") {
            return None;
        }
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            let sets = match n.kind() {
                "call_expression" => {
                    let is_update = n
                        .child_by_field_name("function")
                        .and_then(|f| f.child_by_field_name("property"))
                        .is_some_and(|p| self.text(p) == "update");
                    is_update
                        && n.child_by_field_name("arguments")
                            .and_then(|a| named_children(a).find(|c| c.kind() == "object"))
                            .is_some_and(|o| {
                                named_children(o).any(|p| match p.kind() {
                                    "pair" => p
                                        .child_by_field_name("key")
                                        .and_then(|k| self.lower.key(k))
                                        .is_some_and(|k| k == "annotations"),
                                    "shorthand_property_identifier" => self.text(p) == "annotations",
                                    _ => false,
                                })
                            })
                }
                "assignment_expression" => n
                    .child_by_field_name("left")
                    .filter(|l| l.kind() == "member_expression")
                    .and_then(|l| l.child_by_field_name("property"))
                    .is_some_and(|p| self.text(p) == "annotations"),
                _ => false,
            };
            if sets {
                return Some(self.span(n));
            }
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
        None
    }

    /// `const t = server.registerTool(...); t.update({ annotations })`: the
    /// update replaces the annotations clients see. Two updates of the
    /// same tool leave them unknown.
    fn runtime_update(&self, call: Node<'t>, tool: &mut ToolSite) {
        let Some(declarator) = call.parent().filter(|p| p.kind() == "variable_declarator") else { return };
        let Some(name) = declarator.child_by_field_name("name").filter(|n| n.kind() == "identifier") else { return };
        let name = self.text(name);
        let Some(scope) = declarator.parent().and_then(|d| d.parent()) else { return };
        let mut updates = Vec::new();
        let mut stack = vec![scope];
        while let Some(n) = stack.pop() {
            if n.kind() == "call_expression" {
                let function = n.child_by_field_name("function").filter(|f| f.kind() == "member_expression");
                let is_update = function.is_some_and(|f| {
                    f.child_by_field_name("object").is_some_and(|o| o.kind() == "identifier" && self.text(o) == name)
                        && f.child_by_field_name("property").is_some_and(|p| self.text(p) == "update")
                });
                let object = n
                    .child_by_field_name("arguments")
                    .and_then(|a| named_children(a).find(|c| c.kind() != "comment"))
                    .map(|a| self.unwrap(a))
                    .filter(|a| a.kind() == "object");
                if let (true, Some(object)) = (is_update, object) {
                    if let Expr::Object { entries, .. } = self.scoped(self.lower.expr(object), n) {
                        if let Some(value) = pair(&entries, "annotations") {
                            updates.push(value.clone());
                        }
                    }
                }
            }
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
        match updates.len() {
            0 => {}
            1 => tool.annotations = updates.pop(),
            _ => tool.annotations = Some(Expr::Unresolved(updates[1].span())),
        }
    }

    /// A name built from this file's string constants (`` `${PREFIX}_search` ``,
    /// `PREFIX + "_search"`) is that string; anything else stays as lowered.
    fn folded_name(&self, node: Node<'t>, lowered: &Expr) -> Expr {
        let node = unwrap_types(node);
        match (lowered, self.fold(node, 0)) {
            (Expr::Other(span) | Expr::Unresolved(span), Some(s)) => Expr::Str(s, *span),
            // Parts from other files or loop variables: `resolve` joins them.
            (Expr::Other(_) | Expr::Unresolved(_), None) => match self.concat_parts(node, 0) {
                Some(parts) => self.scoped(Expr::Concat { parts, span: self.span(node) }, node),
                None => lowered.clone(),
            },
            _ => lowered.clone(),
        }
    }

    /// The parts of a template literal or a `+` chain with a string in it.
    fn concat_parts(&self, n: Node<'t>, depth: usize) -> Option<Vec<Expr>> {
        if depth > MAX_SCHEMA_DEPTH {
            return None;
        }
        match n.kind() {
            "template_string" => {
                let mut parts = Vec::new();
                let mut cursor = n.walk();
                let mut last = n.start_byte() + 1;
                let text = |a: usize, b: usize| self.lower.text.get(a..b).map(str::to_string);
                for c in n.named_children(&mut cursor) {
                    let gap = text(last, c.start_byte())?;
                    if !gap.is_empty() {
                        parts.push(Expr::Str(gap, self.span(c)));
                    }
                    match c.kind() {
                        "template_substitution" => parts.push(self.lower.expr(named_children(c).next()?)),
                        "escape_sequence" => parts.push(Expr::Str(self.lower.string_of(c), self.span(c))),
                        _ => parts.push(Expr::Str(self.text(c).to_string(), self.span(c))),
                    }
                    last = c.end_byte();
                }
                let tail = text(last, n.end_byte().saturating_sub(1))?;
                if !tail.is_empty() {
                    parts.push(Expr::Str(tail, self.span(n)));
                }
                Some(parts)
            }
            "binary_expression" if n.child_by_field_name("operator").is_some_and(|o| self.text(o) == "+") => {
                let side = |s: Node<'t>| match s.kind() {
                    "template_string" | "binary_expression" => self.concat_parts(s, depth + 1),
                    _ => Some(vec![self.lower.expr(s)]),
                };
                let mut parts = side(n.child_by_field_name("left")?)?;
                parts.extend(side(n.child_by_field_name("right")?)?);
                // Without a string among the parts `+` may be arithmetic.
                parts.iter().any(|p| matches!(p, Expr::Str(..))).then_some(parts)
            }
            _ => None,
        }
    }

    fn fold(&self, n: Node<'t>, depth: usize) -> Option<String> {
        if depth > MAX_SCHEMA_DEPTH {
            return None;
        }
        match n.kind() {
            "string" => self.lower.string(n),
            "identifier" => match self.declared_value(self.text(n), n) {
                Some(v) if v.kind() == "string" || v.kind() == "template_string" => self.fold(v, depth + 1),
                _ => None,
            },
            "template_string" => {
                let mut out = String::new();
                let mut cursor = n.walk();
                let mut last = n.start_byte() + 1;
                for c in n.named_children(&mut cursor) {
                    out.push_str(self.lower.text.get(last..c.start_byte())?);
                    match c.kind() {
                        "template_substitution" => {
                            let inner = named_children(c).next()?;
                            out.push_str(&self.fold(inner, depth + 1)?);
                        }
                        "escape_sequence" => out.push_str(&self.lower.string_of(c)),
                        // Fragments (where the grammar makes them nodes) are text.
                        _ => out.push_str(self.text(c)),
                    }
                    last = c.end_byte();
                }
                out.push_str(self.lower.text.get(last..n.end_byte().saturating_sub(1))?);
                Some(out)
            }
            "binary_expression" if n.child_by_field_name("operator").is_some_and(|o| self.text(o) == "+") => {
                let l = self.fold(n.child_by_field_name("left")?, depth + 1)?;
                let r = self.fold(n.child_by_field_name("right")?, depth + 1)?;
                Some(l + &r)
            }
            "parenthesized_expression" => self.fold(named_children(n).next()?, depth + 1),
            _ => None,
        }
    }

    pub(super) fn scoped_arg(&self, mut a: Arg, at: Node<'t>) -> Arg {
        a.value = self.scoped(a.value, at);
        a
    }

    pub(super) fn site(&self, api: &'static str, site: Span, gate: Gate, args: Vec<Arg>) -> ToolSite {
        ToolSite { args, ..ToolSite::new(api, site, gate, Syntax::JsObject) }
    }

    /// A punkpeye fastmcp tool object `{ name, parameters, annotations, execute }`
    /// (or an mcp-use one, `{ name, title, schema, annotations, cb }`).
    fn tool_object(
        &self,
        node: Node<'t>,
        value: &Expr,
        site: Span,
        gate: Gate,
        (api, schema_key): (&'static str, &str),
        facts: &mut FileFacts,
    ) {
        if !matches!(value, Expr::Object { .. } | Expr::Ref { .. } | Expr::Field { .. }) {
            return;
        }
        if let Expr::Object { entries, .. } = value {
            let named = entries.iter().any(|e| matches!(e, Entry::Pair { key, .. } if key == "name"));
            if !named && !entries.iter().any(|e| matches!(e, Entry::Spread(_))) {
                return;
            }
        }
        let mut tool = self.site(api, site, gate, vec![]);
        let value = self.in_file_object(node, value, &mut tool);
        tool.name = Some(member(&value, "name", site));
        self.config(&value, &mut tool, schema_key);
        self.push_site(node, tool, facts);
    }

    /// A name for an object literal of this file is read as that literal
    /// (its definition becomes the tool's secondary location).
    fn in_file_object(&self, node: Node<'t>, value: &Expr, tool: &mut ToolSite) -> Expr {
        match self.object_node(node).filter(|o| *o != self.unwrap(node)) {
            Some(obj) if matches!(value, Expr::Ref { path, .. } if path.len() == 1) => {
                tool.definition = Some(Span::new(self.lower.file, obj.start_byte(), obj.start_byte() + 1));
                self.scoped(self.lower.expr(obj), obj)
            }
            _ => value.clone(),
        }
    }

    /// Title, annotations and parameters from a config or tool object: read
    /// straight from a literal, through `Field` reads otherwise (followed by
    /// `resolve`, where a key missing from a known object is absent).
    pub(super) fn config(&self, config: &Expr, tool: &mut ToolSite, schema_key: &str) {
        let span = config.span();
        let absent = |e: Expr| if matches!(e, Expr::Null(s) if s == span) { None } else { Some(e) };
        tool.title = absent(member(config, "title", span));
        tool.annotations = absent(member(config, "annotations", span));
        tool.params = match member_literal(config, schema_key) {
            Some(schema) => self.params_of(&schema, 0),
            // A literal config without a schema: the tool takes no input.
            None if matches!(config, Expr::Object { entries, .. } if !entries.iter().any(|e| matches!(e, Entry::Spread(_)))) => {
                Some(vec![])
            }
            None => None,
        };
        if tool.params.is_none() {
            // Through a named config object defined in this file.
            if let Expr::Ref { path, .. } = config {
                if path.len() == 1 {
                    if let Some(b) = self.top_binding(&path[0]) {
                        if let Some(schema) = member_literal(&b, schema_key) {
                            tool.params = self.params_of(&schema, 0);
                        }
                    }
                }
            }
        }
    }

    /// Parameter names from a Zod raw shape, `z.object({...})` (chained
    /// `.strict()` etc. included) or a JSON schema's `properties`.
    pub(super) fn params_of(&self, schema: &Expr, depth: usize) -> Option<Vec<String>> {
        if depth > MAX_SCHEMA_DEPTH {
            return None;
        }
        match schema {
            // A JSON schema without properties takes no named input.
            Expr::Object { entries, .. }
                if matches!(pair(entries, "type"), Some(Expr::Str(..))) && pair(entries, "properties").is_none() =>
            {
                Some(vec![])
            }
            Expr::Object { entries, .. } => match pair(entries, "properties") {
                Some(Expr::Object { entries: props, .. })
                    if entries.iter().any(|e| matches!(e, Entry::Pair { key, .. } if key == "type")) =>
                {
                    Some(keys(props))
                }
                Some(p @ Expr::Ref { .. }) if pair(entries, "type").is_some() => self.params_of(p, depth + 1),
                _ if entries.iter().any(|e| matches!(e, Entry::Spread(_))) => None,
                _ => Some(keys(entries)),
            },
            Expr::Call { callee, args, .. } => match &**callee {
                Expr::Ref { path, .. } if path.last().is_some_and(|l| l == "object" || l == "strictObject") => {
                    args.first().and_then(|a| self.params_of(&a.value, depth + 1))
                }
                // `zodToJsonSchema(Schema)`, zod 4's `z.toJSONSchema(Schema)`.
                Expr::Ref { path, .. }
                    if path.last().is_some_and(|l| l == "zodToJsonSchema" || l == "toJSONSchema") =>
                {
                    args.first().and_then(|a| self.params_of(&a.value, depth + 1))
                }
                // `z.object({...}).strict()`
                Expr::Field { base, .. } => self.params_of(base, depth + 1),
                _ => None,
            },
            Expr::Ref { path, .. } if path.len() == 1 => {
                self.top_binding(&path[0]).and_then(|b| self.params_of(&b, depth + 1))
            }
            // `Schema.shape`: the keys of the Zod object `Schema`.
            Expr::Ref { path, .. } if path.len() == 2 && path[1] == "shape" => {
                self.top_binding(&path[0]).and_then(|b| self.params_of(&b, depth + 1))
            }
            Expr::Field { base, key, .. } if key == "shape" => self.params_of(base, depth + 1),
            _ => None,
        }
    }

    /// The value of a top-level declaration of this file, by name.
    pub(super) fn top_binding(&self, name: &str) -> Option<Expr> {
        let d = self.top_declaration(name)?;
        d.child_by_field_name("name").filter(|n| n.kind() == "identifier")?;
        d.child_by_field_name("value").map(|v| self.lower.expr(v))
    }

    /// The object literal an argument names in this file (itself, or the
    /// value of the local or top-level constant it refers to).
    pub(super) fn object_node(&self, n: Node<'t>) -> Option<Node<'t>> {
        let n = self.unwrap(n);
        match n.kind() {
            "object" => Some(n),
            "identifier" => {
                self.declared_value(self.text(n), n).map(|v| self.unwrap(v)).filter(|v| v.kind() == "object")
            }
            _ => None,
        }
    }

    /// The value inside type-level wrappers and `Object.freeze(...)`.
    pub(super) fn unwrap(&self, n: Node<'t>) -> Node<'t> {
        let mut n = unwrap_types(n);
        for _ in 0..8 {
            let freeze = n.kind() == "call_expression"
                && n.child_by_field_name("function")
                    .and_then(|f| self.lower.dotted(f))
                    .is_some_and(|p| p == ["Object", "freeze"]);
            if !freeze {
                break;
            }
            match n.child_by_field_name("arguments").and_then(|a| named_children(a).find(|c| c.kind() != "comment")) {
                Some(inner) => n = unwrap_types(inner),
                None => break,
            }
        }
        n
    }
}

/// The value inside type-level wrappers (`as const`, `satisfies`, `!`, parentheses).
pub(super) fn unwrap_types(mut n: Node) -> Node {
    while matches!(
        n.kind(),
        "as_expression" | "satisfies_expression" | "parenthesized_expression" | "non_null_expression"
    ) {
        match named_children(n).next() {
            Some(inner) => n = inner,
            None => break,
        }
    }
    n
}

/// `X.shape` / `z.object({...}).shape`: the raw shape of a Zod object (the
/// resolver's overload check has the same test).
fn is_zod_shape(e: &Expr) -> bool {
    match e {
        Expr::Ref { path, .. } => path.len() >= 2 && path.last().is_some_and(|l| l == "shape"),
        Expr::Field { key, .. } => key == "shape",
        _ => false,
    }
}

fn is_name_like(n: Node) -> bool {
    matches!(
        unwrap_types(n).kind(),
        "string"
            | "template_string"
            | "binary_expression"
            | "identifier"
            | "member_expression"
            | "subscript_expression"
            | "call_expression"
    )
}

fn is_config_like(n: Node) -> bool {
    matches!(
        unwrap_types(n).kind(),
        "object" | "identifier" | "member_expression" | "subscript_expression" | "call_expression"
    )
}

pub(super) fn pair<'e>(entries: &'e [Entry], key: &str) -> Option<&'e Expr> {
    entries.iter().rev().find_map(|e| match e {
        Entry::Pair { key: k, value, .. } if k == key => Some(value),
        _ => None,
    })
}

pub(super) fn keys(entries: &[Entry]) -> Vec<String> {
    entries
        .iter()
        .filter_map(|e| match e {
            Entry::Pair { key, .. } => Some(key.clone()),
            _ => None,
        })
        .collect()
}

/// `config.key`: the literal's entry when it is set after every spread, a
/// `Field` read otherwise (named after the last spread it may come from).
pub(super) fn member(config: &Expr, key: &str, span: Span) -> Expr {
    match config {
        Expr::Object { entries, .. } => {
            let last_spread = entries.iter().rposition(|e| matches!(e, Entry::Spread(_)));
            let own = entries.iter().rposition(|e| matches!(e, Entry::Pair { key: k, .. } if k == key));
            match (own, last_spread) {
                (Some(i), s) if s.is_none_or(|s| i > s) => match &entries[i] {
                    Entry::Pair { value, .. } => value.clone(),
                    Entry::Spread(_) => Expr::Null(span),
                },
                (_, None) => Expr::Null(span),
                (_, Some(s)) => {
                    let span = match &entries[s] {
                        Entry::Spread(e) => e.span(),
                        Entry::Pair { .. } => span,
                    };
                    Expr::Field { base: Box::new(config.clone()), key: key.to_string(), span }
                }
            }
        }
        _ => Expr::Field { base: Box::new(config.clone()), key: key.to_string(), span },
    }
}

fn member_literal(config: &Expr, key: &str) -> Option<Expr> {
    match config {
        Expr::Object { entries, .. } => pair(entries, key).cloned(),
        _ => None,
    }
}

/// The SDK's `isZodRawShape` on a literal: no keys, or some value that is
/// not a primitive (a `z.*` schema, a schema variable).
pub(super) fn is_raw_shape(entries: &[Entry]) -> bool {
    entries.is_empty()
        || entries.iter().any(|e| {
            matches!(e, Entry::Pair { value: Expr::Call { .. } | Expr::Ref { .. } | Expr::Field { .. }, key, .. }
                if !is_hint_like(key))
        })
}

fn is_hint_like(key: &str) -> bool {
    key == "title" || key.to_ascii_lowercase().contains("hint")
}
