//! Registration sites and forwarding helpers.
//!
//! A registration whose tool depends on the enclosing function's
//! parameters is a template, not a tool: the function becomes a
//! [`Forwarder`] and each call of it is a site. A registration whose tool
//! comes from a `range` variable registers tools defined (and counted)
//! elsewhere.

use tree_sitter::{Node, StreamingIterator};

use super::lower::{enclosing_functions, first, generic_operand, named_children, params};
use super::{Cx, API_ADD_TOOL, API_HELPER, API_LIST, API_MCP_GO, API_RECORD, MCP_GO, REGISTRATIONS};
use crate::model::{
    Arg, CalleeKind, Entry, Expr, FileFacts, Forwarder, Gate, Role, RoleSource, Spread, Syntax, ToolSite,
};
use crate::source::Span;

/// Key of a handler function's binding that names its input type.
pub const INPUT_KEY: &str = "@input";

/// A registration is a helper's template when the tool itself (or a field
/// of a parameter, `&st.Tool`), its name or its annotations are exactly
/// parameters of the enclosing function: the callers decide them. (A name
/// computed from a parameter, such as `fmt.Sprintf("get_%s", kind)`, stays
/// a site with a computed name.)
fn is_template(object: &Expr, params: &[(Span, String)]) -> bool {
    let is_param = |e: &Expr| matches!(e, Expr::Instance { span, .. } if params.iter().any(|(s, _)| s == span));
    let mut root = object;
    while let Expr::Index { base, .. } = root {
        root = base;
    }
    if is_param(root) {
        return true;
    }
    let Expr::Object { entries, .. } = object else { return false };
    entries.iter().any(
        |e| matches!(e, Entry::Pair { key, value, .. } if (key == "name" || key == "annotations") && is_param(value)),
    )
}

impl<'a, 't> Cx<'a, 't> {
    pub(super) fn registrations(&self, facts: &mut FileFacts) {
        let q = &*REGISTRATIONS;
        let before = facts.tools.len();
        let (c_call, c_function, c_args) = (q.capture("call"), q.capture("call.function"), q.capture("call.args"));
        let (c_record, c_body) = (q.capture("record"), q.capture("record.body"));
        let (c_list_type, c_list_body) = (q.capture("list.type"), q.capture("list.body"));
        let c_table = q.capture("table.body");
        let mut cursor = crate::frontend::queries::cursor();
        let mut matches = cursor.matches(&q.query, self.root, self.lower.text.as_bytes());
        while let Some(m) = matches.next() {
            let node = |i: u32| m.captures.iter().find(|c| c.index == i).map(|c| c.node);
            if let (Some(call), Some(function), Some(args)) = (node(c_call), node(c_function), node(c_args)) {
                let before = facts.tools.len();
                self.call_site(call, function, named_children(args).collect(), facts);
                let (mut confirms, mut refs) = (Vec::new(), Vec::new());
                for a in named_children(args) {
                    self.handler_confirms(a, &mut confirms, &mut refs);
                }
                for tool in &mut facts.tools[before..] {
                    tool.confirms.clone_from(&confirms);
                    tool.handler_confirms.clone_from(&refs);
                }
            } else if let (Some(record), Some(body)) = (node(c_record), node(c_body)) {
                if let Some(ty) = record.child_by_field_name("type") {
                    self.record_site(record, ty, body, facts);
                }
            } else if let (Some(ty), Some(body)) = (node(c_list_type), node(c_list_body)) {
                self.list_sites(ty, body, facts);
            } else if let Some(body) = node(c_table) {
                self.table_sites(body, facts);
            }
        }
        // Calls that preceded the definition of a forwarder of this file.
        let deferred = std::mem::take(&mut *self.deferred.borrow_mut());
        for (call, function) in deferred {
            let args: Vec<Node> =
                call.child_by_field_name("arguments").map(|a| named_children(a).collect()).unwrap_or_default();
            self.helper_site(call, function, &args, facts);
        }
        // Tests exercise servers; their registrations are not the server's tools.
        if self.is_test {
            facts.tools.truncate(before);
        }
    }

