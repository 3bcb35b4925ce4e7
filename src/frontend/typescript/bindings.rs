//! Top-level declarations, exports and class members → [`Binding`]s.
//!
//! `const READ_ONLY = {...}` (exported or not), `export default X`
//! (binding `default`), `export { A as B }`, CommonJS `module.exports = {...}`
//! / `exports.X = ...`, and `this.x` for class fields, constructor parameter
//! properties and `this.x = ...` assignments (the McpAgent `this.server`).

use tree_sitter::Node;

use super::lower::{is_function, named_children, params};
use super::registrations::unwrap_types;
use super::Cx;
use crate::model::{Arg, Binding, Element, Entry, Expr, FileFacts, Import, Returns};
use crate::resolve::EXPORTS;
use crate::source::Span;

impl<'a, 't> Cx<'a, 't> {
    pub(super) fn bindings(&self, facts: &mut FileFacts) {
        for stmt in named_children(self.root) {
            self.statement(stmt, facts);
        }
        self.export_table(facts);
        // Class members anywhere in the file.
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                if matches!(c.kind(), "class_declaration" | "class" | "abstract_class_declaration") {
                    self.class(c, facts);
                }
                if c.named_child_count() > 0 {
                    stack.push(c);
                }
            }
        }
    }

    fn statement(&self, stmt: Node<'t>, facts: &mut FileFacts) {
        match stmt.kind() {
            "lexical_declaration" | "variable_declaration" => {
                for d in named_children(stmt).filter(|d| d.kind() == "variable_declarator") {
                    self.declarator(d, facts);
                }
            }
            "export_statement" => {
                if let Some(decl) = stmt.child_by_field_name("declaration") {
                    self.statement(decl, facts);
                } else if let Some(value) = stmt.child_by_field_name("value") {
                    self.bind(facts, "default", self.lower.expr(value), stmt);
                } else if stmt.child_by_field_name("source").is_none() {
                    // `export { A as B }`, `export { A as default }`
                    for clause in named_children(stmt).filter(|c| c.kind() == "export_clause") {
                        for spec in named_children(clause).filter(|s| s.kind() == "export_specifier") {
                            let name = spec.child_by_field_name("name").and_then(|n| self.lower.key(n));
                            let alias = spec.child_by_field_name("alias").and_then(|a| self.lower.key(a));
                            if let (Some(name), Some(alias)) = (name, alias) {
                                if name != alias {
                                    let value = Expr::Ref { path: vec![name], span: self.span(spec) };
                                    self.bind(facts, &alias, value, spec);
                                }
                            }
                        }
                    }
                }
            }
            "function_declaration" => {
                if let (Some(name), Some(value)) = (stmt.child_by_field_name("name"), self.preset_function(stmt)) {
                    self.bind(facts, self.text(name), value, stmt);
                }
            }
            // `enum ToolName { SEARCH = "search" }`: members are `ToolName.SEARCH`.
            "enum_declaration" => {
                let (Some(name), Some(body)) = (stmt.child_by_field_name("name"), stmt.child_by_field_name("body"))
                else {
                    return;
                };
                for m in named_children(body).filter(|m| m.kind() == "enum_assignment") {
                    let (Some(key), Some(value)) = (m.child_by_field_name("name"), m.child_by_field_name("value"))
                    else {
                        continue;
                    };
                    if let Some(key) = self.lower.key(key) {
                        self.bind(facts, &format!("{}.{key}", self.text(name)), self.lower.expr(value), m);
                    }
                }
            }
            "class_declaration" | "abstract_class_declaration" => {
                // `class MyServer extends McpServer`: the class resolves to its base.
                let name = stmt.child_by_field_name("name");
                let base = named_children(stmt)
                    .find(|c| c.kind() == "class_heritage")
                    .and_then(|h| named_children(h).find(|c| c.kind() == "extends_clause").or(Some(h)))
                    .and_then(|e| e.child_by_field_name("value").or_else(|| named_children(e).next()));
                match (name, base) {
                    (Some(name), Some(base)) => self.bind(facts, self.text(name), self.lower.expr(base), name),
                    // A class of the project with no base: its instances are
                    // no SDK server (a forwarding class is bound later, as a
                    // wrapper, and wins).
                    (Some(name), None) => self.bind(facts, self.text(name), Expr::Other(self.span(name)), name),
                    _ => {}
                }
            }
            "expression_statement" => {
                let Some(assign) = named_children(stmt).find(|c| c.kind() == "assignment_expression") else { return };
                let (Some(left), Some(right)) =
                    (assign.child_by_field_name("left"), assign.child_by_field_name("right"))
                else {
                    return;
                };
                let Some(path) = self.lower.dotted(left) else { return };
                let value = self.lower.expr(right);
                match path.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
                    ["module", "exports"] => {
                        if let Expr::Object { entries, .. } = &value {
                            for e in entries {
                                if let Entry::Pair { key, value: v, .. } = e {
                                    // `{ READ_ONLY }` names the declaration itself.
                                    let same =
                                        matches!(v, Expr::Ref { path, .. } if path.len() == 1 && path[0] == *key);
                                    if !same {
                                        self.bind(facts, key, v.clone(), assign);
                                    }
                                }
                            }
                        }
                        self.bind(facts, EXPORTS, value.clone(), assign);
                        self.bind(facts, "default", value, assign);
                    }
                    ["module", "exports", name] | ["exports", name] => self.bind(facts, name, value, assign),
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// The binding [`EXPORTS`]: an object of everything the module exports,
    /// so that `Object.values(ns)` of a namespace import can be followed.
    fn export_table(&self, facts: &mut FileFacts) {
        let mut entries = Vec::new();
        let span = self.span(self.root);
        let mut export = |name: String, at: Node<'t>| {
            let value = Expr::Ref { path: vec![name.clone()], span: self.span(at) };
            entries.push(Entry::Pair { key: name, key_span: self.span(at), value });
        };
        let mut stars = Vec::new();
        for stmt in named_children(self.root).filter(|s| s.kind() == "export_statement") {
            if let Some(decl) = stmt.child_by_field_name("declaration") {
                match decl.kind() {
                    "lexical_declaration" | "variable_declaration" => {
                        for d in named_children(decl).filter(|d| d.kind() == "variable_declarator") {
                            if let Some(n) = d.child_by_field_name("name").filter(|n| n.kind() == "identifier") {
                                export(self.text(n).to_string(), n);
                            }
                        }
                    }
                    _ => {
                        if let Some(n) = decl.child_by_field_name("name") {
                            export(self.text(n).to_string(), n);
                        }
                    }
                }
                continue;
            }
            if stmt.child_by_field_name("value").is_some() {
                export("default".into(), stmt);
                continue;
            }
            let source = stmt.child_by_field_name("source").and_then(|s| self.lower.string(s));
            let mut named = false;
            for clause in named_children(stmt).filter(|c| c.kind() == "export_clause") {
                for spec in named_children(clause).filter(|s| s.kind() == "export_specifier") {
                    let name = spec.child_by_field_name("name").and_then(|n| self.lower.key(n));
                    let alias = spec.child_by_field_name("alias").and_then(|a| self.lower.key(a));
                    if let Some(exported) = alias.or(name) {
                        export(exported, spec);
                        named = true;
                    }
                }
            }
            if let (Some(module), false) = (source, named) {
                if !named_children(stmt).any(|c| c.kind() == "namespace_export") {
                    stars.push((module, stmt));
                }
            }
        }
        for (i, (module, at)) in stars.into_iter().enumerate() {
            let local = format!("{EXPORTS}{i}");
            facts.imports.push(Import {
                local: local.clone(),
                module,
                member: Some(EXPORTS.into()),
                span: self.span(at),
            });
            entries.push(Entry::Spread(Expr::Ref { path: vec![local], span: self.span(at) }));
        }
        if !entries.is_empty() {
            self.bind(facts, EXPORTS, Expr::Object { entries, span }, self.root);
        }
    }

    fn declarator(&self, d: Node<'t>, facts: &mut FileFacts) {
        let (Some(name), Some(value)) = (d.child_by_field_name("name"), d.child_by_field_name("value")) else { return };
        // `require(...)` declarations are imports.
        if self.is_require(value) {
            return;
        }
        match name.kind() {
            "identifier" => {
                let value = self.preset_function(value).unwrap_or_else(|| self.lower.expr(value));
                self.bind(facts, self.text(name), value, d)
            }
            // `const { a, b: c } = obj`
            "object_pattern" => {
                let base = self.lower.expr(value);
                for p in named_children(name) {
                    let (key, local) = match p.kind() {
                        "shorthand_property_identifier_pattern" => (self.text(p).to_string(), p),
                        "pair_pattern" => match (
                            p.child_by_field_name("key").and_then(|k| self.lower.key(k)),
                            p.child_by_field_name("value").filter(|v| v.kind() == "identifier"),
                        ) {
                            (Some(k), Some(v)) => (k, v),
                            _ => continue,
                        },
                        _ => continue,
                    };
                    let value = Expr::Field { base: Box::new(base.clone()), key, span: self.span(p) };
                    self.bind(facts, self.text(local), value, p);
                }
            }
            _ => {}
        }
    }

    /// A function whose whole body returns an object or array literal
    /// (`() => ({...})`, `function readOnly(title) { return {...}; }`,
    /// `getTools(db) { return [makeA(db), makeB(db)]; }`): calling it gives
    /// that value, with what its parameters feed unknown.
    fn preset_function(&self, f: Node<'t>) -> Option<Expr> {
        if !matches!(f.kind(), "arrow_function" | "function_expression" | "function" | "function_declaration") {
            return None;
        }
        let body = f.child_by_field_name("body")?;
        let returned = if body.kind() == "statement_block" {
            let mut statements = named_children(body).filter(|c| c.kind() != "comment");
            let only = statements.next().filter(|s| s.kind() == "return_statement")?;
            if statements.next().is_some() {
                return None;
            }
            named_children(only).find(|c| c.kind() != "comment")?
        } else {
            body
        };
        let object = unwrap_types(returned);
        // An identity helper (`defineTool(def) { return def; }`) gives its argument.
        if object.kind() == "identifier" {
            return self
                .argument_index(f, self.text(object))
                .map(|i| Expr::Function { returns: Box::new(Returns::Argument(i)), span: self.span(f) });
        }
        // An object (a preset, a tool definition) or a list of them.
        if !matches!(object.kind(), "object" | "array") {
            return None;
        }
        let names: Vec<String> = params(f, self.lower.text).into_iter().map(|p| p.name).collect();
        let lowered = fields_of_params(self.lower.expr(object), &|name| self.argument_index(f, name).is_some());
        // A plain parameter, used whole or through its fields (`{ ...def, handler }`) is the argument
        // of each call; anything else read from a parameter is unknown.
        let mut marks = Vec::new();
        param_uses(&lowered, &mut |name, span| {
            if let Some(i) = self.argument_index(f, name) {
                marks.push((span, i));
            }
        });
        let value = unresolve_params(lowered, &names);
        let returns = if marks.is_empty() {
            Returns::Value(value)
        } else {
            Returns::Template { value, params: marks, rest: vec![] }
        };
        Some(Expr::Function { returns: Box::new(returns), span: self.span(f) })
    }

    /// The position of the plain parameter `name` of function `f`.
    fn argument_index(&self, f: Node<'t>, name: &str) -> Option<usize> {
        if let Some(p) = f.child_by_field_name("parameter") {
            return (self.text(p) == name).then_some(0);
        }
        let list = f.child_by_field_name("parameters")?;
        named_children(list).filter(|p| p.kind() != "comment").position(|p| {
            let pattern = match p.kind() {
                "required_parameter" | "optional_parameter" => p.child_by_field_name("pattern"),
                "identifier" => Some(p),
                _ => None,
            };
            pattern.is_some_and(|n| n.kind() == "identifier" && self.text(n) == name)
        })
    }

    fn is_require(&self, mut n: Node<'t>) -> bool {
        if n.kind() == "member_expression" {
            match n.child_by_field_name("object") {
                Some(o) => n = o,
                None => return false,
            }
        }
        n.kind() == "call_expression"
            && n.child_by_field_name("function").is_some_and(|f| f.kind() == "identifier" && self.text(f) == "require")
    }

    fn bind(&self, facts: &mut FileFacts, name: &str, value: Expr, at: Node<'t>) {
        facts.bindings.push(Binding { name: name.to_string(), value, span: self.span(at) });
    }

    /// `this.x` bindings of one class: fields, parameter properties and
    /// `this.x = value` in its methods.
    fn class(&self, class: Node<'t>, facts: &mut FileFacts) {
        let Some(body) = class.child_by_field_name("body") else { return };
        for member in named_children(body) {
            match member.kind() {
                "public_field_definition" | "field_definition" => {
                    let name = member.child_by_field_name("name").or_else(|| member.child_by_field_name("property"));
                    let Some(name) = name.and_then(|n| self.lower.key(n)) else { continue };
                    let value = match member.child_by_field_name("value") {
                        Some(v) => self.lower.expr(v),
                        None => match member.child_by_field_name("type").and_then(|t| self.lower.type_expr(t)) {
                            Some(class) => Expr::Instance { class: Box::new(class), span: self.span(member) },
                            None => continue,
                        },
                    };
                    self.bind(facts, &format!("this.{name}"), value, member);
                }
                "method_definition" => {
                    let is_ctor = member.child_by_field_name("name").is_some_and(|n| self.text(n) == "constructor");
                    if is_ctor {
                        for p in params(member, self.lower.text).into_iter().filter(|p| p.property) {
                            if let Some(class) = p.ty.and_then(|t| self.lower.type_expr(t)) {
                                let value = Expr::Instance { class: Box::new(class), span: self.span(member) };
                                self.bind(facts, &format!("this.{}", p.name), value, member);
                            }
                        }
                    }
                    self.this_assignments(member, facts);
                }
                _ => {}
            }
        }
    }

    fn this_assignments(&self, method: Node<'t>, facts: &mut FileFacts) {
        let Some(body) = method.child_by_field_name("body") else { return };
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                if c.kind() == "assignment_expression" {
                    let (Some(l), Some(r)) = (c.child_by_field_name("left"), c.child_by_field_name("right")) else {
                        continue;
                    };
                    if let Some(path) = self.lower.dotted(l).filter(|p| p.len() == 2 && p[0] == "this") {
                        let value = self.scoped(self.lower.expr(r), c);
                        self.bind(facts, &path.join("."), value, c);
                    }
                }
                // Arrow functions keep `this`; other nested functions rebind it.
                if (!is_function(c) || c.kind() == "arrow_function") && c.named_child_count() > 0 {
                    stack.push(c);
                }
            }
        }
    }
}

