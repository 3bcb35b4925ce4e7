//! Go frontend: tree-sitter-go → [`FileFacts`].
//!
//! Covers modelcontextprotocol/go-sdk (`mcp.AddTool(server, &mcp.Tool{...}, h)`,
//! generic `mcp.AddTool[In, Out]`, `server.AddTool(tool, h)`) and
//! mark3labs/mcp-go (`s.AddTool(mcp.NewTool("x", opts...), h)`,
//! `server.ServerTool{...}` records). Imports become model imports (the
//! local name is the alias or the package name), package-level `var`/`const`
//! become bindings, and functions become what calling them means: pointer
//! helpers, tool-returning functions, forwarding helpers (a helper that
//! registers a tool built from its parameters is reported at each call),
//! and handlers whose third parameter is the input struct.

mod factories;
mod lower;
mod sites;
mod to_ir;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::sync::LazyLock;

use tree_sitter::{Language, Node, Parser, StreamingIterator, Tree};

use self::lower::{first, named_children, params, Lower};
use crate::frontend::queries::CompiledQuery;
use crate::model::{Binding, Entry, Expr, FileFacts, Forwarder, Import, Lang, Problem, Returns};
use crate::source::{FileId, Span};

/// Byte markers of files worth parsing.
pub const PREFILTER: &[&str] = &["mcp", "Hint"];

pub const GO_SDK: &str = "github.com/modelcontextprotocol/go-sdk";
pub const MCP_GO: &str = "github.com/mark3labs/mcp-go";

pub const API_ADD_TOOL: &str = "go.sdk.AddTool";
pub const API_MCP_GO: &str = "go.mcp-go.AddTool";
pub const API_RECORD: &str = "go.mcp-go.ServerTool";
pub const API_HELPER: &str = "go.helper";
pub const API_LIST: &str = "go.tool-list";

static LANGUAGE: LazyLock<Language> = LazyLock::new(|| tree_sitter_go::LANGUAGE.into());
static IMPORTS: LazyLock<CompiledQuery> =
    LazyLock::new(|| CompiledQuery::new(&LANGUAGE, include_str!("imports.scm"), "go/imports.scm"));
static DECLARATIONS: LazyLock<CompiledQuery> =
    LazyLock::new(|| CompiledQuery::new(&LANGUAGE, include_str!("declarations.scm"), "go/declarations.scm"));
static REGISTRATIONS: LazyLock<CompiledQuery> =
    LazyLock::new(|| CompiledQuery::new(&LANGUAGE, include_str!("registrations.scm"), "go/registrations.scm"));

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// Which SDK an import path belongs to (its root), and the package within
/// it (`mcp`, `server`), for any major version.
pub fn sdk_of(path: &str) -> Option<(&'static str, &str)> {
    for root in [GO_SDK, MCP_GO] {
        let Some(rest) = path.strip_prefix(root) else { continue };
        if !rest.is_empty() && !rest.starts_with('/') {
            continue; // `mcp-golang` is not `mcp-go`
        }
        let rest = rest.trim_start_matches('/');
        let rest = match rest.split_once('/') {
            Some((v, pkg)) if is_major_version(v) => pkg,
            _ => rest,
        };
        return Some((root, rest));
    }
    None
}

/// The names an unaliased import may bind: the package clause of a
/// directory named `mcp-tools` is not visible here, so `mcptools`, `tools`
/// and `mcp` are all candidates (a name the file never uses costs nothing).
fn package_names(path: &str) -> Vec<String> {
    let name = package_name(path);
    let mut out = vec![name.clone()];
    if name.contains('_') {
        let parts: Vec<&str> = name.split('_').filter(|p| !p.is_empty() && *p != "go").collect();
        for candidate in [
            parts.concat(),
            parts.last().copied().unwrap_or("").to_string(),
            parts.first().copied().unwrap_or("").to_string(),
        ] {
            if !candidate.is_empty() && !out.contains(&candidate) {
                out.push(candidate);
            }
        }
    }
    out
}