    /// Whether this file imports mark3labs/mcp-go.
    fn uses_mcp_go(&self) -> bool {
        self.lower.imports.values().any(|p| super::sdk_of(p).is_some_and(|(root, _)| root == MCP_GO))
    }

    fn syntax(&self) -> Syntax {
        if self.uses_mcp_go() {
            Syntax::GoOption
        } else {
            Syntax::GoStruct
        }
    }

    fn call_site(&self, call: Node<'t>, function: Node<'t>, args: Vec<Node>, facts: &mut FileFacts) {
        // `mcp.AddTool[In](...)`: one type argument parses as an index.
        let type_index =
            (function.kind() == "index_expression").then(|| function.child_by_field_name("index")).flatten();
        let function = generic_operand(function);
        if function.kind() == "selector_expression" {
            let Some(field) = function.child_by_field_name("field") else { return };
            if let Some((pkg, name)) = self.lower.package_member(function) {
                if name == "AddTool" {
                    let head = call.child_by_field_name("type_arguments").unwrap_or(function);
                    let site = Span::new(self.lower.file, call.start_byte(), head.end_byte());
                    let callee = Expr::Ref { path: vec![pkg.into(), name.into()], span: self.span(function) };
                    let gate = Gate::Callee { callee, kind: CalleeKind::RegisterFunction };
                    let first_type = call.child_by_field_name("type_arguments").and_then(|t| first(t)).or(type_index);
                    let input = match first_type {
                        Some(first) => Some(self.lower.type_expr(first)),
                        None => args.get(2).and_then(|h| self.handler_input(*h)),
                    };
                    let api = if self.lower.sdk_package(pkg).is_some_and(|(r, _)| r == MCP_GO) {
                        API_MCP_GO
                    } else {
                        API_ADD_TOOL
                    };
                    self.registration(call, site, gate, args.get(1).copied(), input, api, facts);
                    return;
                }
                if self.lower.sdk_package(pkg).is_some() {
                    return;
                }
            } else {
                let method = self.text(field);
                let tool_index = match method {
                    "AddTool" | "AddTaskTool" => 0,
                    "AddSessionTool" => 1,
                    _ => usize::MAX,
                };
                if tool_index != usize::MAX {
                    let Some(operand) = function.child_by_field_name("operand") else { return };
                    let site = Span::new(self.lower.file, call.start_byte(), function.end_byte());
                    let gate = Gate::Receiver { receiver: self.lower.expr(operand), method: method.to_string() };
                    let input = args.get(tool_index + 1).and_then(|h| self.handler_input(*h));
                    let api = if self.uses_mcp_go() { API_MCP_GO } else { API_ADD_TOOL };
                    self.registration(call, site, gate, args.get(tool_index).copied(), input, api, facts);
                    return;
                }
            }
        }
        self.helper_site(call, function, &args, facts);
    }

    /// A registration of `tool` (a node of this file): a site, a template of
    /// the enclosing helper, or a loop over tools counted elsewhere.
    #[allow(clippy::too_many_arguments)]
    fn registration(
        &self,
        call: Node,
        site: Span,
        gate: Gate,
        tool: Option<Node>,
        input: Option<Expr>,
        api: &'static str,
        facts: &mut FileFacts,
    ) {
        let Some(tool) = tool else { return };
        if tool.kind() == "variadic_argument" || self.derived_from_receiver(tool) {
            return;
        }
        *self.lower.touched.borrow_mut() = Default::default();
        let object = self.lower.expr(tool);
        let touched = std::mem::take(&mut *self.lower.touched.borrow_mut());
        if touched.is_loop_value(&object) {
            return; // tools defined elsewhere, registered in a loop
        }
        // A method or function literal cannot forward: its literal is one tool, here.
        if is_template(&object, &touched.params)
            && (self.template(call, tool, &object, &touched.params, &gate) || !matches!(object, Expr::Object { .. }))
        {
            return;
        }
        let obj_span = object.span();
        // A literal reached through a local variable: say where it is.
        let definition = (obj_span.start < call.start_byte() as u32 || obj_span.end > call.end_byte() as u32)
            .then_some(obj_span)
            .filter(|_| matches!(object, Expr::Object { .. }));
        facts.tools.push(ToolSite {
            definition,
            tool_object: Some(object),
            input,
            ..ToolSite::new(api, site, gate, self.syntax())
        });
    }

