//! TypeScript/JavaScript syntax → model `Expr`, and the scope helpers the
//! frontend needs (enclosing functions, parameters, local declarations).
//! The same code serves the typescript, tsx and javascript grammars, whose
//! node kinds agree on everything read here.

use tree_sitter::Node;

use crate::model::{Arg, Element, Entry, Expr, Spread};
use crate::source::{FileId, Span};

/// Deeper expressions than this are not followed (and cannot overflow the stack).
const MAX_DEPTH: usize = 48;
/// Longer dotted paths name nothing a server defines: unresolved.
const MAX_PATH: usize = 256;

pub struct Lower<'a> {
    pub text: &'a str,
    pub file: FileId,
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
            "null" | "undefined" => Expr::Null(span),
            "number" => Expr::Number(self.text(n).to_string(), span),
            "string" => match self.string(n) {
                Some(s) => Expr::Str(s, span),
                None => Expr::Other(span),
            },
            "template_string" => match self.string(n) {
                Some(s) => Expr::Str(s, span),
                None => Expr::Other(span),
            },
            "identifier" | "shorthand_property_identifier" => {
                if self.text(n) == "undefined" {
                    Expr::Null(span)
                } else {
                    Expr::Ref { path: vec![self.text(n).to_string()], span }
                }
            }
            "this" => Expr::Ref { path: vec!["this".into()], span },
            "member_expression" => match self.dotted(n) {
                Some(path) => Expr::Ref { path, span },
                None => match (n.child_by_field_name("object"), n.child_by_field_name("property")) {
                    (Some(o), Some(p)) => {
                        Expr::Field { base: Box::new(self.expr_at(o, d)), key: self.text(p).to_string(), span }
                    }
                    _ => Expr::Unresolved(span),
                },
            },
            "subscript_expression" => {
                let base = n.child_by_field_name("object");
                let key = n.child_by_field_name("index").and_then(|k| self.string(k));
                match (base, key) {
                    (Some(base), Some(key)) => Expr::Field { base: Box::new(self.expr_at(base, d)), key, span },
                    // `TABLE[NAMES.X]`, `TABLE[name]`: the key is followed.
                    (Some(base), None) => match n.child_by_field_name("index") {
                        Some(index) if matches!(index.kind(), "identifier" | "member_expression") => Expr::Lookup {
                            base: Box::new(self.expr_at(base, d)),
                            key: Box::new(self.expr_at(index, d)),
                            span,
                        },
                        _ => Expr::Unresolved(span),
                    },
                    _ => Expr::Unresolved(span),
                }
            }
            // Type-level wrappers are transparent: `{...} as const`,
            // `satisfies Tool`, `<Tool>{...}`, `x!`, `(x)`.
            "parenthesized_expression" | "as_expression" | "satisfies_expression" | "non_null_expression" => {
                match named_children(n).find(|c| c.kind() != "comment") {
                    Some(inner) => self.expr_at(inner, d),
                    None => Expr::Other(span),
                }
            }
            "type_assertion" => match named_children(n).filter(|c| c.kind() != "comment").last() {
                Some(inner) => self.expr_at(inner, d),
                None => Expr::Other(span),
            },
            "object" => self.object(n, d),
            // `"a" + "b"`: a literal when both sides are.
            "binary_expression" => {
                let op = n.child_by_field_name("operator").map(|o| self.text(o));
                match (op, n.child_by_field_name("left"), n.child_by_field_name("right")) {
                    (Some("+"), Some(l), Some(r)) => match (self.expr_at(l, d), self.expr_at(r, d)) {
                        (Expr::Str(a, _), Expr::Str(b, _)) => Expr::Str(a + &b, span),
                        (Expr::Str(..) | Expr::Other(_), _) | (_, Expr::Str(..) | Expr::Other(_)) => Expr::Other(span),
                        _ => Expr::Unresolved(span),
                    },
                    // `schema.type === "readOnly"`: a boolean once both sides are known.
                    (Some(op @ ("===" | "!==" | "==" | "!=")), Some(l), Some(r)) => Expr::Equals {
                        left: Box::new(self.expr_at(l, d)),
                        right: Box::new(self.expr_at(r, d)),
                        negated: op.starts_with('!'),
                        span,
                    },
                    // `env.DESCRIPTION ?? "List notes"`: some string, not a literal.
                    (Some("??" | "||"), Some(_), Some(r))
                        if matches!(self.expr_at(r, d), Expr::Str(..) | Expr::Other(_)) =>
                    {
                        Expr::Other(span)
                    }
                    _ => Expr::Unresolved(span),
                }
            }
            "unary_expression" => self.unary(n, d),
            "call_expression" => self.call(n, d),
            "new_expression" => {
                let callee = n.child_by_field_name("constructor");
                let args = n.child_by_field_name("arguments");
                match callee {
                    Some(c) => Expr::Call {
                        callee: Box::new(self.expr_at(c, d)),
                        args: args.map(|a| self.args_at(a, d)).unwrap_or_default(),
                        span,
                    },
                    None => Expr::Unresolved(span),
                }
            }
            "array" => Expr::List {
                items: named_children(n)
                    .filter(|c| c.kind() != "comment")
                    .map(|c| match c.kind() {
                        "spread_element" => match named_children(c).next() {
                            Some(inner) => Element::Spread(self.expr_at(inner, d)),
                            None => Element::Spread(Expr::Unresolved(self.span(c))),
                        },
                        _ => Element::Item(self.expr_at(c, d)),
                    })
                    .collect(),
                span,
            },
            "arrow_function"
            | "function_expression"
            | "function"
            | "class"
            | "regex"
            | "jsx_element"
            | "jsx_self_closing_element" => Expr::Other(span),
            _ => Expr::Unresolved(span),
        }
    }

    /// `!0` / `!1` are how minifiers write `true` / `false`, `void 0` is
    /// `undefined`; any other `!x` is some boolean that cannot be known.
    fn unary(&self, n: Node, d: usize) -> Expr {
        let span = self.span(n);
        let op = n.child_by_field_name("operator").map(|o| self.text(o));
        let Some(arg) = n.child_by_field_name("argument") else { return Expr::Other(span) };
        match op {
            Some("!") => match self.expr_at(arg, d) {
                Expr::Bool(b, _) => Expr::Bool(!b, span),
                Expr::Number(v, _) => Expr::Bool(v.parse::<f64>().is_ok_and(|x| x == 0.0), span),
                Expr::Null(_) => Expr::Bool(true, span),
                // `!tool.mutating`: the negation of a boolean known later.
                inner => Expr::Equals {
                    left: Box::new(inner),
                    right: Box::new(Expr::Bool(false, span)),
                    negated: false,
                    span,
                },
            },
            Some("void") => Expr::Null(span),
            Some("-") if arg.kind() == "number" => Expr::Number(self.text(n).to_string(), span),
            _ => Expr::Other(span),
        }
    }

    fn is_undefined(&self, n: Node) -> bool {
        match n.kind() {
            "undefined" => true,
            "identifier" => self.text(n) == "undefined",
            "unary_expression" => n.child_by_field_name("operator").is_some_and(|o| self.text(o) == "void"),
            _ => false,
        }
    }

    fn object(&self, n: Node, d: usize) -> Expr {
        let span = self.span(n);
        let mut entries = Vec::new();
        for c in named_children(n) {
            match c.kind() {
                "pair" => {
                    let (Some(k), Some(v)) = (c.child_by_field_name("key"), c.child_by_field_name("value")) else {
                        continue;
                    };
                    match self.key(k) {
                        // `key: undefined` is dropped from the JSON the
                        // client sees (unless it overrides a spread).
                        Some(_) if self.is_undefined(v) && !entries.iter().any(|e| matches!(e, Entry::Spread(_))) => {}
                        Some(key) => {
                            entries.push(Entry::Pair { key, key_span: self.span(k), value: self.expr_at(v, d) })
                        }
                        // A computed key could be any hint.
                        None => entries.push(Entry::Spread(Expr::Unresolved(self.span(c)))),
                    }
                }
                "shorthand_property_identifier" => entries.push(Entry::Pair {
                    key: self.text(c).to_string(),
                    key_span: self.span(c),
                    value: self.expr_at(c, d),
                }),
                "spread_element" => {
                    if let Some(inner) = named_children(c).next() {
                        entries.push(Entry::Spread(self.expr_at(inner, d)));
                    }
                }
                "method_definition" => {
                    if let Some(key) = c.child_by_field_name("name").and_then(|k| self.key(k)) {
                        let key_span = self.span(c.child_by_field_name("name").unwrap_or(c));
                        entries.push(Entry::Pair { key, key_span, value: Expr::Other(self.span(c)) });
                    }
                }
                "comment" => {}
                _ => entries.push(Entry::Spread(Expr::Unresolved(self.span(c)))),
            }
        }
        Expr::Object { entries, span }
    }

    /// A property key as written: `a`, `"a"`, `1`; `None` when computed.
    pub fn key(&self, k: Node) -> Option<String> {
        match k.kind() {
            "property_identifier" | "identifier" | "number" | "private_property_identifier" => {
                Some(self.text(k).to_string())
            }
            "string" => self.string(k),
            "computed_property_name" => named_children(k).next().and_then(|i| self.string(i)),
            _ => None,
        }
    }

    fn call(&self, n: Node, d: usize) -> Expr {
        let span = self.span(n);
        let (Some(function), Some(arguments)) = (n.child_by_field_name("function"), n.child_by_field_name("arguments"))
        else {
            return Expr::Unresolved(span);
        };
        if arguments.kind() != "arguments" {
            return Expr::Other(span); // a tagged template
        }
        // `list.filter(t => ...)` keeps some of the list's elements, as an `if`
        // around a registration keeps it: each element is one to look at.
        if function.kind() == "member_expression"
            && function.child_by_field_name("property").is_some_and(|p| self.text(p) == "filter")
            && named_children(arguments).filter(|c| c.kind() != "comment").count() == 1
            && named_children(arguments).any(|c| matches!(c.kind(), "arrow_function" | "function_expression"))
        {
            if let Some(object) = function.child_by_field_name("object") {
                return self.expr_at(object, d);
            }
        }
        let args = self.args_at(arguments, d);
        match self.dotted(function).as_deref().map(|p| p.join(".")).as_deref() {
            // `Object.freeze(x)` is `x`; `Object.assign({}, a, b)` merges.
            Some("Object.values") if args.len() == 1 => {
                return Expr::Values {
                    base: Box::new(args.into_iter().next().map(|a| a.value).unwrap_or(Expr::Other(span))),
                    span,
                }
            }
            Some("Object.entries") if args.len() == 1 => {
                return Expr::Entries {
                    base: Box::new(args.into_iter().next().map(|a| a.value).unwrap_or(Expr::Other(span))),
                    span,
                }
            }
            Some("Object.freeze") if args.len() == 1 => {
                return args.into_iter().next().map(|a| a.value).unwrap_or(Expr::Other(span))
            }
            Some("Object.assign") => {
                return Expr::Object {
                    entries: args
                        .into_iter()
                        .map(|a| {
                            Entry::Spread(if a.spread == Spread::No {
                                a.value
                            } else {
                                Expr::Unresolved(a.value.span())
                            })
                        })
                        .collect(),
                    span,
                }
            }
            _ => {}
        }
        Expr::Call { callee: Box::new(self.expr_at(function, d)), args, span }
    }

    /// `a.b.c` / `this.a` as a path, when every part is a plain name.
    /// Walked iteratively: a member chain nests as deep as it is long.
    pub fn dotted(&self, n: Node) -> Option<Vec<String>> {
        let mut parts = Vec::new();
        let mut cur = n;
        loop {
            if parts.len() > MAX_PATH {
                return None;
            }
            match cur.kind() {
                "identifier" | "type_identifier" => {
                    parts.push(self.text(cur).to_string());
                    break;
                }
                "this" => {
                    parts.push("this".into());
                    break;
                }
                "member_expression" | "nested_type_identifier" => {
                    if cur.child_by_field_name("optional_chain").is_some() {
                        return None;
                    }
                    let (object, property) = match cur.kind() {
                        "member_expression" => {
                            (cur.child_by_field_name("object")?, cur.child_by_field_name("property")?)
                        }
                        _ => (cur.child_by_field_name("module")?, cur.child_by_field_name("name")?),
                    };
                    if property.kind() == "private_property_identifier" {
                        return None;
                    }
                    parts.push(self.text(property).to_string());
                    cur = object;
                }
                "nested_identifier" | "member_identifier" => {
                    parts.extend(self.text(cur).rsplit('.').map(|s| s.trim().to_string()));
                    break;
                }
                _ => return None,
            }
        }
        parts.reverse();
        Some(parts)
    }

    /// The text an escape sequence stands for.
    pub fn string_of(&self, escape: Node) -> String {
        unescape(self.text(escape))
    }

    /// The value of a string or a template literal without substitutions.
    pub fn string(&self, n: Node) -> Option<String> {
        match n.kind() {
            "string" | "template_string" => {}
            _ => return None,
        }
        let mut out = String::new();
        for c in named_children(n) {
            match c.kind() {
                "string_fragment" => out.push_str(self.text(c)),
                "escape_sequence" => out.push_str(&unescape(self.text(c))),
                "template_substitution" => return None,
                _ => {}
            }
        }
        // A template literal's raw text when the grammar keeps no fragments.
        if n.kind() == "template_string" && named_children(n).next().is_none() {
            let t = self.text(n);
            return Some(t.get(1..t.len().saturating_sub(1)).unwrap_or("").to_string());
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
                "spread_element" => {
                    let value = match named_children(c).next() {
                        Some(v) => self.expr_at(v, d),
                        None => Expr::Unresolved(self.span(c)),
                    };
                    out.push(Arg { keyword: None, keyword_span: None, value, spread: Spread::List });
                }
                _ => out.push(Arg { keyword: None, keyword_span: None, value: self.expr_at(c, d), spread: Spread::No }),
            }
        }
        out
    }

    /// A type annotation as an expression naming its class: `McpServer`,
    /// `sdk.McpServer`; `None` for anything else (unions, literals).
    pub fn type_expr(&self, ty: Node) -> Option<Expr> {
        let inner = if ty.kind() == "type_annotation" { named_children(ty).next()? } else { ty };
        match inner.kind() {
            "type_identifier" | "nested_type_identifier" | "identifier" => {
                self.dotted(inner).map(|path| Expr::Ref { path, span: self.span(inner) })
            }
            "generic_type" => self.type_expr(inner.child_by_field_name("name")?),
            _ => None,
        }
    }
}