fn is_major_version(segment: &str) -> bool {
    segment.len() > 1 && segment.starts_with('v') && segment[1..].chars().all(|c| c.is_ascii_digit())
}

/// The name an import binds without an alias: the last path element,
/// skipping a major-version suffix (`go-github/v69/github` → `github`,
/// `gopkg.in/yaml.v3` → `yaml`).
fn package_name(path: &str) -> String {
    let mut parts = path.rsplit('/');
    let mut last = parts.next().unwrap_or(path);
    if is_major_version(last) {
        last = parts.next().unwrap_or(last);
    }
    let last = match last.rsplit_once(".v") {
        Some((base, v)) if v.chars().all(|c| c.is_ascii_digit()) && !v.is_empty() => base,
        _ => last,
    };
    last.trim_start_matches("go-").replace(['-', '.'], "_")
}

fn parse_tree(text: &str) -> Option<Tree> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_language(&LANGUAGE).expect("tree-sitter-go matches the tree-sitter ABI");
            p
        });
        crate::frontend::queries::parse(parser, text)
    })
}

/// Byte ranges of the file's comments (for inline suppressions).
pub fn comments(text: &str) -> Vec<std::ops::Range<usize>> {
    parse_tree(text).map(|t| crate::frontend::queries::comment_ranges(t.root_node())).unwrap_or_default()
}

/// Parse one Go file into facts and its IR. Never panics on bad input:
/// syntax errors become a problem and the rest of the tree is still searched.
pub fn parse_file(file: FileId, path: &Path, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    let mut facts = FileFacts::new(file, Lang::Go);
    let Some(tree) = parse_tree(text) else {
        facts.problems.push(Problem {
            span: Span::new(file, 0, 0),
            message: "the Go parser gave up on this file: parsing took over its time budget".into(),
        });
        return (facts, None);
    };
    let root = tree.root_node();
    let lexis = crate::frontend::queries::Lexis { hash_comments: false, backtick_strings: true };
    if crate::frontend::queries::too_deep(file, text, root, lexis).is_some() {
        return (recognise(file, path, text, &tree), None);
    }
    let module = to_ir::lower(file, text, root);
    (recognise(file, path, text, &tree), Some(module))
}

/// The recognisers' facts of a parsed file.
fn recognise(file: FileId, path: &Path, text: &str, tree: &Tree) -> FileFacts {
    let mut facts = FileFacts::new(file, Lang::Go);
    let root = tree.root_node();
    let lexis = crate::frontend::queries::Lexis { hash_comments: false, backtick_strings: true };
    if let Some(problem) = crate::frontend::queries::too_deep(file, text, root, lexis) {
        facts.problems.extend(crate::frontend::queries::first_syntax_error(file, text, root, "Go", PREFILTER));
        facts.problems.push(problem);
        return facts;
    }
    let mut lower = Lower::new(text, file);
    imports(&lower, root, &mut facts);
    lower.imports = facts.imports.iter().map(|i| (i.local.clone(), i.module.clone())).collect();
    let is_test = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with("_test.go"));
    let cx = Cx { lower, root, is_test, forwarders: RefCell::default(), deferred: RefCell::default() };
    if root.has_error() {
        if let Some(problem) =
            crate::frontend::queries::first_syntax_error(cx.lower.file, cx.lower.text, root, "Go", PREFILTER)
        {
            facts.problems.push(problem);
        }
    }
    cx.registrations(&mut facts);
    cx.declarations(&mut facts);
    facts
}