    /// The registration inside a named package-level function depends on
    /// its parameters: the function forwards them to the registration.
    /// Returns whether the function forwards (or the registration registers
    /// a caller's tool object, counted where that is defined).
    fn template(&self, call: Node, tool: Node, object: &Expr, touched: &[(Span, String)], gate: &Gate) -> bool {
        let Some(func) = enclosing_functions(call).into_iter().next() else { return false };
        let Some(name) = self.forwarder_name(func) else { return false };
        if self.forwarders.borrow().contains_key(&name) {
            return true;
        }
        let param_of = |e: &Expr| match e {
            Expr::Instance { span, .. } => touched.iter().find(|(s, _)| s == span).map(|(_, p)| p.clone()),
            _ => None,
        };
        if matches!(object, Expr::Index { .. }) {
            return true; // a field of a parameter: the caller's value is not followed
        }
        let mut roles = Vec::new();
        if let Some(p) = param_of(object) {
            roles.push((Role::Definition, RoleSource::Param(p)));
        } else {
            if let Expr::Object { entries, .. } = &object {
                for e in entries {
                    let Entry::Pair { key, value, .. } = e else { continue };
                    let role = match key.as_str() {
                        "name" => Role::Name,
                        "title" => Role::Title,
                        "annotations" => Role::Annotations,
                        _ => continue,
                    };
                    if let Some(p) = param_of(value) {
                        roles.push((role, RoleSource::Param(p)));
                    } else if let Some(keyed) = (role == Role::Annotations).then(|| self.keyed_by_param(tool)).flatten()
                    {
                        roles.push((role, keyed));
                    }
                }
            }
            roles.insert(0, (Role::Definition, RoleSource::Fixed(object.clone())));
        }
        let forwarder = Forwarder {
            methods: vec![],
            params: params(func).iter().map(|(_, n)| self.text(*n).to_string()).collect(),
            roles,
            passes_kwargs: false,
            api: API_HELPER,
            inner: gate.clone(),
            span: self.span(func.child_by_field_name("name").unwrap_or(func)),
        };
        self.forwarders.borrow_mut().insert(name, forwarder);
        true
    }

    /// `s.AddTool(t.resolveTool(), ...)` with `t` a parameter: a method of
    /// this file that returns something built from its receiver (`return
    /// t.Tool`) passes on the caller's tool, counted where that is defined.
    fn derived_from_receiver(&self, tool: Node) -> bool {
        let tool =
            if tool.kind() == "unary_expression" { tool.child_by_field_name("operand").unwrap_or(tool) } else { tool };
        let Some(function) = tool.child_by_field_name("function").filter(|_| tool.kind() == "call_expression") else {
            return false;
        };
        let (Some(operand), Some(field)) =
            (function.child_by_field_name("operand"), function.child_by_field_name("field"))
        else {
            return false;
        };
        let Some(ty) = self.lower.local_type(operand) else { return false };
        if !self.lower.is_param(operand) {
            return false;
        }
        let method = self.text(field);
        let decl = named_children(self.root).find(|m| {
            m.kind() == "method_declaration"
                && m.child_by_field_name("name").is_some_and(|n| self.text(n) == method)
                && self.forwarder_name(*m).is_some_and(|n| n == format!("{ty}.{method}"))
        });
        let Some(decl) = decl else { return false };
        let Some(recv) =
            decl.child_by_field_name("receiver").and_then(first).and_then(|p| p.child_by_field_name("name"))
        else {
            return false;
        };
        let recv = self.text(recv);
        let mut stack: Vec<Node> = decl.child_by_field_name("body").into_iter().collect();
        while let Some(n) = stack.pop() {
            match n.kind() {
                "func_literal" => {}
                "return_statement" => {
                    let mut inner = vec![n];
                    while let Some(x) = inner.pop() {
                        if x.kind() == "identifier" && self.text(x) == recv {
                            return true;
                        }
                        inner.extend(named_children(x));
                    }
                }
                _ => stack.extend(named_children(n)),
            }
        }
        false
    }

