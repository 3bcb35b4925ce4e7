//! TypeScript/JavaScript frontend: tree-sitter-typescript (typescript, tsx)
//! and tree-sitter-javascript → [`FileFacts`].
//!
//! Finds every *candidate* registration (`x.registerTool`, the v1 `x.tool`
//! overloads, `registerToolTask`, fastmcp `addTool`/`addTools`, Cloudflare
//! `paidTool`, low-level `ListToolsRequestSchema` handlers and `Tool`-typed
//! definition objects, xmcp `metadata` exports) and records what must be
//! confirmed for it to count ([`crate::model::Gate`]); `resolve` decides from
//! imports and receivers which are MCP. ES imports, re-exports, CommonJS
//! `require`/`module.exports`, top-level declarations and class fields
//! (`this.server`) become imports and bindings.

mod bindings;
mod definitions;
mod imports;
mod lower;
mod registrations;
mod scope;

use std::cell::RefCell;
use std::collections::HashSet;
use std::path::Path;
use std::sync::LazyLock;

use tree_sitter::{Language, Node, Parser, Tree};

use self::lower::{enclosing_functions, loop_variable, params, pattern_key, pattern_names, Lower};
use crate::frontend::queries::CompiledQuery;
use crate::model::{Each, Expr, FileFacts, Lang, Problem, ToolSite};
use crate::source::{FileId, Span};

/// Byte markers of files worth parsing: MCP imports, registration methods,
/// or hint keys (a preset module).
pub const PREFILTER: &[&str] =
    &["mcp", "MCP", "modelcontextprotocol", "Hint", "egisterTool", ".tool(", "addTool", "ListTools", "ToolMetadata"];

pub const API_REGISTER_TOOL: &str = "ts.registerTool";
pub const API_TOOL: &str = "ts.tool";
pub const API_TOOL_TASK: &str = "ts.registerToolTask";
pub const API_PAID_TOOL: &str = "ts.paidTool";
pub const API_FASTMCP: &str = "ts.fastmcp.addTool";
pub const API_LOWLEVEL: &str = "ts.lowlevel.Tool";
pub const API_XMCP: &str = "ts.xmcp.metadata";
pub const API_WRAPPER: &str = "ts.wrapper";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Grammar {
    TypeScript,
    Tsx,
    JavaScript,
}

static TS: LazyLock<Language> = LazyLock::new(|| tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into());
static TSX: LazyLock<Language> = LazyLock::new(|| tree_sitter_typescript::LANGUAGE_TSX.into());
static JS: LazyLock<Language> = LazyLock::new(|| tree_sitter_javascript::LANGUAGE.into());

/// One compiled copy of each query per grammar.
struct Queries {
    calls: CompiledQuery,
    imports: CompiledQuery,
}

fn queries_for(language: &Language, grammar: &str) -> Queries {
    Queries {
        calls: CompiledQuery::new(language, include_str!("calls.scm"), &format!("{grammar}/calls.scm")),
        imports: CompiledQuery::new(language, include_str!("imports.scm"), &format!("{grammar}/imports.scm")),
    }
}

static TS_QUERIES: LazyLock<Queries> = LazyLock::new(|| queries_for(&TS, "typescript"));
static TSX_QUERIES: LazyLock<Queries> = LazyLock::new(|| queries_for(&TSX, "tsx"));
static JS_QUERIES: LazyLock<Queries> = LazyLock::new(|| queries_for(&JS, "javascript"));

thread_local! {
    static PARSERS: RefCell<[Option<Parser>; 3]> = const { RefCell::new([None, None, None]) };
}

impl Grammar {
    fn for_path(lang: Lang, path: &Path) -> Grammar {
        match path.extension().and_then(|e| e.to_str()) {
            Some("tsx") => Grammar::Tsx,
            // JSX is common in plain .js files too: the javascript grammar reads it.
            _ if lang == Lang::JavaScript => Grammar::JavaScript,
            _ => Grammar::TypeScript,
        }
    }
    fn language(self) -> &'static Language {
        match self {
            Grammar::TypeScript => &TS,
            Grammar::Tsx => &TSX,
            Grammar::JavaScript => &JS,
        }
    }
    fn queries(self) -> &'static Queries {
        match self {
            Grammar::TypeScript => &TS_QUERIES,
            Grammar::Tsx => &TSX_QUERIES,
            Grammar::JavaScript => &JS_QUERIES,
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

fn parse_tree(grammar: Grammar, text: &str) -> Option<Tree> {
    PARSERS.with(|cell| {
        let mut slots = cell.borrow_mut();
        let parser = slots[grammar.index()].get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_language(grammar.language()).expect("tree-sitter grammar matches the tree-sitter ABI");
            p
        });
        parser.parse(text, None)
    })
}