fn imports(lower: &Lower, root: Node, facts: &mut FileFacts) {
    let q = &*IMPORTS;
    let c_import = q.capture("import");
    let mut alternates: Vec<Import> = Vec::new();
    let mut cursor = crate::frontend::queries::cursor();
    let mut matches = cursor.matches(&q.query, root, lower.text.as_bytes());
    while let Some(m) = matches.next() {
        for cap in m.captures.iter().filter(|c| c.index == c_import) {
            let n = cap.node;
            let Some(path) = n.child_by_field_name("path").and_then(|p| lower.string(p)) else { continue };
            let locals = match n.child_by_field_name("name") {
                Some(a) if a.kind() == "dot" => vec!["*".to_string()],
                Some(a) if a.kind() == "blank_identifier" => continue,
                Some(a) => vec![lower.text(a).to_string()],
                None => package_names(&path),
            };
            for (i, local) in locals.into_iter().enumerate() {
                let member = (local == "*").then(|| "*".to_string());
                let import = Import { local, module: path.clone(), member, span: lower.span(n) };
                if i == 0 {
                    facts.imports.push(import);
                } else {
                    alternates.push(import);
                }
            }
        }
    }
    // Guessed names never shadow a name an import really binds.
    for alt in alternates {
        if facts.import(&alt.local).is_none() {
            facts.imports.push(alt);
        }
    }
}

struct Cx<'a, 't> {
    lower: Lower<'a>,
    root: Node<'t>,
    is_test: bool,
    /// Functions of this file that register a tool built from their parameters.
    forwarders: RefCell<HashMap<String, Forwarder>>,
    /// Calls of same-file functions not yet known to forward: (call, callee).
    deferred: RefCell<Vec<(Node<'t>, Node<'t>)>>,
}