    /// Whether `n` contains an `AddTool`-style registration call.
    fn has_registration(&self, n: Node) -> bool {
        let mut stack = vec![n];
        while let Some(x) = stack.pop() {
            if x.kind() == "call_expression" {
                let f = x.child_by_field_name("function").map(generic_operand);
                let field =
                    f.filter(|f| f.kind() == "selector_expression").and_then(|f| f.child_by_field_name("field"));
                if field
                    .is_some_and(|f| matches!(self.text(f), "AddTool" | "AddTools" | "AddSessionTool" | "AddTaskTool"))
                {
                    return true;
                }
            }
            stack.extend(named_children(x));
        }
        false
    }

    /// `Annotations: table[name]` in a tool literal, `name` a parameter of
    /// the enclosing function and `table` a value that does not depend on it.
    fn keyed_by_param(&self, tool: Node) -> Option<RoleSource> {
        let lit = if tool.kind() == "unary_expression" { tool.child_by_field_name("operand")? } else { tool };
        let value = self.lower.keyed(lit.child_by_field_name("body")?, "Annotations")?;
        if value.kind() != "index_expression" {
            return None;
        }
        let (operand, index) = (value.child_by_field_name("operand")?, value.child_by_field_name("index")?);
        let func = enclosing_functions(tool).into_iter().next()?;
        let param = self.text(index);
        if index.kind() != "identifier" || !params(func).iter().any(|(_, n)| self.text(*n) == param) {
            return None;
        }
        *self.lower.touched.borrow_mut() = Default::default();
        let table = self.lower.expr(operand);
        let touched = std::mem::take(&mut *self.lower.touched.borrow_mut());
        if !touched.params.is_empty() || !touched.range.is_empty() {
            return None;
        }
        Some(RoleSource::Keyed { table, param: param.to_string() })
    }

    /// Calls of project helpers: one passing an SDK tool literal defines a
    /// tool wherever the helper puts it; others may call a forwarder.
    fn helper_site(&self, call: Node<'t>, function: Node<'t>, args: &[Node], facts: &mut FileFacts) {
        let site = Span::new(self.lower.file, call.start_byte(), function.end_byte());
        let mut literal = false;
        // A function literal passed along registers the tool itself: the
        // literal beside it only describes it (a catalog entry).
        let registers_inside = args.iter().any(|a| a.kind() == "func_literal" && self.has_registration(*a));
        for a in args {
            let Some(ty) = self.sdk_tool_literal(*a) else { continue };
            literal = true;
            if registers_inside {
                continue;
            }
            *self.lower.touched.borrow_mut() = Default::default();
            let object = self.lower.expr(*a);
            let touched = std::mem::take(&mut *self.lower.touched.borrow_mut());
            if is_template(&object, &touched.params) {
                continue;
            }
            let handler = args.iter().skip_while(|x| x.id() != a.id()).nth(1);
            facts.tools.push(ToolSite {
                tool_object: Some(object),
                input: handler.and_then(|h| self.handler_input(*h)),
                ..ToolSite::new(
                    API_HELPER,
                    site,
                    Gate::Callee { callee: ty, kind: CalleeKind::SdkTypesTool },
                    self.syntax(),
                )
            });
        }
        if literal {
            return;
        }
        // A forwarder of this file, or a same-package/in-module function that may be one.
        // `recv.method(...)` on a value of a type of this package: `Type.method`.
        let mut callee = None;
        let name = match function.kind() {
            "identifier" => self.text(function),
            "selector_expression" => match self.lower.package_member(function) {
                // The standard library and the SDKs hold no project helpers.
                Some((pkg, _)) if self.lower.sdk_package(pkg).is_some() || self.is_std(pkg) => return,
                Some((_, name)) => name,
                None => {
                    let (Some(operand), Some(field)) =
                        (function.child_by_field_name("operand"), function.child_by_field_name("field"))
                    else {
                        return;
                    };
                    let Some(ty) = self.lower.local_type(operand) else { return };
                    let method = self.text(field);
                    callee = Some((format!("{ty}.{method}"), vec![ty, method.to_string()]));
                    method
                }
            },
            _ => return,
        };
        let key = callee.as_ref().map_or(name, |(k, _)| k.as_str());
        let known = self.forwarders.borrow().contains_key(key);
        let named_tool = name.to_ascii_lowercase().contains("tool");
        let passes_string =
            args.iter().any(|a| matches!(a.kind(), "interpreted_string_literal" | "raw_string_literal"));
        let sdk_file = self.lower.imports.values().any(|p| super::sdk_of(p).is_some());
        if !(known || named_tool || (sdk_file && passes_string)) {
            if function.kind() == "identifier" || callee.is_some() {
                self.deferred.borrow_mut().push((call, function));
            }
            return;
        }
        *self.lower.touched.borrow_mut() = Default::default();
        let lowered: Vec<Arg> = args
            .iter()
            .map(|a| {
                let (node, spread) = if a.kind() == "variadic_argument" {
                    (first(*a).unwrap_or(*a), Spread::List)
                } else {
                    (*a, Spread::No)
                };
                Arg { keyword: None, keyword_span: None, value: self.lower.expr(node), spread }
            })
            .collect();
        let touched = std::mem::take(&mut *self.lower.touched.borrow_mut());
        if !touched.params.is_empty()
            && enclosing_functions(call).iter().any(|f| {
                f.kind() == "function_declaration"
                    && self.forwarders.borrow().contains_key(self.text(f.child_by_field_name("name").unwrap_or(*f)))
            })
        {
            return;
        }
        facts.tools.push(ToolSite {
            args: lowered,
            ..ToolSite::new(
                API_HELPER,
                site,
                Gate::Callee {
                    callee: match callee {
                        Some((_, path)) => Expr::Ref { path, span: self.span(function) },
                        None => self.lower.expr(function),
                    },
                    kind: CalleeKind::WrapperOnly,
                },
                self.syntax(),
            )
        });
    }

