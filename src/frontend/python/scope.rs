//! Python scopes: what a name means where a registration uses it — a
//! local variable or nested function of an enclosing function, a module
//! constant of this file, an f-string of constants, an alias of a server's
//! decorator.

use std::collections::HashMap;

use tree_sitter::Node;

use super::lower::{enclosing_functions, local_assignment, named_children};
use super::Cx;
use crate::model::{Arg, Entry, Expr, Spread};

impl<'a, 't> Cx<'a, 't> {
    /// Replace keyword values (and `**spread` values) that name a local
    /// variable of an enclosing function with that variable's value: a
    /// preset assigned in a `register(mcp)` function or a server factory.
    /// Parameters are left alone (they stay references for `forwarding`).
    pub(super) fn scope_locals(&self, args: Vec<Arg>, at: Node, keep_first_positional: bool) -> Vec<Arg> {
        let first = if keep_first_positional {
            args.iter().position(|a| a.keyword.is_none() && a.spread == Spread::No)
        } else {
            None
        };
        args.into_iter()
            .enumerate()
            .map(|(i, mut a)| {
                if Some(i) != first {
                    a.value = self.local_value(a.value, at, 3);
                }
                a
            })
            .collect()
    }

    /// `expr` with a leading local-variable name replaced by its value,
    /// looked up in the innermost enclosing function that binds the name.
    pub(super) fn local_value(&self, expr: Expr, at: Node, depth: u8) -> Expr {
        if depth == 0 {
            return expr;
        }
        match expr {
            Expr::Ref { ref path, .. } if path.len() == 1 => {
                for f in enclosing_functions(at) {
                    if self.lower.params(f).iter().any(|p| p.name == path[0]) {
                        return expr;
                    }
                    if let Some(value) = local_assignment(f, &path[0], at.start_byte(), self.lower.text) {
                        return self.local_value(self.lower.expr(value), value, depth - 1);
                    }
                }
                expr
            }
            Expr::Index { base, key, span } => {
                Expr::Index { base: Box::new(self.local_value(*base, at, depth)), key, span }
            }
            Expr::Object { entries, span } => Expr::Object {
                entries: entries
                    .into_iter()
                    .map(|e| match e {
                        // `{READ_ONLY_HINT: True}` with `READ_ONLY_HINT = "readOnlyHint"` here.
                        Entry::Spread(Expr::Unresolved(s)) => {
                            self.constant_key_pair(s, at).unwrap_or(Entry::Spread(Expr::Unresolved(s)))
                        }
                        Entry::Spread(v) => Entry::Spread(self.local_value(v, at, depth)),
                        other => other,
                    })
                    .collect(),
                span,
            },
            Expr::Call { callee, args, span } => {
                let args: Vec<Arg> = args
                    .into_iter()
                    .map(|mut a| {
                        a.value = self.local_value(a.value, at, depth);
                        a
                    })
                    .collect();
                if let Expr::Ref { path, .. } = &*callee {
                    if let [name] = &path[..] {
                        // A function of an enclosing scope cannot be followed, and
                        // it must not be taken for a module helper of the same name.
                        if self.shadowed(name, at) {
                            return Expr::Unresolved(span);
                        }
                        if let Some(inlined) = self.inline_helper(name, &args, depth) {
                            return inlined;
                        }
                    }
                }
                Expr::Call { callee, args, span }
            }
            // `f"{GROUP}_list"` with `GROUP = "patient"` in this file.
            Expr::Other(span) => Some((span.start as usize, span.end as usize))
                .filter(|_| span.file == self.lower.file)
                .and_then(|(start, end)| {
                    self.root
                        .descendant_for_byte_range(start, end)
                        .filter(|n| n.kind() == "string" && n.byte_range() == (start..end))
                })
                .and_then(|n| match self.fstring(n, at) {
                    Some(s) => Some(Expr::Str(s, span)),
                    None => self.fstring_parts(n, at).map(|parts| Expr::Concat { parts, span }),
                })
                .unwrap_or(Expr::Other(span)),
            other => other,
        }
    }