impl<'a, 't> Cx<'a, 't> {
    fn span(&self, n: Node) -> Span {
        self.lower.span(n)
    }
    fn text(&self, n: Node) -> &'a str {
        self.lower.text(n)
    }

    // -- package-level declarations -----------------------------------------

    fn declarations(&self, facts: &mut FileFacts) {
        let q = &*DECLARATIONS;
        let (c_var, c_const, c_function) = (q.capture("var"), q.capture("const"), q.capture("function"));
        let c_method = q.capture("method");
        let (c_type_name, c_type_struct) = (q.capture("type.name"), q.capture("type.struct"));
        let mut cursor = crate::frontend::queries::cursor();
        let mut matches = cursor.matches(&q.query, self.root, self.lower.text.as_bytes());
        while let Some(m) = matches.next() {
            let node = |i: u32| m.captures.iter().find(|c| c.index == i).map(|c| c.node);
            if let Some(n) = node(c_var).or(node(c_const)) {
                self.value_specs(n, facts);
            } else if let (Some(name), Some(st)) = (node(c_type_name), node(c_type_struct)) {
                facts.bindings.push(Binding {
                    name: self.text(name).to_string(),
                    value: self.struct_fields(st),
                    span: self.span(name),
                });
            } else if let Some(f) = node(c_function) {
                self.function(f, facts);
            } else if let Some(method) = node(c_method) {
                // A method that forwards is found as `Type.method`.
                let Some(name) = self.forwarder_name(method) else { continue };
                if let Some(fwd) = self.forwarders.borrow().get(&name) {
                    let span = fwd.span;
                    facts.bindings.push(Binding { name, value: Expr::Forwarder(Box::new(fwd.clone())), span });
                } else if let Some(entries) = self.handler_entries(method) {
                    // A handler method `func (h *H) search(ctx, req, in In)`.
                    let span = method.child_by_field_name("name").map_or(self.span(method), |n| self.span(n));
                    facts.bindings.push(Binding { name, value: Expr::Object { entries, span }, span });
                } else if let Some(returns) = self.returned_object(method) {
                    // A method that builds a tool, called as `s.newTool()`.
                    let span = method.child_by_field_name("name").map_or(self.span(method), |n| self.span(n));
                    let value = Expr::Function { returns: Box::new(returns), span };
                    facts.bindings.push(Binding { name, value, span });
                }
            }
        }
    }

    /// `var a, b = x, y` / `const ( A = "a"; B = true )`.
    fn value_specs(&self, decl: Node, facts: &mut FileFacts) {
        let mut stack = vec![decl];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "var_spec" | "const_spec" => {
                    let mut cursor = n.walk();
                    let names: Vec<Node> = n.children_by_field_name("name", &mut cursor).collect();
                    let values: Vec<Node> =
                        n.child_by_field_name("value").map(|v| named_children(v).collect()).unwrap_or_default();
                    for (i, name) in names.iter().enumerate() {
                        let value = if values.len() == names.len() {
                            values[i]
                        } else if i == 0 && values.len() == 1 && values[0].kind() == "call_expression" {
                            values[0]
                        } else {
                            continue;
                        };
                        facts.bindings.push(Binding {
                            name: self.text(*name).to_string(),
                            value: self.lower.expr(value),
                            span: Span::new(self.lower.file, name.start_byte(), value.end_byte()),
                        });
                    }
                }
                _ => stack.extend(named_children(n)),
            }
        }
    }

    /// An input struct as an object whose keys are the JSON names of its
    /// fields (embedded structs spread in, `json:"-"` left out).
    fn struct_fields(&self, st: Node) -> Expr {
        let span = self.span(st);
        let mut entries = Vec::new();
        let Some(list) = named_children(st).find(|c| c.kind() == "field_declaration_list") else {
            return Expr::Object { entries, span };
        };
        for field in named_children(list).filter(|f| f.kind() == "field_declaration") {
            let tag = field.child_by_field_name("tag").and_then(|t| self.lower.string(t));
            let json = tag.as_deref().and_then(json_tag_name);
            let mut cursor = field.walk();
            let names: Vec<Node> = field.children_by_field_name("name", &mut cursor).collect();
            if names.is_empty() {
                if let Some(ty) = field.child_by_field_name("type") {
                    entries.push(Entry::Spread(self.lower.type_expr(ty)));
                }
                continue;
            }
            for name in names {
                let field_name = self.text(name);
                if !field_name.starts_with(|c: char| c.is_uppercase()) {
                    continue; // unexported: not in the schema
                }
                let key = match &json {
                    Some(j) if j == "-" => continue,
                    Some(j) if !j.is_empty() => j.clone(),
                    _ => field_name.to_string(),
                };
                entries.push(Entry::Pair {
                    key,
                    key_span: self.span(name),
                    value: Expr::Str(field_name.to_string(), self.span(name)),
                });
            }
        }
        Expr::Object { entries, span }
    }

    /// What calling a package-level function means.
    fn function(&self, f: Node, facts: &mut FileFacts) {
        let Some(name_node) = f.child_by_field_name("name") else { return };
        let name = self.text(name_node).to_string();
        let span = self.span(name_node);
        let value = if let Some(fwd) = self.forwarders.borrow().get(&name) {
            Expr::Forwarder(Box::new(fwd.clone()))
        } else if let Some(factory) = self.tool_factory(f) {
            Expr::Forwarder(Box::new(factory))
        } else if self.is_pointer_helper(f) {
            Expr::Function { returns: Box::new(Returns::Argument(0)), span }
        } else if let Some(entries) = self.handler_entries(f) {
            // A tool handler `func(ctx, req, in In) (...)`: what a registration reads.
            Expr::Object { entries, span }
        } else if let Some(returns) = self.returned_object(f) {
            Expr::Function { returns: Box::new(returns), span }
        } else {
            return;
        };
        facts.bindings.push(Binding { name, value, span });
    }

    /// What a registration naming the handler `f` reads from its binding:
    /// its input struct ([`sites::INPUT_KEY`], typed handlers) and its
    /// elicitation calls ([`crate::model::CONFIRMS_KEY`]). `None` when `f`
    /// is no tool handler (no `CallToolRequest` parameter) or has neither.
    fn handler_entries(&self, f: Node) -> Option<Vec<Entry>> {
        let span = f.child_by_field_name("name").map_or(self.span(f), |n| self.span(n));
        let mut entries = Vec::new();
        if let Some(input) = self.handler_input_type(f) {
            entries.push(Entry::Pair { key: sites::INPUT_KEY.into(), key_span: span, value: input });
        }
        let is_handler = params(f).iter().any(|(ty, _)| ty.is_some_and(|t| self.text(t).ends_with("CallToolRequest")));
        if is_handler {
            if let Some(body) = f.child_by_field_name("body") {
                let calls = crate::frontend::elicit::calls(body, self.lower.text, self.lower.file);
                entries.extend(crate::frontend::elicit::binding_entry(&calls, span));
            }
        }
        (!entries.is_empty()).then_some(entries)
    }

    /// The input type of a typed tool handler: the parameter after a
    /// `CallToolRequest` (go-sdk `(ctx, *mcp.CallToolRequest, In)`, mcp-go
    /// `(ctx, mcp.CallToolRequest, Args)`).
    fn handler_input_type(&self, f: Node) -> Option<Expr> {
        let ps = params(f);
        let request = ps.iter().position(|(ty, _)| ty.is_some_and(|t| self.text(t).ends_with("CallToolRequest")))?;
        let (ty, _) = ps.get(request + 1)?;
        Some(self.lower.type_expr((*ty)?))
    }

    /// `func P[T any](v T) *T { return &v }`, whatever its name or type.
    fn is_pointer_helper(&self, f: Node) -> bool {
        let ps = params(f);
        let [(_, param)] = ps.as_slice() else { return false };
        if f.child_by_field_name("result").is_none_or(|r| r.kind() != "pointer_type") {
            return false;
        }
        let Some(body) = f.child_by_field_name("body") else { return false };
        let stmts: Vec<Node> = named_children(body)
            .flat_map(|c| if c.kind() == "statement_list" { named_children(c).collect() } else { vec![c] })
            .collect();
        let [ret] = stmts.as_slice() else { return false };
        if ret.kind() != "return_statement" {
            return false;
        }
        let Some(list) = first(*ret) else { return false };
        let values: Vec<Node> = named_children(list).collect();
        let [v] = values.as_slice() else { return false };
        v.kind() == "unary_expression"
            && v.child_by_field_name("operator").is_some_and(|o| self.text(o) == "&")
            && v.child_by_field_name("operand")
                .is_some_and(|o| o.kind() == "identifier" && self.text(o) == self.text(*param))
    }

    /// The first result of a function whose last statement returns an
    /// object: a tool (`return mcp.NewTool(...), handler`, `return
    /// &mcp.Tool{...}`) or an mcp-go option's effect.
    /// Its parameters (a tool's name, a hint) become the call's arguments.
    fn returned_object(&self, f: Node) -> Option<Returns> {
        let body = f.child_by_field_name("body")?;
        let list = named_children(body).find(|c| c.kind() == "statement_list")?;
        let last = named_children(list).last()?;
        if last.kind() != "return_statement" {
            return None;
        }
        let mut returns = Vec::new();
        return_statements(list, &mut returns);
        if returns.len() > 1 {
            // Several returns agree only when none touches the annotations
            // (`if req { return mcp.WithString(..., mcp.Required()) }`).
            let no_effect = |r: &Node| {
                first(*r)
                    .and_then(first)
                    .is_some_and(|v| matches!(self.lower.expr(v), Expr::Object { entries, .. } if entries.is_empty()))
            };
            return returns
                .iter()
                .all(no_effect)
                .then(|| Returns::Value(Expr::Object { entries: vec![], span: self.span(last) }));
        }
        let value = first(first(last)?)?;
        let saved = std::mem::take(&mut *self.lower.touched.borrow_mut());
        let e = match value.kind() {
            "func_literal" => self.option_closure(value).unwrap_or(Expr::Other(self.span(value))),
            _ => self.lower.expr(value),
        };
        let touched = std::mem::replace(&mut *self.lower.touched.borrow_mut(), saved);
        if !matches!(e, Expr::Object { .. }) {
            return None;
        }
        let ps = params(f);
        let names: Vec<&str> = ps.iter().map(|(_, n)| self.text(*n)).collect();
        // `opts ...mcp.ToolOption`: the arguments from there on.
        let variadic = f
            .child_by_field_name("parameters")
            .and_then(|l| named_children(l).last())
            .filter(|l| l.kind() == "variadic_parameter_declaration")
            .and_then(|l| l.child_by_field_name("name"))
            .map(|n| self.text(n));
        let (mut uses, mut rest) = (Vec::new(), Vec::new());
        for (span, name) in &touched.params {
            let Some(i) = names.iter().position(|n| n == name) else { continue };
            if variadic == Some(name.as_str()) {
                rest.push((*span, i));
            } else {
                uses.push((*span, i));
            }
        }
        Some(if uses.is_empty() && rest.is_empty() {
            Returns::Value(e)
        } else {
            Returns::Template { value: e, params: uses, rest }
        })
    }
}