    /// The name a helper forwards under: `f` for a function, `Type.method`
    /// for a method (called on values of that type).
    pub(super) fn forwarder_name(&self, func: Node) -> Option<String> {
        let name = self.text(func.child_by_field_name("name")?);
        match func.kind() {
            "function_declaration" => Some(name.to_string()),
            "method_declaration" => {
                let recv = first(func.child_by_field_name("receiver")?)?;
                Some(format!("{}.{name}", self.lower.type_name(recv.child_by_field_name("type")?)?))
            }
            _ => None,
        }
    }

    /// Whether an import of this file is from the standard library (no
    /// domain in its first path element).
    fn is_std(&self, local: &str) -> bool {
        self.lower.imports.get(local).is_some_and(|p| !p.split('/').next().unwrap_or("").contains('.'))
    }

    /// `&mcp.Tool{...}` / `mcp.Tool{...}` of an SDK, or mcp-go `mcp.NewTool(...)`:
    /// the SDK symbol that makes it a tool.
    fn sdk_tool_literal(&self, n: Node) -> Option<Expr> {
        let n = if n.kind() == "unary_expression" { n.child_by_field_name("operand")? } else { n };
        match n.kind() {
            "composite_literal" => {
                let ty = n.child_by_field_name("type")?;
                if ty.kind() != "qualified_type" {
                    return None;
                }
                let pkg = self.text(ty.child_by_field_name("package")?);
                let name = self.text(ty.child_by_field_name("name")?);
                (name == "Tool" && self.lower.sdk_package(pkg).is_some_and(|(_, p)| p == "mcp"))
                    .then(|| Expr::Ref { path: vec![pkg.into(), name.into()], span: self.span(ty) })
            }
            "call_expression" => {
                let function = n.child_by_field_name("function")?;
                let (pkg, name) = self.lower.package_member(function)?;
                (matches!(name, "NewTool" | "NewToolWithRawSchema")
                    && self.lower.sdk_package(pkg).is_some_and(|(r, p)| r == MCP_GO && p == "mcp"))
                .then(|| Expr::Ref { path: vec![pkg.into(), name.into()], span: self.span(function) })
            }
            _ => None,
        }
    }

