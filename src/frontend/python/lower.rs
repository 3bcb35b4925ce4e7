//! Python syntax → model `Expr`, plus the scope helpers the frontend needs
//! (parameters, enclosing functions, local assignments).

use tree_sitter::Node;

use crate::model::{Arg, Entry, Expr, Spread};
use crate::source::{FileId, Span};

/// Deeper expressions than this are not followed (and cannot overflow the stack).
const MAX_DEPTH: usize = 48;
/// Longer dotted paths name nothing a server defines: unresolved.
const MAX_PATH: usize = 256;

pub struct Lower<'a> {
    pub text: &'a str,
    pub file: FileId,
}

pub struct Param<'t> {
    pub name: String,
    pub annotation: Option<Node<'t>>,
    pub kind: ParamKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    Normal,
    Args,
    Kwargs,
}

impl<'a> Lower<'a> {
    pub fn span(&self, n: Node) -> Span {
        Span::new(self.file, n.start_byte(), n.end_byte())
    }

    pub fn text(&self, n: Node) -> &'a str {
        self.text.get(n.byte_range()).unwrap_or("")
    }

    pub fn expr(&self, n: Node) -> Expr {
        self.expr_at(n, 0)
    }

    fn expr_at(&self, n: Node, depth: usize) -> Expr {
        let span = self.span(n);
        if depth > MAX_DEPTH {
            return Expr::Unresolved(span);
        }
        let d = depth + 1;
        match n.kind() {
            "true" => Expr::Bool(true, span),
            "false" => Expr::Bool(false, span),
            "none" => Expr::Null(span),
            "integer" | "float" => Expr::Number(self.text(n).to_string(), span),
            "string" => match self.string(n) {
                Some(s) => Expr::Str(s, span),
                None => Expr::Other(span),
            },
            "concatenated_string" => {
                let mut out = String::new();
                for part in named_children(n) {
                    match self.string(part) {
                        Some(s) => out.push_str(&s),
                        None => return Expr::Other(span),
                    }
                }
                Expr::Str(out, span)
            }
            "parenthesized_expression" => match named_children(n).find(|c| c.kind() != "comment") {
                Some(inner) => self.expr_at(inner, d),
                None => Expr::Other(span),
            },
            "identifier" => Expr::Ref { path: vec![self.text(n).to_string()], span },
            "attribute" => match self.dotted(n) {
                Some(path) => Expr::Ref { path, span },
                None => Expr::Unresolved(span),
            },
            "subscript" => {
                let base = n.child_by_field_name("value");
                let key = n.child_by_field_name("subscript");
                match (base, key.and_then(|k| self.string(k))) {
                    (Some(base), Some(key)) => Expr::Index { base: Box::new(self.expr_at(base, d)), key, span },
                    _ => Expr::Unresolved(span),
                }
            }
            "dictionary" => {
                let mut entries = Vec::new();
                for c in named_children(n) {
                    match c.kind() {
                        "pair" => {
                            let key = c.child_by_field_name("key");
                            let value = c.child_by_field_name("value");
                            match (key, value) {
                                (Some(k), Some(v)) if k.kind() == "string" => match self.string(k) {
                                    Some(key) => entries.push(Entry::Pair {
                                        key,
                                        key_span: self.span(k),
                                        value: self.expr_at(v, d),
                                    }),
                                    None => entries.push(Entry::Spread(Expr::Unresolved(self.span(c)))),
                                },
                                // A computed key could be any hint.
                                _ => entries.push(Entry::Spread(Expr::Unresolved(self.span(c)))),
                            }
                        }
                        "dictionary_splat" => {
                            if let Some(inner) = named_children(c).next() {
                                entries.push(Entry::Spread(self.expr_at(inner, d)));
                            }
                        }
                        "comment" => {}
                        _ => entries.push(Entry::Spread(Expr::Unresolved(self.span(c)))),
                    }
                }
                Expr::Object { entries, span }
            }
            "call" => {
                let (Some(function), Some(arguments)) =
                    (n.child_by_field_name("function"), n.child_by_field_name("arguments"))
                else {
                    return Expr::Unresolved(span);
                };
                if arguments.kind() != "argument_list" {
                    return Expr::Unresolved(span);
                }
                // `PRESETS.get("read")`: a constant dict's entry, like
                // `PRESETS["read"]` (a missing key stays unresolved).
                if let Some(base) = function
                    .child_by_field_name("object")
                    .filter(|_| function.kind() == "attribute")
                    .filter(|_| function.child_by_field_name("attribute").map(|a| self.text(a)) == Some("get"))
                {
                    let args: Vec<Node> = named_children(arguments).filter(|c| c.kind() != "comment").collect();
                    if (1..=2).contains(&args.len()) && args.iter().all(|a| a.kind() != "keyword_argument") {
                        if let Some(key) = self.string(args[0]) {
                            return Expr::Index { base: Box::new(self.expr_at(base, d)), key, span };
                        }
                    }
                }
                Expr::Call { callee: Box::new(self.expr_at(function, d)), args: self.args_at(arguments, d), span }
            }
            // `BASE | {"title": "x"}`: dict union, right side wins.
            "binary_operator" => {
                let op = n.child_by_field_name("operator").map(|o| self.text(o));
                match (op, n.child_by_field_name("left"), n.child_by_field_name("right")) {
                    (Some("|"), Some(l), Some(r)) => Expr::Object {
                        entries: vec![Entry::Spread(self.expr_at(l, d)), Entry::Spread(self.expr_at(r, d))],
                        span,
                    },
                    _ => Expr::Unresolved(span),
                }
            }
            "list"
            | "tuple"
            | "set"
            | "lambda"
            | "list_comprehension"
            | "dictionary_comprehension"
            | "set_comprehension"
            | "generator_expression"
            | "unary_operator"
            | "ellipsis" => Expr::Other(span),
            _ => Expr::Unresolved(span),
        }
    }

    /// `a.b.c` as a path, when every part is a plain name. Walked
    /// iteratively: an attribute chain nests as deep as it is long.
    pub fn dotted(&self, n: Node) -> Option<Vec<String>> {
        let mut parts = Vec::new();
        let mut cur = n;
        loop {
            if parts.len() > MAX_PATH {
                return None;
            }
            match cur.kind() {
                "identifier" => {
                    parts.push(self.text(cur).to_string());
                    break;
                }
                "attribute" => {
                    parts.push(self.text(cur.child_by_field_name("attribute")?).to_string());
                    cur = cur.child_by_field_name("object")?;
                }
                "dotted_name" => {
                    parts.extend(self.text(cur).rsplit('.').map(|s| s.trim().to_string()));
                    break;
                }
                _ => return None,
            }
        }
        parts.reverse();
        Some(parts)
    }

    /// The value of a plain string literal; `None` for f-strings with
    /// interpolations and byte strings.
    pub fn string(&self, n: Node) -> Option<String> {
        if n.kind() != "string" {
            return None;
        }
        let mut out = String::new();
        for c in named_children(n) {
            match c.kind() {
                // Byte strings are not names or titles.
                "string_start" if self.text(c).to_ascii_lowercase().contains('b') => return None,
                "string_content" => out.push_str(self.text(c)),
                "interpolation" => return None,
                _ => {}
            }
        }
        Some(out)
    }

    pub fn args(&self, arguments: Node) -> Vec<Arg> {
        self.args_at(arguments, 0)
    }

    fn args_at(&self, arguments: Node, d: usize) -> Vec<Arg> {
        let mut out = Vec::new();
        for c in named_children(arguments) {
            match c.kind() {
                "comment" => {}
                "keyword_argument" => {
                    let name_node = c.child_by_field_name("name");
                    let value = match c.child_by_field_name("value") {
                        Some(v) => self.expr_at(v, d),
                        None => Expr::Unresolved(self.span(c)),
                    };
                    out.push(Arg {
                        keyword: name_node.map(|k| self.text(k).to_string()),
                        keyword_span: name_node.map(|k| self.span(k)),
                        value,
                        spread: Spread::No,
                    });
                }
                "list_splat" | "dictionary_splat" => {
                    let spread = if c.kind() == "list_splat" { Spread::List } else { Spread::Map };
                    let value = match named_children(c).next() {
                        Some(v) => self.expr_at(v, d),
                        None => Expr::Unresolved(self.span(c)),
                    };
                    out.push(Arg { keyword: None, keyword_span: None, value, spread });
                }
                _ => out.push(Arg { keyword: None, keyword_span: None, value: self.expr_at(c, d), spread: Spread::No }),
            }
        }
        out
    }

    /// The parameters of a `function_definition`.
    pub fn params<'t>(&self, function: Node<'t>) -> Vec<Param<'t>> {
        let Some(parameters) = function.child_by_field_name("parameters") else {
            return vec![];
        };
        let mut out = Vec::new();
        for p in named_children(parameters) {
            let (name_node, annotation) = match p.kind() {
                "identifier" | "list_splat_pattern" | "dictionary_splat_pattern" => (Some(p), None),
                "typed_parameter" => (named_children(p).find(|c| c.kind() != "type"), p.child_by_field_name("type")),
                "default_parameter" => (p.child_by_field_name("name"), None),
                "typed_default_parameter" => (p.child_by_field_name("name"), p.child_by_field_name("type")),
                _ => (None, None),
            };
            let Some(name_node) = name_node else { continue };
            let (kind, ident) = match name_node.kind() {
                "list_splat_pattern" => (ParamKind::Args, named_children(name_node).next()),
                "dictionary_splat_pattern" => (ParamKind::Kwargs, named_children(name_node).next()),
                _ => (ParamKind::Normal, Some(name_node)),
            };
            if let Some(ident) = ident {
                out.push(Param { name: self.text(ident).to_string(), annotation, kind });
            }
        }
        out
    }

    /// A type annotation as an expression (`FastMCP`, `"FastMCP"`, `mcp.FastMCP`).
    pub fn annotation_expr(&self, ty: Node) -> Expr {
        let inner = named_children(ty).next().unwrap_or(ty);
        if inner.kind() == "string" {
            if let Some(s) = self.string(inner) {
                let path: Vec<String> = s.split('.').map(|p| p.trim().to_string()).collect();
                if path.iter().all(|p| is_identifier(p)) {
                    return Expr::Ref { path, span: self.span(inner) };
                }
            }
            return Expr::Unresolved(self.span(inner));
        }
        self.expr(inner)
    }
}

