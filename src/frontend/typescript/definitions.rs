//! Tool-definition objects → [`ToolSite`]s: low-level servers that answer
//! `ListToolsRequestSchema` (or `'tools/list'`) with `{ tools: [...] }`,
//! objects typed as the SDK's `Tool` (`: Tool`, `Tool[]`,
//! `Record<string, Tool>`, `satisfies Tool`, `as Tool`), and xmcp tool files
//! (`export const metadata = {...}`, named after the file).
//!
//! Each object is counted once, at its `{`, however many lists name it.

use tree_sitter::Node;

use super::lower::{enclosing_functions, is_function, named_children};
use super::registrations::{member, pair};
use super::{Cx, API_LOWLEVEL, API_MCP_FRAMEWORK, API_SUPABASE, API_XMCP};
use crate::model::{CalleeKind, Each, Element, Entry, Expr, FileFacts, Gate};
use crate::source::Span;

/// How deep lists of lists and names of names are followed.
const MAX_LIST_DEPTH: usize = 6;

/// What a type annotation says a value holds.
enum Typed {
    One,
    List,
    Map,
}

impl<'a, 't> Cx<'a, 't> {
    pub(super) fn definitions(&self, facts: &mut FileFacts) {
        self.typed_definitions(facts);
        self.xmcp(facts);
        self.mcp_framework(facts);
        self.supabase(facts);
    }