/// The `return`s of a function body (not those of function literals in it).
fn return_statements<'t>(n: Node<'t>, out: &mut Vec<Node<'t>>) {
    for c in named_children(n) {
        match c.kind() {
            "func_literal" => {}
            "return_statement" => out.push(c),
            _ => return_statements(c, out),
        }
    }
}

/// The name part of a `json:"name,omitempty"` struct tag.
fn json_tag_name(tag: &str) -> Option<String> {
    let start = tag.find("json:\"")? + 6;
    let rest = &tag[start..];
    let end = rest.find('"')?;
    Some(rest[..end].split(',').next().unwrap_or("").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_compile() {
        // Every capture the frontend reads: a missing one panics here, not on user input.
        IMPORTS.capture("import");
        for c in ["var", "const", "function", "method", "type.name", "type.struct"] {
            DECLARATIONS.capture(c);
        }
        for c in ["call", "call.function", "call.args", "record", "record.body", "list.type", "list.body", "table.body"]
        {
            REGISTRATIONS.capture(c);
        }
    }

    #[test]
    fn names() {
        assert_eq!(package_name("github.com/google/go-github/v69/github"), "github");
        assert_eq!(package_name("gopkg.in/yaml.v3"), "yaml");
        assert_eq!(package_name("example.com/srv/internal/presets"), "presets");
        assert_eq!(package_names("example.com/x/mcp-tools"), ["mcp_tools", "mcptools", "tools", "mcp"]);
        assert_eq!(package_names("example.com/x/foo-go"), ["foo_go", "foo"]);
        assert_eq!(sdk_of("github.com/modelcontextprotocol/go-sdk/mcp"), Some((GO_SDK, "mcp")));
        assert_eq!(sdk_of("github.com/mark3labs/mcp-go/v2/server"), Some((MCP_GO, "server")));
        assert_eq!(sdk_of("github.com/mark3labs/mcp-golang"), None);
        assert_eq!(json_tag_name(r#"json:"query,omitempty" jsonschema:"x""#).as_deref(), Some("query"));
    }

    #[test]
    fn repeated_locals_are_bounded() {
        let mut src = String::from(
            "package x\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\nfunc f(s *mcp.Server) {\n a0 := true\n",
        );
        for i in 1..40 {
            src.push_str(&format!(" a{i} := pair{{L: a{p}, R: a{p}}}\n", p = i - 1));
        }
        src.push_str(" mcp.AddTool(s, &mcp.Tool{Name: \"deep\", Annotations: a39}, nil)\n}\n");
        let start = std::time::Instant::now();
        let facts = parse_file(FileId(0), Path::new("x.go"), &src).0;
        assert_eq!(facts.tools.len(), 1);
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn every_prefix_of_a_server_parses() {
        for text in [
            include_str!("../../../tests/fixtures/go/helper-forms/register.go"),
            include_str!("../../../tests/fixtures/go/tool-factories/tool.go"),
            include_str!("../../../tests/fixtures/go/annotation-table/register.go"),
        ] {
            for end in (0..text.len()).filter(|i| text.is_char_boundary(*i)).step_by(7) {
                let _ = parse_file(FileId(0), Path::new("x.go"), &text[..end]);
            }
        }
    }

    #[test]
    fn bad_input_never_panics() {
        for text in
            ["", "package", "func (", "package x\nvar = ", "package x\nfunc f() { mcp.AddTool(", "\u{0}\u{fffd}"]
        {
            let _ = parse_file(FileId(0), Path::new("x.go"), text);
        }
    }
}