pub fn named_children<'t>(n: Node<'t>) -> impl Iterator<Item = Node<'t>> {
    crate::frontend::queries::named_children(n)
}

pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c == '_' || c.is_alphabetic()) && chars.all(|c| c == '_' || c.is_alphanumeric())
}

/// Function definitions enclosing `n`, innermost first.
pub fn enclosing_functions(n: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut cur = n.parent();
    while let Some(p) = cur {
        if p.kind() == "function_definition" {
            out.push(p);
        }
        cur = p.parent();
    }
    out
}

/// The class a function is a method of, if it is defined directly in a class body.
pub fn method_class(function: Node) -> Option<Node> {
    let mut p = function.parent()?;
    if p.kind() == "decorated_definition" {
        p = p.parent()?;
    }
    let class = p.parent()?;
    (p.kind() == "block" && class.kind() == "class_definition").then_some(class)
}

/// True when `n` is not inside any function or class body.
pub fn at_module_level(n: Node) -> bool {
    let mut cur = n.parent();
    while let Some(p) = cur {
        if matches!(p.kind(), "function_definition" | "class_definition" | "lambda") {
            return false;
        }
        cur = p.parent();
    }
    true
}

/// The right-hand side of the last `name = value` in `function`'s own body
/// (not nested functions or classes) that starts before `before`.
pub fn local_assignment<'t>(function: Node<'t>, name: &str, before: usize, text: &str) -> Option<Node<'t>> {
    let body = function.child_by_field_name("body")?;
    let mut found = None;
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        for c in named_children(n) {
            match c.kind() {
                "function_definition" | "class_definition" | "decorated_definition" | "lambda" => {}
                "assignment" => {
                    if let (Some(l), Some(r)) = (c.child_by_field_name("left"), c.child_by_field_name("right")) {
                        if l.kind() == "identifier"
                            && text.get(l.byte_range()) == Some(name)
                            && c.start_byte() < before
                            && found.is_none_or(|f: Node| f.start_byte() < c.start_byte())
                        {
                            found = Some(r);
                        }
                    }
                }
                _ => stack.push(c),
            }
        }
    }
    found
}