    /// The elements of a slice of SDK tools or tool records.
    fn list_sites(&self, ty: Node, body: Node, facts: &mut FileFacts) {
        let (Some(pkg), Some(name)) = (ty.child_by_field_name("package"), ty.child_by_field_name("name")) else {
            return;
        };
        let (pkg_name, name) = (self.text(pkg), self.text(name));
        let Some((_, sdk_pkg)) = self.lower.sdk_package(pkg_name) else { return };
        for el in named_children(body).filter(|e| e.kind() == "literal_element") {
            let Some(value) = first(el) else { continue };
            match (sdk_pkg, name, value.kind()) {
                ("mcp", "Tool", _) => {
                    let callee = Expr::Ref { path: vec![pkg_name.into(), name.into()], span: self.span(ty) };
                    let gate = Gate::Callee { callee, kind: CalleeKind::SdkTypesTool };
                    let site = Span::new(self.lower.file, value.start_byte(), value.start_byte() + 1);
                    self.registration(value, site, gate, Some(value), None, API_LIST, facts);
                }
                // Typed `server.ServerTool{...}` elements are records of their own.
                ("server", "ServerTool", "literal_value") => self.record_site(value, ty, value, facts),
                _ => {}
            }
        }
    }

    /// Elements of a table of project records: each SDK tool literal in an
    /// element is a tool (the loop that registers them is not counted).
    fn table_sites(&self, body: Node, facts: &mut FileFacts) {
        for el in named_children(body).filter(|e| e.kind() == "literal_element") {
            let Some(record) = first(el).filter(|r| r.kind() == "literal_value") else { continue };
            let values: Vec<Node> = named_children(record)
                .filter_map(|f| match f.kind() {
                    "keyed_element" => f.child_by_field_name("value"),
                    "literal_element" => Some(f),
                    _ => None,
                })
                .filter_map(|v| if v.kind() == "literal_element" { first(v) } else { Some(v) })
                .collect();
            for (i, v) in values.iter().enumerate() {
                let Some(ty) = self.sdk_tool_literal(*v) else { continue };
                let input = values.get(i + 1).and_then(|h| self.handler_input(*h));
                let gate = Gate::Callee { callee: ty, kind: CalleeKind::SdkTypesTool };
                let site = Span::new(self.lower.file, v.start_byte(), v.start_byte() + 1);
                self.registration(*v, site, gate, Some(*v), input, API_LIST, facts);
            }
        }
    }

    /// mcp-go `server.ServerTool{Tool: ..., Handler: ...}`.
    fn record_site(&self, record: Node, ty: Node, body: Node, facts: &mut FileFacts) {
        let (Some(pkg), Some(name)) = (ty.child_by_field_name("package"), ty.child_by_field_name("name")) else {
            return;
        };
        let field = |key: &str| {
            named_children(body).filter(|e| e.kind() == "keyed_element").find_map(|e| {
                let k = e.child_by_field_name("key")?;
                let k = if k.kind() == "literal_element" { first(k)? } else { k };
                (self.text(k) == key).then(|| e.child_by_field_name("value")).flatten()
            })
        };
        let Some(tool) = field("Tool") else { return };
        let tool = if tool.kind() == "literal_element" { first(tool).unwrap_or(tool) } else { tool };
        let handler = field("Handler").and_then(|h| first(h));
        let input = handler.and_then(|h| self.handler_input(h));
        let callee = Expr::Ref { path: vec![self.text(pkg).into(), self.text(name).into()], span: self.span(ty) };
        let gate = Gate::Callee { callee, kind: CalleeKind::ToolRecord };
        let head_end = if ty.start_byte() >= record.start_byte() { ty.end_byte() } else { record.start_byte() + 1 };
        let site = Span::new(self.lower.file, record.start_byte(), head_end);
        let before = facts.tools.len();
        self.registration(record, site, gate, Some(tool), input, API_RECORD, facts);
        if let Some(h) = handler {
            let (mut confirms, mut refs) = (Vec::new(), Vec::new());
            self.handler_confirms(h, &mut confirms, &mut refs);
            for tool in &mut facts.tools[before..] {
                tool.confirms.clone_from(&confirms);
                tool.handler_confirms.clone_from(&refs);
            }
        }
    }

