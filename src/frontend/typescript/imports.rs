//! ES imports, re-exports and CommonJS `require` → [`Import`]s.
//!
//! A default import binds the member `default`; a namespace import or a
//! whole `require(...)` binds the module itself (`member: None`); `export *`
//! is a wildcard import (`local: "*"`) so that names resolve through it.

use tree_sitter::{Node, StreamingIterator};

use super::lower::named_children;
use super::Cx;
use crate::model::{FileFacts, Import};

impl<'a, 't> Cx<'a, 't> {
    pub(super) fn imports(&self, facts: &mut FileFacts) {
        let q = &self.queries.imports;
        let (c_import, c_reexport, c_require, c_source) =
            (q.capture("import"), q.capture("reexport"), q.capture("require"), q.capture("require.source"));
        let mut cursor = crate::frontend::queries::cursor();
        let mut matches = cursor.matches(&q.query, self.root, self.lower.text.as_bytes());
        while let Some(m) = matches.next() {
            let get = |i: u32| m.captures.iter().find(|c| c.index == i).map(|c| c.node);
            if let Some(n) = get(c_import) {
                self.import_statement(n, facts);
            } else if let Some(n) = get(c_reexport) {
                self.reexport(n, facts);
            } else if let (Some(call), Some(source)) = (get(c_require), get(c_source)) {
                self.require(call, source, facts);
            }
        }
    }

    fn push(&self, facts: &mut FileFacts, local: &str, module: &str, member: Option<&str>, at: Node<'t>) {
        facts.imports.push(Import {
            local: local.to_string(),
            module: module.to_string(),
            member: member.map(str::to_string),
            span: self.span(at),
        });
    }

    fn import_statement(&self, n: Node<'t>, facts: &mut FileFacts) {
        let source = n.child_by_field_name("source").and_then(|s| self.lower.string(s));
        for c in named_children(n) {
            match c.kind() {
                "import_clause" => {
                    let Some(module) = &source else { return };
                    for part in named_children(c) {
                        match part.kind() {
                            "identifier" => self.push(facts, self.text(part), module, Some("default"), part),
                            "namespace_import" => {
                                if let Some(id) = named_children(part).find(|i| i.kind() == "identifier") {
                                    self.push(facts, self.text(id), module, None, part);
                                }
                            }
                            "named_imports" => {
                                for spec in named_children(part).filter(|s| s.kind() == "import_specifier") {
                                    let Some(name) = spec.child_by_field_name("name") else { continue };
                                    let member = self.lower.key(name).unwrap_or_default();
                                    let local = spec
                                        .child_by_field_name("alias")
                                        .map_or(member.clone(), |a| self.text(a).to_string());
                                    self.push(facts, &local, module, Some(&member), spec);
                                }
                            }
                            _ => {}
                        }
                    }
                }
                // `import x = require("m")`
                "import_require_clause" => {
                    let id = named_children(c).find(|i| i.kind() == "identifier");
                    let src = c.child_by_field_name("source").and_then(|s| self.lower.string(s));
                    if let (Some(id), Some(src)) = (id, src) {
                        self.push(facts, self.text(id), &src, None, c);
                    }
                }
                _ => {}
            }
        }
        // A side-effect import still says which SDK the file uses.
        if let Some(module) = &source {
            if !named_children(n).any(|c| c.kind() == "import_clause") {
                self.push(facts, "", module, None, n);
            }
        }
    }

    fn reexport(&self, n: Node<'t>, facts: &mut FileFacts) {
        let Some(module) = n.child_by_field_name("source").and_then(|s| self.lower.string(s)) else { return };
        let mut any = false;
        for c in named_children(n) {
            match c.kind() {
                "export_clause" => {
                    for spec in named_children(c).filter(|s| s.kind() == "export_specifier") {
                        let Some(name) = spec.child_by_field_name("name") else { continue };
                        let member = self.lower.key(name).unwrap_or_default();
                        let local =
                            spec.child_by_field_name("alias").and_then(|a| self.lower.key(a)).unwrap_or(member.clone());
                        self.push(facts, &local, &module, Some(&member), spec);
                        any = true;
                    }
                }
                "namespace_export" => {
                    if let Some(id) = named_children(c).next() {
                        let local = self.lower.key(id).unwrap_or_default();
                        self.push(facts, &local, &module, None, c);
                        any = true;
                    }
                }
                _ => {}
            }
        }
        if !any {
            self.push(facts, "*", &module, Some("*"), n);
        }
    }

    fn require(&self, call: Node<'t>, source: Node<'t>, facts: &mut FileFacts) {
        let Some(module) = self.lower.string(source) else { return };
        let Some(parent) = call.parent() else { return };
        // `require("m").member`
        let (holder, member) = if parent.kind() == "member_expression" {
            match (parent.child_by_field_name("property"), parent.parent()) {
                (Some(p), Some(gp)) => (gp, Some(self.text(p).to_string())),
                _ => return,
            }
        } else {
            (parent, None)
        };
        if holder.kind() != "variable_declarator" {
            // Still a sign of which packages the file uses.
            self.push(facts, "", &module, None, call);
            return;
        }
        let Some(name) = holder.child_by_field_name("name") else { return };
        match name.kind() {
            "identifier" => self.push(facts, self.text(name), &module, member.as_deref(), holder),
            "object_pattern" if member.is_none() => {
                for p in named_children(name) {
                    match p.kind() {
                        "shorthand_property_identifier_pattern" => {
                            self.push(facts, self.text(p), &module, Some(self.text(p)), p)
                        }
                        "pair_pattern" => {
                            let key = p.child_by_field_name("key").and_then(|k| self.lower.key(k));
                            let value = p.child_by_field_name("value").filter(|v| v.kind() == "identifier");
                            if let (Some(key), Some(value)) = (key, value) {
                                self.push(facts, self.text(value), &module, Some(&key), p);
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}