/// `e` with every read of one of `params` made `Unresolved`.
/// `opts.readOnly` of a parameter `opts` as a field of the parameter's own
/// reference (spanning just its name), so a call's argument can replace it.
fn fields_of_params(e: Expr, is_param: &dyn Fn(&str) -> bool) -> Expr {
    match e {
        Expr::Ref { path, span } if path.len() > 1 && is_param(&path[0]) => {
            let name_end = span.start as usize + path[0].len();
            let base =
                Expr::Ref { path: vec![path[0].clone()], span: Span::new(span.file, span.start as usize, name_end) };
            path[1..].iter().fold(base, |base, key| Expr::Field { base: Box::new(base), key: key.clone(), span })
        }
        Expr::Object { entries, span } => Expr::Object {
            entries: entries
                .into_iter()
                .map(|en| match en {
                    Entry::Pair { key, key_span, value } => {
                        Entry::Pair { key, key_span, value: fields_of_params(value, is_param) }
                    }
                    Entry::Spread(v) => Entry::Spread(fields_of_params(v, is_param)),
                })
                .collect(),
            span,
        },
        Expr::Equals { left, right, negated, span } => Expr::Equals {
            left: Box::new(fields_of_params(*left, is_param)),
            right: Box::new(fields_of_params(*right, is_param)),
            negated,
            span,
        },
        e => e,
    }
}