/// Parse one TS/JS file into facts. Never panics on bad input: syntax errors
/// become a problem and the rest of the tree is still searched.
pub fn parse(file: FileId, lang: Lang, path: &Path, text: &str) -> FileFacts {
    let mut facts = FileFacts::new(file, lang);
    let grammar = Grammar::for_path(lang, path);
    let Some(tree) = parse_tree(grammar, text) else {
        facts.problems.push(Problem {
            span: Span::new(file, 0, 0),
            message: format!("the {} parser gave up on this file", lang.name()),
        });
        return facts;
    };
    let root = tree.root_node();
    let cx = Cx {
        lower: Lower { text, file },
        root,
        queries: grammar.queries(),
        path,
        lang,
        seen: RefCell::default(),
        scopes: RefCell::default(),
    };
    if root.has_error() {
        if let Some(problem) = cx.first_error(root) {
            facts.problems.push(problem);
        }
    }
    cx.imports(&mut facts);
    cx.bindings(&mut facts);
    cx.definitions(&mut facts);
    cx.registrations(&mut facts);
    facts
}

struct Cx<'a, 't> {
    lower: Lower<'a>,
    root: Node<'t>,
    queries: &'static Queries,
    path: &'a Path,
    lang: Lang,
    /// Start bytes of tool-definition objects already counted.
    seen: RefCell<HashSet<usize>>,
    scopes: RefCell<scope::Scopes<'t>>,
}

impl<'a, 't> Cx<'a, 't> {
    fn span(&self, n: Node<'t>) -> Span {
        self.lower.span(n)
    }
    fn text(&self, n: Node<'t>) -> &'a str {
        self.lower.text(n)
    }

    fn first_error(&self, root: Node<'t>) -> Option<Problem> {
        let mut cursor = root.walk();
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            if n.is_error() {
                let line_end = self.lower.text[n.start_byte()..]
                    .find('\n')
                    .map_or(n.end_byte(), |i| (n.start_byte() + i).min(n.end_byte()));
                return Some(Problem {
                    span: Span::new(
                        self.lower.file,
                        n.start_byte(),
                        line_end.max(n.start_byte() + 1).min(self.lower.text.len()),
                    ),
                    message: format!("syntax error: this {} could not be parsed", self.language_name()),
                });
            }
            if n.is_missing() {
                return Some(Problem { span: self.span(n), message: format!("syntax error: missing `{}`", n.kind()) });
            }
            if n.has_error() {
                let children: Vec<Node> = n.children(&mut cursor).collect();
                stack.extend(children.into_iter().rev());
            }
        }
        None
    }