    /// `@supabase/mcp-utils`: `{ list_tables: tool({ description, annotations,
    /// parameters, execute }) }`, named by the key it is the value of.
    fn supabase(&self, facts: &mut FileFacts) {
        let Some((local, span)) = facts.imports.iter().find_map(|i| {
            (i.module == "@supabase/mcp-utils" && i.member.as_deref() == Some("tool") && !i.local.is_empty())
                .then(|| (i.local.clone(), i.span))
        }) else {
            return;
        };
        if self.is_test_file() {
            return;
        }
        let gate =
            Gate::Callee { callee: Expr::Ref { path: vec![local.clone()], span }, kind: CalleeKind::SdkToolClass };
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            stack.extend(named_children(n).collect::<Vec<_>>().into_iter().rev());
            if n.kind() != "call_expression"
                || n.child_by_field_name("function").is_none_or(|f| f.kind() != "identifier" || self.text(f) != local)
            {
                continue;
            }
            let Some(config) = n.child_by_field_name("arguments").and_then(|a| named_children(a).next()) else {
                continue;
            };
            let mut outer = n;
            while let Some(p) = outer
                .parent()
                .filter(|p| matches!(p.kind(), "parenthesized_expression" | "as_expression" | "satisfies_expression"))
            {
                outer = p;
            }
            let Some(key) = outer.parent().filter(|p| p.kind() == "pair").and_then(|p| p.child_by_field_name("key"))
            else {
                continue;
            };
            let Some(name) = self.lower.key(key) else { continue };
            let site = self.span(key);
            let mut tool = self.site(API_SUPABASE, site, gate.clone(), vec![]);
            tool.name = Some(Expr::Str(name, site));
            let value = self.scoped(self.lower.expr(config), config);
            self.config(&value, &mut tool, "parameters");
            self.push_site(n, tool, facts);
        }
    }

    /// Test files list expected tool objects and register tools on test
    /// servers; neither is the project's tools:
    /// `*.test.*`, `*.spec.*`, files under `__tests__`, or in a `test`/`tests`
    /// directory up to two levels above the file (not the whole path, which
    /// may run through unrelated directories above the project).
    pub(super) fn is_test_file(&self) -> bool {
        super::is_test_path(self.path)
    }

    fn typed_definitions(&self, facts: &mut FileFacts) {
        // Test files and client code hold `Tool` values that are not definitions.
        let mut in_test: Option<bool> = None;
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            let typed = match n.kind() {
                "variable_declarator" => n.child_by_field_name("type").zip(n.child_by_field_name("value")),
                // `<Tool>{...}`
                "type_assertion" => {
                    let mut c = named_children(n);
                    match (c.next().and_then(|t| named_children(t).next()), c.next()) {
                        (Some(t), Some(v)) => Some((t, v)),
                        _ => None,
                    }
                }
                "satisfies_expression" | "as_expression" => {
                    let mut c = named_children(n);
                    match (c.next(), c.next()) {
                        (Some(v), Some(t)) => Some((t, v)),
                        _ => None,
                    }
                }
                _ => None,
            };
            if let Some((ty, value)) = typed {
                if let Some((kind, class)) = self
                    .tool_type(ty)
                    .filter(|_| !*in_test.get_or_insert_with(|| self.is_test_file() || client_only(facts)))
                {
                    let gate = Gate::Callee { callee: class, kind: CalleeKind::SdkTypesTool };
                    let value = self.unwrap(value);
                    match kind {
                        Typed::One if value.kind() == "object" => self.definition_object(value, &gate, facts),
                        Typed::List => {
                            self.tool_list(value, &gate, facts, 0);
                            if let Some(name) = n.child_by_field_name("name").filter(|x| x.kind() == "identifier") {
                                self.pushed(self.text(name), value, &gate, facts, 0);
                            }
                        }
                        Typed::Map if value.kind() == "object" => {
                            for p in named_children(value).filter(|p| p.kind() == "pair") {
                                if let Some(v) = p.child_by_field_name("value") {
                                    self.tool_element(v, &gate, facts, 0);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            stack.extend(named_children(n).collect::<Vec<_>>().into_iter().rev());
        }
    }

    /// `tools.push({...}, ...)` onto the list `name` declared with `value`:
    /// more elements of it, in the function that declares it.
    fn pushed(&self, name: &str, value: Node<'t>, gate: &Gate, facts: &mut FileFacts, depth: usize) {
        if self.unwrap(value).kind() != "array" {
            return;
        }
        let scope = enclosing_functions(value).into_iter().next().unwrap_or(self.root);
        let mut stack = vec![scope];
        while let Some(c) = stack.pop() {
            stack.extend(named_children(c).collect::<Vec<_>>().into_iter().rev());
            if c.kind() != "call_expression" {
                continue;
            }
            let Some(f) = c.child_by_field_name("function").filter(|f| f.kind() == "member_expression") else {
                continue;
            };
            let is_push = f.child_by_field_name("property").is_some_and(|p| self.text(p) == "push")
                && f.child_by_field_name("object").is_some_and(|o| o.kind() == "identifier" && self.text(o) == name);
            if !is_push {
                continue;
            }
            for a in c.child_by_field_name("arguments").map(named_children).into_iter().flatten() {
                if a.kind() != "comment" {
                    self.tool_element(a, gate, facts, depth + 1);
                }
            }
        }
    }

    /// `Tool`, `types.Tool`, `Tool[]`, `Array<Tool>`, `readonly Tool[]`,
    /// `Record<string, Tool>`: what the annotation holds and the type name.
    fn tool_type(&self, ty: Node<'t>) -> Option<(Typed, Expr)> {
        let t = if ty.kind() == "type_annotation" { named_children(ty).next()? } else { ty };
        let is_tool = |n: Node<'t>| {
            matches!(n.kind(), "type_identifier" | "nested_type_identifier")
                && self.lower.dotted(n).is_some_and(|p| p.last().is_some_and(|l| l == "Tool"))
        };
        let class = |n: Node<'t>| self.lower.dotted(n).map(|path| Expr::Ref { path, span: self.span(n) });
        match t.kind() {
            "type_identifier" | "nested_type_identifier" if is_tool(t) => Some((Typed::One, class(t)?)),
            "array_type" => {
                let e = named_children(t).next()?;
                is_tool(e).then_some(())?;
                Some((Typed::List, class(e)?))
            }
            "readonly_type" => self.tool_type(named_children(t).next()?),
            "generic_type" => {
                let name = self.text(t.child_by_field_name("name")?);
                let targs: Vec<Node> = named_children(t.child_by_field_name("type_arguments")?).collect();
                match (name, targs.as_slice()) {
                    ("Array" | "ReadonlyArray", [e]) if is_tool(*e) => Some((Typed::List, class(*e)?)),
                    ("Record", [_, e]) if is_tool(*e) => Some((Typed::Map, class(*e)?)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `server.setRequestHandler(ListToolsRequestSchema, handler)`: the
    /// objects of the `tools` list the handler returns.
    pub(super) fn list_tools_handler(
        &self,
        call: Node<'t>,
        args: &[Node<'t>],
        receiver_gate: Gate,
        facts: &mut FileFacts,
    ) {
        let [schema, handler, ..] = args else { return };
        let schema = self.unwrap(*schema);
        let gate = match schema.kind() {
            "identifier" | "member_expression"
                if self
                    .lower
                    .dotted(schema)
                    .is_some_and(|p| p.last().is_some_and(|l| l == "ListToolsRequestSchema")) =>
            {
                Gate::Callee { callee: self.lower.expr(schema), kind: CalleeKind::SdkTypesTool }
            }
            "string" if self.lower.string(schema).as_deref() == Some("tools/list") => receiver_gate,
            _ => return,
        };
        let handler = match self.unwrap(*handler) {
            h if is_function(h) => h,
            h if h.kind() == "identifier" => match self.function_named(self.text(h)) {
                Some(f) => f,
                None => return,
            },
            _ => return,
        };
        let _ = call;
        for returned in returned_values(handler) {
            let returned = self.unwrap(returned);
            if returned.kind() != "object" {
                continue;
            }
            for p in named_children(returned) {
                let list = match p.kind() {
                    "pair"
                        if p.child_by_field_name("key").and_then(|k| self.lower.key(k)).as_deref() == Some("tools") =>
                    {
                        p.child_by_field_name("value")
                    }
                    "shorthand_property_identifier" if self.text(p) == "tools" => Some(p),
                    _ => None,
                };
                if let Some(list) = list {
                    self.tool_list(list, &gate, facts, 0);
                }
            }
        }
    }

    /// An expression that holds a list of tool definitions.
    fn tool_list(&self, n: Node<'t>, gate: &Gate, facts: &mut FileFacts, depth: usize) {
        if depth > MAX_LIST_DEPTH {
            return;
        }
        let n = self.unwrap(n);
        match n.kind() {
            "array" => {
                for e in named_children(n).filter(|e| e.kind() != "comment") {
                    self.tool_element(e, gate, facts, depth + 1);
                }
            }
            "identifier" | "shorthand_property_identifier" => match self.declared_value(self.text(n), n) {
                Some(v) => {
                    self.tool_list(v, gate, facts, depth + 1);
                    self.pushed(self.text(n), v, gate, facts, depth);
                }
                // Imported: `resolve` follows the list and repeats the site.
                None => {
                    let list = Expr::Ref { path: vec![self.text(n).to_string()], span: self.span(n) };
                    self.each_definition(n, list, gate, facts);
                }
            },
            // `Object.values(TOOLS)`
            // `TOOLS.map((t) => ({ name: t.name, ... }))`: the returned object,
            // repeated per element of TOOLS (see `push_site`).
            "call_expression" if self.mapped_objects(n).is_some() => {
                for obj in self.mapped_objects(n).unwrap_or_default() {
                    self.definition_object(obj, gate, facts);
                }
            }
            "call_expression" => {
                let callee = n.child_by_field_name("function").and_then(|f| self.lower.dotted(f));
                let arg = n.child_by_field_name("arguments").and_then(|a| named_children(a).next());
                if let (Some(callee), Some(arg)) = (callee, arg) {
                    if callee == ["Object", "values"] {
                        let target = match self.unwrap(arg) {
                            a if a.kind() == "identifier" => {
                                self.declared_value(self.text(a), a).map(|v| self.unwrap(v))
                            }
                            a => Some(a),
                        };
                        if target.is_none() && self.unwrap(arg).kind() == "identifier" {
                            let base = self.lower.expr(self.unwrap(arg));
                            let list = Expr::Values { base: Box::new(base), span: self.span(n) };
                            self.each_definition(n, list, gate, facts);
                        }
                        if let Some(obj) = target.filter(|t| t.kind() == "object") {
                            for p in named_children(obj) {
                                match p.kind() {
                                    "pair" => {
                                        if let Some(v) = p.child_by_field_name("value") {
                                            self.tool_element(v, gate, facts, depth + 1);
                                        }
                                    }
                                    "spread_element" | "shorthand_property_identifier" => {
                                        self.tool_element(p, gate, facts, depth + 1)
                                    }
                                    _ => {}
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// One element of a tool list: an object, a name of one, or a spread list.
    fn tool_element(&self, e: Node<'t>, gate: &Gate, facts: &mut FileFacts, depth: usize) {
        if depth > MAX_LIST_DEPTH {
            return;
        }
        let e = self.unwrap(e);
        match e.kind() {
            "object" => self.definition_object(e, gate, facts),
            "spread_element" => {
                if let Some(inner) = named_children(e).next() {
                    self.tool_list(inner, gate, facts, depth + 1);
                }
            }
            "identifier" | "shorthand_property_identifier" => match self.declared_value(self.text(e), e) {
                Some(v) => match self.unwrap(v).kind() {
                    "object" => self.definition_object(self.unwrap(v), gate, facts),
                    _ => self.tool_list(v, gate, facts, depth + 1),
                },
                // Imported: `resolve` reads the object through the name.
                None => {
                    let value = Expr::Ref { path: vec![self.text(e).to_string()], span: self.span(e) };
                    let list = Expr::List { items: vec![Element::Item(value)], span: self.span(e) };
                    self.each_definition(e, list, gate, facts);
                }
            },
            _ => {}
        }
    }

    /// One site per element of a list that only `resolve` can follow.
    fn each_definition(&self, at: Node<'t>, list: Expr, gate: &Gate, facts: &mut FileFacts) {
        if !self.seen.borrow_mut().insert(at.start_byte()) {
            return;
        }
        const ELEMENT: &str = "<element>";
        let value = Expr::Ref { path: vec![ELEMENT.into()], span: self.span(at) };
        let site = self.span(at);
        let mut tool = self.site(API_LOWLEVEL, site, gate.clone(), vec![]);
        tool.name = Some(member(&value, "name", site));
        self.config(&value, &mut tool, "inputSchema");
        facts.each.push(Each { tool: facts.tools.len(), list, vars: vec![(ELEMENT.into(), vec![])] });
        facts.tools.push(tool);
    }

    /// The object literals a `list.map(fn)` callback returns.
    fn mapped_objects(&self, call: Node<'t>) -> Option<Vec<Node<'t>>> {
        let f = call.child_by_field_name("function").filter(|f| f.kind() == "member_expression")?;
        let method = f.child_by_field_name("property")?;
        if !matches!(self.text(method), "map" | "flatMap") {
            return None;
        }
        let callback = call.child_by_field_name("arguments").and_then(|a| named_children(a).next())?;
        if !is_function(callback) {
            return None;
        }
        let objects: Vec<Node<'t>> =
            returned_values(callback).into_iter().map(|v| self.unwrap(v)).filter(|v| v.kind() == "object").collect();
        (!objects.is_empty()).then_some(objects)
    }

    /// A tool-definition object literal `{ name, description, inputSchema, annotations? }`.
    fn definition_object(&self, obj: Node<'t>, gate: &Gate, facts: &mut FileFacts) {
        if !self.seen.borrow_mut().insert(obj.start_byte()) {
            return;
        }
        let value = self.scoped(self.lower.expr(obj), obj);
        let Expr::Object { entries, .. } = &value else { return };
        let spreads = entries.iter().any(|e| matches!(e, Entry::Spread(_)));
        if pair(entries, "name").is_none() && !spreads {
            return;
        }
        let site = Span::new(self.lower.file, obj.start_byte(), obj.start_byte() + 1);
        let mut tool = self.site(API_LOWLEVEL, site, gate.clone(), vec![]);
        tool.name = Some(member(&value, "name", site));
        self.config(&value, &mut tool, "inputSchema");
        self.push_site(obj, tool, facts);
    }

    /// xmcp: `export const metadata = { name?, description, annotations? }`
    /// in a file that imports `xmcp`; the name defaults to the file's.
    fn xmcp(&self, facts: &mut FileFacts) {
        let is_xmcp = |m: &str| m == "xmcp" || m.starts_with("xmcp/");
        let Some(xmcp) = facts.imports.iter().find(|i| is_xmcp(&i.module) && !i.local.is_empty()) else { return };
        // xmcp prompts and resources export a `metadata` too.
        let p = self.path.to_string_lossy().replace('\\', "/");
        let elsewhere = p.contains("/prompts/") || p.contains("/resources/");
        let gate_callee = Expr::Ref { path: vec![xmcp.local.clone()], span: xmcp.span };
        for stmt in named_children(self.root).filter(|s| s.kind() == "export_statement") {
            let Some(decl) = stmt.child_by_field_name("declaration") else { continue };
            for d in named_children(decl).filter(|d| d.kind() == "variable_declarator") {
                let (Some(name), Some(value)) = (d.child_by_field_name("name"), d.child_by_field_name("value")) else {
                    continue;
                };
                if self.text(name) != "metadata" {
                    continue;
                }
                let typed = d.child_by_field_name("type").and_then(|t| self.lower.type_expr(t));
                let tool_typed =
                    matches!(&typed, Some(Expr::Ref { path, .. }) if path.last().is_some_and(|l| l == "ToolMetadata"));
                if (typed.is_some() && !tool_typed) || (typed.is_none() && elsewhere) {
                    continue;
                }
                let value = self.lower.expr(value);
                if !matches!(value, Expr::Object { .. }) {
                    continue;
                }
                let site = self.span(name);
                let gate = Gate::Callee { callee: gate_callee.clone(), kind: CalleeKind::SdkToolClass };
                let mut tool = self.site(API_XMCP, site, gate, vec![]);
                if let Expr::Object { entries, .. } = &value {
                    tool.name = pair(entries, "name").cloned();
                }
                let stem = self.path.file_stem().and_then(|s| s.to_str()).unwrap_or("").to_string();
                tool.default_name = Some((stem.clone(), site));
                self.config(&value, &mut tool, "inputSchema");
                // xmcp sends `annotations.title` (the tool name when unset) as
                // the top-level title.
                let annotations_title = match &tool.annotations {
                    Some(Expr::Object { entries, .. }) => pair(entries, "title").cloned(),
                    _ => None,
                };
                tool.title = annotations_title.or_else(|| tool.name.clone()).or(Some(Expr::Str(stem, site)));
                tool.params = self.top_binding("schema").and_then(|s| self.params_of(&s, 0));
                facts.tools.push(tool);
            }
        }
    }

    /// mcp-framework: `class X extends MCPTool { name = "..."; schema = ...;
    /// annotations? = {...} }`, loaded from the tools directory. Abstract
    /// bases and declarations without a name value are not tools.
    fn mcp_framework(&self, facts: &mut FileFacts) {
        // `import { MCPTool }` or a namespace (`require`) read as `ns.MCPTool`.
        let Some(base) = facts.imports.iter().find_map(|i| match i.member.as_deref() {
            _ if i.module != "mcp-framework" || i.local.is_empty() => None,
            Some("MCPTool") => Some((i.local.clone(), i.span)),
            None => Some((format!("{}.MCPTool", i.local), i.span)),
            Some(_) => None,
        }) else {
            return;
        };
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            if matches!(n.kind(), "class_declaration" | "class") {
                self.mcp_framework_class(n, &base, facts);
            }
            stack.extend(named_children(n));
        }
    }

    fn mcp_framework_class(&self, class: Node<'t>, (base, base_span): &(String, Span), facts: &mut FileFacts) {
        let extends = named_children(class)
            .find(|c| c.kind() == "class_heritage")
            .and_then(|h| named_children(h).find(|c| c.kind() == "extends_clause").or(Some(h)))
            .and_then(|e| e.child_by_field_name("value").or_else(|| named_children(e).next()));
        if extends.and_then(|e| self.lower.dotted(e)).is_none_or(|p| p.join(".") != *base) {
            return;
        }
        let Some(body) = class.child_by_field_name("body") else { return };
        // Class fields, or `this.x = ...` in the constructor of compiled code.
        let mut fields: Vec<(String, Node<'t>, Node<'t>)> = Vec::new();
        for m in named_children(body) {
            match m.kind() {
                "public_field_definition" | "field_definition" => {
                    let key = m.child_by_field_name("name").or_else(|| m.child_by_field_name("property"));
                    if let (Some(k), Some(v)) = (key, m.child_by_field_name("value")) {
                        if let Some(name) = self.lower.key(k) {
                            fields.push((name, k, v));
                        }
                    }
                }
                "method_definition" if m.child_by_field_name("name").is_some_and(|n| self.text(n) == "constructor") => {
                    let Some(block) = m.child_by_field_name("body") else { continue };
                    for stmt in named_children(block).filter(|s| s.kind() == "expression_statement") {
                        let Some(a) = named_children(stmt).find(|c| c.kind() == "assignment_expression") else {
                            continue;
                        };
                        let (Some(l), Some(r)) = (a.child_by_field_name("left"), a.child_by_field_name("right")) else {
                            continue;
                        };
                        if let Some(path) = self.lower.dotted(l).filter(|p| p.len() == 2 && p[0] == "this") {
                            fields.push((path[1].clone(), l, r));
                        }
                    }
                }
                _ => {}
            }
        }
        let field = |key: &str| fields.iter().rev().find(|(k, ..)| k == key).map(|(_, k, v)| (*k, *v));
        let Some((name_key, name_value)) = field("name") else { return };
        let site = self.span(class.child_by_field_name("name").unwrap_or(name_key));
        let gate = Gate::Callee {
            callee: Expr::Ref { path: base.split('.').map(str::to_string).collect(), span: *base_span },
            kind: CalleeKind::SdkToolClass,
        };
        let mut tool = self.site(API_MCP_FRAMEWORK, site, gate, vec![]);
        tool.name = Some(self.scoped(self.lower.expr(name_value), name_value));
        tool.annotations = field("annotations").map(|(_, v)| self.scoped(self.lower.expr(v), v));
        tool.params = match field("schema") {
            Some((_, v)) => self.params_of(&self.lower.expr(v), 0),
            None => Some(vec![]),
        };
        facts.tools.push(tool);
    }

    /// The value node a name is declared with, in the functions around `at`
    /// or at the top level of the file.
    pub(super) fn declared_value(&self, name: &str, at: Node<'t>) -> Option<Node<'t>> {
        if let Some(d) = self.block_declaration(at, name) {
            return d.child_by_field_name("value");
        }
        for f in enclosing_functions(at) {
            if let Some(d) = self.declaration_in(f, name, at.start_byte()) {
                return d.child_by_field_name("value");
            }
        }
        self.top_declaration(name)
            .filter(|d| d.child_by_field_name("name").is_some_and(|n| n.kind() == "identifier"))?
            .child_by_field_name("value")
    }

    fn function_named(&self, name: &str) -> Option<Node<'t>> {
        for stmt in named_children(self.root) {
            let decl =
                if stmt.kind() == "export_statement" { stmt.child_by_field_name("declaration") } else { Some(stmt) };
            let Some(decl) = decl else { continue };
            if decl.kind() == "function_declaration"
                && decl.child_by_field_name("name").is_some_and(|n| self.text(n) == name)
            {
                return Some(decl);
            }
        }
        self.declared_value(name, self.root).filter(|v| is_function(*v))
    }
}

/// The expressions a function returns (an arrow's expression body, or the
/// `return` statements of its own body).
fn returned_values(f: Node) -> Vec<Node> {
    let Some(body) = f.child_by_field_name("body") else { return vec![] };
    if body.kind() != "statement_block" {
        return vec![body];
    }
    let mut out = Vec::new();
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        for c in named_children(n) {
            if is_function(c) {
                continue;
            }
            if c.kind() == "return_statement" {
                out.extend(named_children(c).next());
            } else {
                stack.push(c);
            }
        }
    }
    out
}

/// A file that uses the SDK's client and none of its server modules: its
/// `Tool` values are tools listed by some server, not definitions.
fn client_only(facts: &FileFacts) -> bool {
    let client =
        |m: &str| m.starts_with("@modelcontextprotocol/client") || m.starts_with("@modelcontextprotocol/sdk/client");
    let server =
        |m: &str| m.starts_with("@modelcontextprotocol/server") || m.starts_with("@modelcontextprotocol/sdk/server");
    facts.imports.iter().any(|i| client(&i.module)) && !facts.imports.iter().any(|i| server(&i.module))
}