fn unescape(e: &str) -> String {
    match e {
        "\\n" => "\n".into(),
        "\\t" => "\t".into(),
        "\\r" => "\r".into(),
        _ => e.get(1..).unwrap_or("").to_string(),
    }
}

pub fn named_children<'t>(n: Node<'t>) -> impl Iterator<Item = Node<'t>> {
    crate::frontend::queries::named_children(n)
}

pub fn is_function(n: Node) -> bool {
    matches!(
        n.kind(),
        "function_declaration"
            | "function_expression"
            | "function"
            | "arrow_function"
            | "method_definition"
            | "generator_function_declaration"
            | "generator_function"
    )
}

/// Function-like nodes enclosing `n`, innermost first.
pub fn enclosing_functions(n: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut cur = n.parent();
    while let Some(p) = cur {
        if is_function(p) {
            out.push(p);
        }
        cur = p.parent();
    }
    out
}

/// A parameter of a function: its name and type annotation.
pub struct Param<'t> {
    pub name: String,
    pub ty: Option<Node<'t>>,
    /// Declared with an accessibility modifier (a constructor parameter property).
    pub property: bool,
}

/// The plain-name parameters of a function (destructured ones are listed by
/// their bound names with no type).
pub fn params<'t>(function: Node<'t>, text: &str) -> Vec<Param<'t>> {
    let t = |n: Node| text.get(n.byte_range()).unwrap_or("").to_string();
    if let Some(p) = function.child_by_field_name("parameter") {
        return vec![Param { name: t(p), ty: None, property: false }];
    }
    let Some(list) = function.child_by_field_name("parameters") else { return vec![] };
    let mut out = Vec::new();
    for p in named_children(list) {
        let (pattern, ty) = match p.kind() {
            "required_parameter" | "optional_parameter" => {
                (p.child_by_field_name("pattern"), p.child_by_field_name("type"))
            }
            "identifier" => (Some(p), None),
            "assignment_pattern" => (p.child_by_field_name("left"), None),
            "object_pattern" | "array_pattern" => (Some(p), None),
            _ => (None, None),
        };
        let Some(pattern) = pattern else { continue };
        let property = named_children(p).any(|c| c.kind() == "accessibility_modifier" || c.kind() == "readonly");
        if pattern.kind() == "identifier" {
            out.push(Param { name: t(pattern), ty, property });
        } else {
            for name in pattern_names(pattern, text) {
                out.push(Param { name, ty: None, property: false });
            }
        }
    }
    out
}