    fn language_name(&self) -> &'static str {
        match self.lang {
            Lang::JavaScript => "JavaScript",
            _ => "TypeScript",
        }
    }

    /// Rewrite the names in `expr` that are parameters or locals of the
    /// functions enclosing `at` into what that scope says about them: a
    /// typed parameter is an instance of its type, a local constant is its
    /// value, anything else local cannot be followed. Module-level names are
    /// left for `resolve`.
    fn scoped(&self, expr: Expr, at: Node<'t>) -> Expr {
        self.scoped_d(expr, at, 0)
    }

    fn scoped_d(&self, expr: Expr, at: Node<'t>, depth: usize) -> Expr {
        if depth > 8 {
            return Expr::Unresolved(expr.span());
        }
        let d = depth + 1;
        match expr {
            Expr::Ref { path, span } => {
                let head = path[0].as_str();
                if head == "this" {
                    return Expr::Ref { path, span };
                }
                let Some(local) = self.local(head, at, d) else { return Expr::Ref { path, span } };
                path[1..].iter().fold(local, |base, key| Expr::Field { base: Box::new(base), key: key.clone(), span })
            }
            Expr::Object { entries, span } => Expr::Object {
                entries: entries
                    .into_iter()
                    .map(|e| match e {
                        crate::model::Entry::Pair { key, key_span, value } => {
                            crate::model::Entry::Pair { key, key_span, value: self.scoped_d(value, at, d) }
                        }
                        crate::model::Entry::Spread(v) => crate::model::Entry::Spread(self.scoped_d(v, at, d)),
                    })
                    .collect(),
                span,
            },
            Expr::Field { base, key, span } => Expr::Field { base: Box::new(self.scoped_d(*base, at, d)), key, span },
            Expr::Index { base, key, span } => Expr::Index { base: Box::new(self.scoped_d(*base, at, d)), key, span },
            Expr::Call { callee, args, span } => Expr::Call {
                callee: Box::new(self.scoped_d(*callee, at, d)),
                args: args
                    .into_iter()
                    .map(|mut a| {
                        a.value = self.scoped_d(a.value, at, d);
                        a
                    })
                    .collect(),
                span,
            },
            e => e,
        }
    }

    /// What a local name at `at` stands for, or `None` when it is not local.
    /// The variables of a loop over a list stay names: `resolve` repeats
    /// the registration per element ([`crate::model::Each`]).
    fn local(&self, name: &str, at: Node<'t>, d: usize) -> Option<Expr> {
        let span = self.span(at);
        if let Some((_, pattern)) = loop_context(at, self.lower.text) {
            if self.loop_vars(pattern).iter().any(|(v, _)| v == name) {
                return None;
            }
        }
        if loop_variable(at, name, self.lower.text) {
            return Some(Expr::Unresolved(span));
        }
        if let Some(decl) = self.block_declaration(at, name) {
            return Some(self.declared(decl, name, span, d));
        }
        for f in enclosing_functions(at) {
            if let Some(decl) = self.declaration_in(f, name, at.start_byte()) {
                return Some(self.declared(decl, name, span, d));
            }
            if let Some(p) = params(f, self.lower.text).into_iter().find(|p| p.name == name) {
                if let Some(class) = p.ty.and_then(|t| self.lower.type_expr(t)) {
                    return Some(Expr::Instance { class: Box::new(class), span });
                }
                // mcp-handler: `createMcpHandler((server) => {...})` hands
                // the callback an `McpServer`.
                if let Some(callee) = callback_of(f) {
                    return Some(Expr::Instance { class: Box::new(self.lower.expr(callee)), span });
                }
                return Some(Expr::Unresolved(span));
            }
        }
        None
    }
}

impl<'a, 't> Cx<'a, 't> {
    /// What a local declarator says about `name`.
    fn declared(&self, decl: Node<'t>, name: &str, span: crate::source::Span, d: usize) -> Expr {
        let pattern = decl.child_by_field_name("name").filter(|n| n.kind() == "object_pattern");
        match decl.child_by_field_name("value") {
            // `const { name, ...config } = tool`
            Some(v) if pattern.is_some() => {
                let value = self.scoped_d(self.lower.expr(v), decl, d);
                match pattern.and_then(|p| pattern_key(p, name, self.lower.text)) {
                    Some(Some(key)) => Expr::Field { base: Box::new(value), key, span },
                    Some(None) => value,
                    None => Expr::Unresolved(span),
                }
            }
            Some(v) => {
                let value = self.lower.expr(v);
                self.scoped_d(value, decl, d)
            }
            None => match decl.child_by_field_name("type").and_then(|t| self.lower.type_expr(t)) {
                Some(class) => Expr::Instance { class: Box::new(class), span },
                None => Expr::Unresolved(span),
            },
        }
    }

    /// The names a loop binds per element, with the key each reads.
    fn loop_vars(&self, pattern: Node<'t>) -> Vec<(String, Vec<String>)> {
        let text = self.lower.text;
        match pattern.kind() {
            "identifier" => vec![(self.text(pattern).to_string(), vec![])],
            "object_pattern" => pattern_names(pattern, text)
                .into_iter()
                .filter_map(|n| {
                    let key = pattern_key(pattern, &n, text)?;
                    Some((n, key.into_iter().collect()))
                })
                .collect(),
            _ => vec![],
        }
    }

    /// The per-element repetition of the site about to be pushed at `at`,
    /// when it sits in a loop over a list and reads the loop's variables.
    fn each_for(&self, at: Node<'t>, tool: &ToolSite, index: usize) -> Option<Each> {
        let (list, pattern) = loop_context(at, self.lower.text)?;
        let vars = self.loop_vars(pattern);
        let uses = |e: &Expr| refs_any(e, &vars);
        let used = tool.name.as_ref().is_some_and(uses)
            || tool.annotations.as_ref().is_some_and(uses)
            || tool.args.iter().any(|a| uses(&a.value));
        if !used {
            return None;
        }
        let list = self.scoped(self.lower.expr(list), list);
        Some(Each { tool: index, list, vars })
    }

    /// Push a registration site, with its per-element repetition if any.
    fn push_site(&self, at: Node<'t>, tool: ToolSite, facts: &mut FileFacts) {
        if let Some(each) = self.each_for(at, &tool, facts.tools.len()) {
            facts.each.push(each);
        }
        facts.tools.push(tool);
    }
}