    /// A dict pair whose key is a name bound to a plain string (a local of an
    /// enclosing function, else a module constant of this file).
    fn constant_key_pair(&self, span: crate::source::Span, at: Node) -> Option<Entry> {
        if span.file != self.lower.file {
            return None;
        }
        let (start, end) = (span.start as usize, span.end as usize);
        let pair = self
            .root
            .descendant_for_byte_range(start, end)
            .filter(|n| n.kind() == "pair" && n.byte_range() == (start..end))?;
        let (key, value) = (pair.child_by_field_name("key")?, pair.child_by_field_name("value")?);
        if key.kind() != "identifier" {
            return None;
        }
        let name = self.text(key);
        let mut bound = None;
        for f in enclosing_functions(at) {
            if self.lower.params(f).iter().any(|p| p.name == name) {
                return None;
            }
            if let Some(v) = local_assignment(f, name, at.start_byte(), self.lower.text) {
                bound = Some(v);
                break;
            }
        }
        let bound = bound.or_else(|| self.module_assignment(name))?;
        let key_text = self.lower.string(bound)?;
        Some(Entry::Pair { key: key_text, key_span: self.span(key), value: self.lower.expr(value) })
    }

    /// An f-string whose every interpolation is a bare name bound to a plain
    /// string literal (a local of an enclosing function, else a module
    /// constant of this file).
    fn fstring(&self, n: Node, at: Node) -> Option<String> {
        let mut out = String::new();
        for c in named_children(n) {
            match c.kind() {
                "string_start" if self.text(c).to_ascii_lowercase().contains('b') => return None,
                "string_content" => out.push_str(self.text(c)),
                "interpolation" => {
                    let mut parts = named_children(c);
                    let (Some(ident), None) = (parts.next(), parts.next()) else { return None };
                    if ident.kind() != "identifier" {
                        return None;
                    }
                    let name = self.text(ident);
                    let mut value = None;
                    for f in enclosing_functions(at) {
                        if self.lower.params(f).iter().any(|p| p.name == name) {
                            return None;
                        }
                        if let Some(v) = local_assignment(f, name, at.start_byte(), self.lower.text) {
                            value = Some(v);
                            break;
                        }
                    }
                    let value = value.or_else(|| self.module_assignment(name))?;
                    out.push_str(&self.lower.string(value)?);
                }
                _ => {}
            }
        }
        Some(out)
    }

    /// An f-string whose interpolations are plain names or dotted paths not
    /// local to an enclosing function (imported constants, class attributes):
    /// its parts, joined by resolve when every one is a string.
    fn fstring_parts(&self, n: Node, at: Node) -> Option<Vec<Expr>> {
        let mut parts = Vec::new();
        for c in named_children(n) {
            match c.kind() {
                "string_start" if self.text(c).to_ascii_lowercase().contains('b') => return None,
                "string_content" => parts.push(Expr::Str(self.text(c).to_string(), self.span(c))),
                "interpolation" => {
                    let mut inner = named_children(c);
                    let (Some(e), None) = (inner.next(), inner.next()) else { return None };
                    let path = self.lower.dotted(e)?;
                    if self.shadowed(&path[0], at) {
                        return None;
                    }
                    parts.push(Expr::Ref { path, span: self.span(e) });
                }
                _ => {}
            }
        }
        Some(parts)
    }

    /// Whether `name` at `at` is a parameter, local variable or nested
    /// function of an enclosing function (not a module name).
    pub(super) fn shadowed(&self, name: &str, at: Node) -> bool {
        enclosing_functions(at).into_iter().any(|f| {
            self.lower.params(f).iter().any(|p| p.name == name)
                || local_assignment(f, name, at.start_byte(), self.lower.text).is_some()
                || self.defines_function(f, name)
        })
    }