    /// Elicitation evidence of a handler passed to a registration: the
    /// calls in a function literal (written there, or bound to a local
    /// variable of this function) go to `spans`; a named function or method
    /// (`handleDelete`, `s.handleDelete`, `pkg.Handle`), maybe defined in
    /// another file of the package, goes to `refs` for the resolver.
    fn handler_confirms(&self, h: Node, spans: &mut Vec<Span>, refs: &mut Vec<Expr>) {
        let span = self.span(h);
        match h.kind() {
            "func_literal" => spans.extend(crate::frontend::elicit::calls(h, self.lower.text, self.lower.file)),
            "identifier" if self.lower.local_value(h).is_some_and(|v| v.kind() == "func_literal") => {
                if let Some(v) = self.lower.local_value(h) {
                    spans.extend(crate::frontend::elicit::calls(v, self.lower.text, self.lower.file));
                }
            }
            "selector_expression"
                if h.child_by_field_name("operand").and_then(|o| self.lower.local_type(o)).is_some() =>
            {
                let (Some(ty), Some(field)) = (
                    h.child_by_field_name("operand").and_then(|o| self.lower.local_type(o)),
                    h.child_by_field_name("field"),
                ) else {
                    return;
                };
                let base = Expr::Ref { path: vec![format!("{ty}.{}", self.text(field))], span };
                refs.push(crate::frontend::elicit::handler_ref(base));
            }
            "identifier" | "selector_expression" => {
                if let base @ Expr::Ref { .. } = self.lower.expr(h) {
                    refs.push(crate::frontend::elicit::handler_ref(base));
                }
            }
            // mcp-go `mcp.NewTypedToolHandler(fn)`: the function it wraps.
            "call_expression" => {
                let Some((_, name)) = h.child_by_field_name("function").and_then(|f| self.lower.package_member(f))
                else {
                    return;
                };
                if name.starts_with("New") && name.ends_with("ToolHandler") {
                    if let Some(args) = h.child_by_field_name("arguments") {
                        for inner in named_children(args) {
                            self.handler_confirms(inner, spans, refs);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The input type of a tool handler: the third parameter of a function
    /// literal, or of a named function (through its binding).
    fn handler_input(&self, h: Node) -> Option<Expr> {
        let span = self.span(h);
        match h.kind() {
            "func_literal" => self.handler_input_type(h),
            // `handler := func(...) {...}` declared in the same function.
            "identifier" if self.lower.local_value(h).is_some_and(|v| v.kind() == "func_literal") => {
                self.lower.local_value(h).and_then(|v| self.handler_input_type(v))
            }
            // `h.search` on a value of a package type: the method `Type.search`.
            "selector_expression"
                if h.child_by_field_name("operand").and_then(|o| self.lower.local_type(o)).is_some() =>
            {
                let ty = h.child_by_field_name("operand").and_then(|o| self.lower.local_type(o))?;
                let method = self.text(h.child_by_field_name("field")?);
                let base = Expr::Ref { path: vec![format!("{ty}.{method}")], span };
                Some(Expr::Index { base: Box::new(base), key: INPUT_KEY.into(), span })
            }
            "identifier" | "selector_expression" => match self.lower.expr(h) {
                base @ Expr::Ref { .. } => Some(Expr::Index { base: Box::new(base), key: INPUT_KEY.into(), span }),
                _ => None,
            },
            // mcp-go `mcp.NewTypedToolHandler(fn)` / `NewStructuredToolHandler(fn)`.
            "call_expression" => {
                let (_, name) = self.lower.package_member(h.child_by_field_name("function")?)?;
                if !name.starts_with("New") || !name.ends_with("ToolHandler") {
                    return None;
                }
                let args = h.child_by_field_name("arguments")?;
                let only: Vec<Node> = named_children(args).collect();
                match only.as_slice() {
                    [inner] => self.handler_input(*inner),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}