/// Whether `e` reads any of the loop variables.
fn refs_any(e: &Expr, vars: &[(String, Vec<String>)]) -> bool {
    match e {
        Expr::Ref { path, .. } => vars.iter().any(|(v, _)| *v == path[0]),
        Expr::Field { base, .. } | Expr::Index { base, .. } => refs_any(base, vars),
        Expr::Object { entries, .. } => entries.iter().any(|en| match en {
            crate::model::Entry::Pair { value, .. } | crate::model::Entry::Spread(value) => refs_any(value, vars),
        }),
        Expr::Call { callee, args, .. } => refs_any(callee, vars) || args.iter().any(|a| refs_any(&a.value, vars)),
        _ => false,
    }
}

/// The innermost loop over a list around `at` that `at` is inside of:
/// `for (const x of LIST) ...` or `LIST.forEach((x) => ...)` (also `map`,
/// `flatMap`), as (list, loop-variable pattern). Named functions end the search.
fn loop_context<'t>(at: Node<'t>, text: &str) -> Option<(Node<'t>, Node<'t>)> {
    let mut child = at;
    let mut cur = at.parent();
    while let Some(p) = cur {
        if p.kind() == "for_in_statement" && p.child_by_field_name("body") == Some(child) {
            let of = p.child_by_field_name("operator").is_some_and(|o| o.kind() == "of")
                || (0..p.child_count()).filter_map(|i| p.child(i)).any(|c| c.kind() == "of");
            if of {
                return Some((p.child_by_field_name("right")?, p.child_by_field_name("left")?));
            }
        }
        if lower::is_function(p) {
            let args = p.parent().filter(|a| a.kind() == "arguments")?;
            let call = args.parent().filter(|c| c.kind() == "call_expression")?;
            let callee = call.child_by_field_name("function").filter(|f| f.kind() == "member_expression")?;
            let method = callee.child_by_field_name("property")?;
            let first = lower::named_children(args).next()?;
            if first != p || !matches!(text.get(method.byte_range()), Some("forEach" | "map" | "flatMap")) {
                return None;
            }
            let pattern = p.child_by_field_name("parameter").or_else(|| {
                let params = p.child_by_field_name("parameters")?;
                let first = lower::named_children(params).next()?;
                Some(match first.kind() {
                    "required_parameter" | "optional_parameter" => first.child_by_field_name("pattern")?,
                    _ => first,
                })
            })?;
            return Some((callee.child_by_field_name("object")?, pattern));
        }
        child = p;
        cur = p.parent();
    }
    None
}

/// The callee of the call that `function` is an argument of.
fn callback_of(function: Node) -> Option<Node> {
    let args = function.parent().filter(|p| p.kind() == "arguments")?;
    let call = args.parent().filter(|c| c.kind() == "call_expression")?;
    call.child_by_field_name("function").filter(|f| f.kind() == "identifier")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn queries_compile_with_their_captures() {
        for q in [&*TS_QUERIES, &*TSX_QUERIES, &*JS_QUERIES] {
            for name in
                ["call", "call.receiver", "call.method", "call.args", "wrapper.call", "wrapper.callee", "wrapper.args"]
            {
                q.calls.capture(name);
            }
            for name in ["import", "reexport", "require", "require.source"] {
                q.imports.capture(name);
            }
        }
    }

    fn facts(path: &str, src: &str) -> FileFacts {
        let lang = crate::frontend::lang_for(Path::new(path)).unwrap();
        parse(FileId(0), lang, &PathBuf::from(path), src)
    }

    #[test]
    fn finds_register_tool_and_import() {
        let src = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({name: 'x'});\nserver.registerTool('get_x', { inputSchema: { id: z.string() }, annotations: { readOnlyHint: true } }, async () => ({}));\n";
        let f = facts("a.ts", src);
        assert_eq!(f.tools.len(), 1);
        assert_eq!(f.tools[0].params.as_deref(), Some(&["id".to_string()][..]));
        assert!(f.import("McpServer").is_some());
        assert!(f.binding("server").is_some());
    }

    #[test]
    fn bad_input_does_not_panic() {
        let deep = format!("const X = {}1{};\n", "(".repeat(20000), ")".repeat(20000));
        let _ = facts("a.ts", &deep);
        let _ = facts("a.js", "server.registerTool(`a ${`b ${c}`}`, {, }, ");
        let _ = facts("a.tsx", "const x = <div>{server.tool('a', {}, () => 1)}</div>;");
    }
}