/// Names bound by a destructuring pattern.
pub fn pattern_names(pattern: Node, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![pattern];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                out.push(text.get(n.byte_range()).unwrap_or("").to_string())
            }
            "pair_pattern" => stack.extend(n.child_by_field_name("value")),
            "assignment_pattern" | "object_assignment_pattern" => stack.extend(n.child_by_field_name("left")),
            _ => stack.extend(named_children(n)),
        }
    }
    out
}

/// The key an object pattern reads for the local `name`: `Some(Some(key))`
/// for `{ key }` / `{ key: name }`, `Some(None)` for `{ ...name }`.
pub fn pattern_key(pattern: Node, name: &str, text: &str) -> Option<Option<String>> {
    let t = |n: Node| text.get(n.byte_range()).unwrap_or("");
    for p in named_children(pattern) {
        match p.kind() {
            "shorthand_property_identifier_pattern" if t(p) == name => return Some(Some(name.to_string())),
            "object_assignment_pattern" if p.child_by_field_name("left").is_some_and(|l| t(l) == name) => {
                return Some(Some(name.to_string()));
            }
            "pair_pattern" => {
                let value = p.child_by_field_name("value").map(|v| match v.kind() {
                    "assignment_pattern" => v.child_by_field_name("left").unwrap_or(v),
                    _ => v,
                });
                if value.is_some_and(|v| v.kind() == "identifier" && t(v) == name) {
                    let key = p.child_by_field_name("key")?;
                    let k = t(key).trim_matches(|c| c == '"' || c == '\'');
                    return Some(Some(k.to_string()));
                }
            }
            "rest_pattern" if named_children(p).next().is_some_and(|i| t(i) == name) => return Some(None),
            _ => {}
        }
    }
    None
}

/// Whether `name` is bound by a `for (const x of ...)` around `at`.
pub fn loop_variable(at: Node, name: &str, text: &str) -> bool {
    let mut cur = at.parent();
    while let Some(p) = cur {
        if p.kind() == "for_in_statement" {
            if let Some(left) = p.child_by_field_name("left") {
                if pattern_names(left, text).iter().any(|n| n == name) {
                    return true;
                }
            }
        }
        cur = p.parent();
    }
    false
}