/// Each single-name reference in `e` (a candidate parameter), with its span.
fn param_uses(e: &Expr, on: &mut impl FnMut(&str, Span)) {
    match e {
        Expr::Ref { path, span } if path.len() == 1 => on(&path[0], *span),
        Expr::Field { base, .. } => param_uses(base, on),
        Expr::Equals { left, right, .. } => {
            param_uses(left, on);
            param_uses(right, on);
        }
        Expr::Object { entries, .. } => {
            for en in entries {
                match en {
                    Entry::Pair { value, .. } | Entry::Spread(value) => param_uses(value, on),
                }
            }
        }
        Expr::List { items, .. } => {
            for i in items {
                match i {
                    Element::Item(e) | Element::Spread(e) => param_uses(e, on),
                }
            }
        }
        _ => {}
    }
}

fn unresolve_params(e: Expr, params: &[String]) -> Expr {
    match e {
        Expr::Ref { ref path, span } if params.contains(&path[0]) => Expr::Unresolved(span),
        Expr::Object { entries, span } => Expr::Object {
            entries: entries
                .into_iter()
                .map(|en| match en {
                    Entry::Pair { key, key_span, value } => {
                        Entry::Pair { key, key_span, value: unresolve_params(value, params) }
                    }
                    Entry::Spread(v) => Entry::Spread(unresolve_params(v, params)),
                })
                .collect(),
            span,
        },
        Expr::List { items, span } => Expr::List {
            items: items
                .into_iter()
                .map(|i| match i {
                    Element::Item(e) => Element::Item(unresolve_params(e, params)),
                    Element::Spread(e) => Element::Spread(unresolve_params(e, params)),
                })
                .collect(),
            span,
        },
        Expr::Field { base, key, span } => Expr::Field { base: Box::new(unresolve_params(*base, params)), key, span },
        Expr::Lookup { base, key, span } => Expr::Lookup {
            base: Box::new(unresolve_params(*base, params)),
            key: Box::new(unresolve_params(*key, params)),
            span,
        },
        Expr::Equals { left, right, negated, span } => Expr::Equals {
            left: Box::new(unresolve_params(*left, params)),
            right: Box::new(unresolve_params(*right, params)),
            negated,
            span,
        },
        Expr::Concat { parts, span } => {
            Expr::Concat { parts: parts.into_iter().map(|p| unresolve_params(p, params)).collect(), span }
        }
        Expr::Call { callee, args, span } => Expr::Call {
            callee: Box::new(unresolve_params(*callee, params)),
            args: args.into_iter().map(|a| Arg { value: unresolve_params(a.value, params), ..a }).collect(),
            span,
        },
        e => e,
    }
}