    /// Whether `function`'s own body defines a nested function `name`.
    fn defines_function(&self, function: Node, name: &str) -> bool {
        let Some(body) = function.child_by_field_name("body") else { return false };
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                let def =
                    if c.kind() == "decorated_definition" { c.child_by_field_name("definition") } else { Some(c) };
                match def {
                    Some(d) if d.kind() == "function_definition" || d.kind() == "class_definition" => {
                        if d.child_by_field_name("name").is_some_and(|n| self.text(n) == name) {
                            return true;
                        }
                    }
                    _ => stack.push(c),
                }
            }
        }
        false
    }

    /// A function defined at module level (also in top-level `if`/`try` blocks).
    pub(super) fn module_function(&self, name: &str) -> Option<Node<'t>> {
        // One walk per file, not one per helper call (a file with thousands
        // of registrations through helpers was quadratic).
        self.module_functions.get(name).copied()
    }

    /// A bare decorator name bound to a server's decorator, in the enclosing
    /// function or at module level: `tool = mcp.tool`, `tool =
    /// mcp.tool(**keywords)` or `tool = functools.partial(mcp.tool,
    /// **keywords)`. Returns the `mcp.tool` attribute, the bound arguments
    /// (locals scoped) and the assignment's value node.
    pub(super) fn tool_alias(&self, callee: Node<'t>, at: Node<'t>) -> Option<(Node<'t>, Vec<Arg>, Node<'t>)> {
        if callee.kind() != "identifier" {
            return None;
        }
        let name = self.text(callee);
        let value = enclosing_functions(at)
            .into_iter()
            .find_map(|f| local_assignment(f, name, at.start_byte(), self.lower.text))
            .or_else(|| self.module_assignment(name))?;
        match value.kind() {
            "attribute" => Some((value, vec![], value)),
            "call" => {
                let function = value.child_by_field_name("function")?;
                let arguments = value.child_by_field_name("arguments").filter(|a| a.kind() == "argument_list")?;
                // `read_tool = mcp.tool(annotations=READ)`: the decorator itself.
                if function.kind() == "attribute"
                    && function.child_by_field_name("attribute").is_some_and(|m| self.text(m) == "tool")
                    && !named_children(arguments).any(|a| a.kind() != "keyword_argument" && a.kind() != "comment")
                {
                    return Some((function, self.scope_locals(self.lower.args(arguments), value, false), value));
                }
                if !matches!(self.text(function), "partial" | "functools.partial") {
                    return None;
                }
                let first = named_children(arguments).next().filter(|a| a.kind() == "attribute")?;
                let args = self.scope_locals(self.lower.args(arguments), value, true);
                Some((first, args, value))
            }
            _ => None,
        }
    }

    /// The value of the last module-level `name = value` (also inside
    /// top-level `if`/`try` blocks).
    pub(super) fn module_assignment(&self, name: &str) -> Option<Node<'t>> {
        let mut found = None;
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                match c.kind() {
                    "expression_statement" => {
                        for a in named_children(c).filter(|a| a.kind() == "assignment") {
                            if let (Some(l), Some(r)) = (a.child_by_field_name("left"), a.child_by_field_name("right"))
                            {
                                if l.kind() == "identifier"
                                    && self.text(l) == name
                                    && found.is_none_or(|f: Node| f.start_byte() < r.start_byte())
                                {
                                    found = Some(r);
                                }
                            }
                        }
                    }
                    "if_statement" | "try_statement" | "block" => stack.push(c),
                    k if k.ends_with("clause") => stack.push(c),
                    _ => {}
                }
            }
        }
        found
    }

    /// Whether a module-level statement may bind `name` (an assignment, an
    /// import, a definition), looking into top-level `if`/`try`/`with` blocks.
    pub(super) fn bound_at_module_level(&self, name: &str) -> bool {
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            for c in named_children(n) {
                let binds = match c.kind() {
                    "function_definition" | "class_definition" => {
                        c.child_by_field_name("name").is_some_and(|n| self.text(n) == name)
                    }
                    "decorated_definition" => c
                        .child_by_field_name("definition")
                        .and_then(|d| d.child_by_field_name("name"))
                        .is_some_and(|n| self.text(n) == name),
                    "import_statement" | "import_from_statement" | "future_import_statement" => {
                        self.text(c).split(|ch: char| !ch.is_alphanumeric() && ch != '_').any(|w| w == name)
                    }
                    "expression_statement" => named_children(c).any(|a| {
                        matches!(a.kind(), "assignment" | "augmented_assignment")
                            && a.child_by_field_name("left").is_some_and(|l| {
                                self.text(l).split(|ch: char| !ch.is_alphanumeric() && ch != '_').any(|w| w == name)
                            })
                    }),
                    "if_statement" | "try_statement" | "with_statement" | "for_statement" | "while_statement"
                    | "block" => {
                        stack.push(c);
                        false
                    }
                    k if k.ends_with("clause") => {
                        stack.push(c);
                        false
                    }
                    _ => false,
                };
                if binds {
                    return true;
                }
            }
        }
        false
    }
}

/// Every module-level function (also inside `if`/`try` blocks) by name, the
/// last definition winning: [`Cx::module_function`]'s index, built once.
pub(super) fn module_function_index<'a, 't>(text: &'a str, root: Node<'t>) -> HashMap<&'a str, Node<'t>> {
    let mut found = HashMap::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        for c in named_children(n) {
            let def = match c.kind() {
                "function_definition" => Some(c),
                "decorated_definition" => c.child_by_field_name("definition"),
                "if_statement" | "try_statement" | "block" => {
                    stack.push(c);
                    None
                }
                k if k.ends_with("clause") => {
                    stack.push(c);
                    None
                }
                _ => None,
            };
            if let Some(def) = def.filter(|d| d.kind() == "function_definition") {
                if let Some(n) = def.child_by_field_name("name") {
                    found.insert(&text[n.byte_range()], def);
                }
            }
        }
    }
    found
}
