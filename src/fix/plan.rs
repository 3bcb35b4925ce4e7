//! From findings to fixes. Safe: a misspelt key renamed (MCP012), a
//! boolean written as a string or number made a boolean (MCP013). Unsafe:
//! a confirmation parameter and guard for a bulk-destructive Python
//! handler (MCP022, [`super::guard`]); each hint a tool's absence findings
//! point out written with a value,
//! `readOnlyHint` true where the name reads like a read (the intent rule
//! MCP020 uses), the spec default otherwise (what a client honouring
//! defaults already assumes). Written where the tool's annotations are
//! (once for a preset several tools share), or where its SDK reads them.

use std::collections::BTreeMap;

use super::imports;
use super::write::{self, Insert, Target, TextEdit};
use super::{Applicability, Edit, Fix};
use crate::finding::Finding;
use crate::lang::Lang;
use crate::model::{Hint, HintKind, Origin, Syntax, Tool};
use crate::rules::words::Words;
use crate::source::{FileId, SourceMap, Span};

/// The findings about absent hints: each one's `hints` are what it wants written.
pub(super) const ABSENCE: &[&str] = &["MCP001", "MCP002", "MCP003", "MCP004", "MCP005", "MCP020", "MCP030"];

const GO_SDK_MCP: &str = "github.com/modelcontextprotocol/go-sdk/mcp";

/// A tool (by index), the hints it wants written and why those values.
type Wants = (usize, Vec<(HintKind, bool)>, String);

/// A tool whose findings have no fix, and why (for `--show-fixes`).
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub site: Span,
    pub tool: String,
    pub reason: String,
}

/// Attach a fix to each finding that has one; the tools whose absence
/// findings have none, with the reason.
pub fn plan(
    findings: &mut [Finding],
    tools: &[Tool],
    sources: &SourceMap,
    words_of: &dyn Fn(FileId) -> std::sync::Arc<crate::Settings>,
) -> Vec<Refusal> {
    // Each finding's tool, by registration and name (one lookup each).
    let index: std::collections::HashMap<(Span, Option<&str>), usize> =
        tools.iter().enumerate().map(|(i, t)| ((t.site, t.name.as_deref()), i)).collect();
    let owner: Vec<Option<usize>> =
        findings.iter().map(|f| f.site.and_then(|s| index.get(&(s, f.tool.as_deref())).copied())).collect();
    let mut by_tool: Vec<Vec<usize>> = vec![vec![]; tools.len()];
    for (fi, o) in owner.iter().enumerate() {
        if let Some(t) = o {
            by_tool[*t].push(fi);
        }
    }
    let mut refusals = Vec::new();
    for (f, o) in findings.iter_mut().zip(&owner) {
        let Some(tool) = o.map(|t| &tools[t]) else { continue };
        f.fix = match f.code {
            "MCP012" => rename(f, tool, sources),
            "MCP013" => boolean(f, tool, sources),
            "MCP014" => unduplicate(f, tool, sources),
            "MCP022" => super::guard::confirm(tool, sources)
                .map_err(|reason| {
                    let reason = format!("no confirmation guard written: {reason}");
                    refusals.push(Refusal { site: tool.site, tool: tool.display_name().into(), reason })
                })
                .ok(),
            _ => None,
        };
    }
    // What each tool wants written, grouped by where it would be written:
    // tools sharing a preset (or a registering call) get one fix or none.
    let mut by_place: BTreeMap<(u32, u32, u32), Vec<Wants>> = BTreeMap::new();
    // Every tool counts, fixed or not: a preset one tool needs changed is
    // changed for every tool that shares it.
    for (ti, tool) in tools.iter().enumerate() {
        let mine: Vec<&Finding> = by_tool[ti].iter().map(|i| &findings[*i]).collect();
        let settings = words_of(tool.site.file);
        let (wanted, why) = wanted(tool, &mine, &settings.rules.words);
        match place(tool) {
            Ok(p) => by_place.entry((p.file.0, p.start, p.end)).or_default().push((ti, wanted, why)),
            Err(reason) if !wanted.is_empty() => {
                refusals.push(Refusal { site: tool.site, tool: tool.display_name().into(), reason })
            }
            Err(_) => {}
        }
    }
    let mut cache = Imports::default();
    for group in by_place.values() {
        if group.iter().all(|(_, w, _)| w.is_empty()) {
            continue;
        }
        // One fix writes what any of them wants; refused when two want one
        // hint with different values (a read tool and a write tool sharing a preset).
        let (first, _, why) = group.iter().find(|(_, w, _)| !w.is_empty()).expect("some tool wants a hint");
        let tool = &tools[*first];
        let names: Vec<String> = group.iter().map(|(t, _, _)| tools[*t].display_name().to_string()).collect();
        let mut wanted: Vec<(HintKind, bool)> = Vec::new();
        let mut clash = false;
        for (k, v) in group.iter().flat_map(|(_, w, _)| w.iter()) {
            match wanted.iter().find(|(h, _)| h == k) {
                Some((_, other)) => clash |= other != v,
                None => wanted.push((*k, *v)),
            }
        }
        wanted.sort_by_key(|(k, _)| HintKind::ALL.iter().position(|h| h == k));
        let wanted = &wanted;
        let fix = if clash {
            Err(format!("tools {} share their annotations but need different values", names.join(", ")))
        } else {
            annotate(tool, wanted, sources, &mut cache).map(|edits| {
                let shown = wanted.iter().map(|(k, v)| tool.syntax.assign(*k, *v)).collect::<Vec<_>>().join(", ");
                let preset = match &tool.annotations.origin {
                    Origin::Preset { symbol, .. } => format!(" in preset `{symbol}` (tools {})", names.join(", ")),
                    _ => String::new(),
                };
                Fix {
                    applicability: Applicability::Unsafe,
                    message: format!("declare `{shown}`{preset}: {why}"),
                    edits,
                    tools: names.clone(),
                }
            })
        };
        match fix {
            Ok(fix) => {
                for (t, _, _) in group {
                    for &fi in &by_tool[*t] {
                        let f = &mut findings[fi];
                        if ABSENCE.contains(&f.code) && f.fix.is_none() {
                            f.fix = Some(fix.clone());
                        }
                    }
                }
            }
            Err(reason) => {
                for (t, _, _) in group {
                    refusals.push(Refusal {
                        site: tools[*t].site,
                        tool: tools[*t].display_name().into(),
                        reason: reason.clone(),
                    });
                }
            }
        }
    }
    refusals
}

/// The hints to write, with their values, and why these values.
fn wanted(tool: &Tool, mine: &[&Finding], words: &Words) -> (Vec<(HintKind, bool)>, String) {
    let a = &tool.annotations;
    // A misspelt key's safe fix provides its hint.
    let renamed: Vec<HintKind> = mine.iter().filter(|f| f.code == "MCP012").flat_map(|f| f.hints.clone()).collect();
    let required: Vec<HintKind> = mine.iter().filter(|f| f.code == "MCP030").flat_map(|f| f.hints.clone()).collect();
    let need: Vec<HintKind> = HintKind::ALL
        .into_iter()
        .filter(|k| mine.iter().any(|f| ABSENCE.contains(&f.code) && f.hints.contains(k)))
        .filter(|k| a.hint(*k).is_absent() && !renamed.contains(k))
        .collect();
    let verb = tool.name.as_deref().and_then(|n| words.reads_only(n, tool.description.as_deref()));
    // A tool that declares itself destructive is no read, whatever its name.
    let reads = verb.is_some() && !a.destructive.is(true);
    let read_only = if need.contains(&HintKind::ReadOnly) { reads } else { a.read_only.is(true) };
    let mut out = Vec::new();
    for k in need {
        let value = match k {
            HintKind::ReadOnly => read_only,
            HintKind::Destructive => !read_only,
            HintKind::Idempotent => false,
            HintKind::OpenWorld => true,
        };
        // Meaningless on a read-only tool (MCP010), unless a directory profile demands it.
        if read_only && matches!(k, HintKind::Destructive | HintKind::Idempotent) && !required.contains(&k) {
            continue;
        }
        out.push((k, value));
    }
    let why = match (&verb.filter(|_| reads), read_only) {
        (Some(v), true) => {
            format!("its name reads like a read (`{v}`); the other values are the spec defaults clients already assume")
        }
        _ => "the spec defaults clients already assume; change any that is wrong for this tool".to_string(),
    };
    (out, why)
}

/// Where a tool's hints are written: its annotations, or where its SDK reads them.
fn place(tool: &Tool) -> Result<Span, String> {
    if let Some(why) = &tool.unfixable {
        return Err(why.clone());
    }
    let flat = matches!(tool.syntax, Syntax::CSharpAttr | Syntax::CSharpHintAttr | Syntax::RustFlatAttr);
    match &tool.annotations.origin {
        Origin::Unresolved(_) => {
            Err("its annotations are computed at run time, so there is no one place to write them".into())
        }
        Origin::Inline(_) | Origin::Preset { .. } if flat => {
            tool.slot.ok_or_else(|| "mcp-lint cannot tell where its registration is written".into())
        }
        Origin::Inline(span) => Ok(*span),
        Origin::Preset { defined_at, .. } => Ok(*defined_at),
        Origin::None => {
            tool.slot.ok_or_else(|| "mcp-lint cannot tell where its SDK would read annotations from".into())
        }
    }
}

fn lang_of(syntax: Syntax) -> Lang {
    match syntax {
        Syntax::PythonKeyword => Lang::Python,
        Syntax::JsObject => Lang::TypeScript,
        Syntax::GoStruct | Syntax::GoOption => Lang::Go,
        Syntax::RustAttr | Syntax::RustBuilder | Syntax::RustFlatAttr => Lang::Rust,
        Syntax::JavaRecord
        | Syntax::JavaAnnotation
        | Syntax::QuarkusAnnotation
        | Syntax::QuarkusToolManager
        | Syntax::SpringToolMethod
        | Syntax::JavaFunctionsTrigger => Lang::Java,
        Syntax::KotlinAddTool | Syntax::KotlinTool => Lang::Kotlin,
        Syntax::CSharpAttr | Syntax::CSharpHintAttr | Syntax::CSharpOptions | Syntax::CSharpRecord => Lang::CSharp,
        // Its fix is refused (`hint_edits`); the help line shows C#.
        Syntax::FunctionsTrigger => Lang::CSharp,
    }
}

/// How each file spells a name a fix writes, and the import it needs:
/// worked out once per file (a file may register thousands of tools).
#[derive(Default)]
struct Imports {
    names: std::collections::HashMap<(FileId, &'static str), Option<Spelling>>,
    /// Each file's width and indentation, worked out once.
    styles: std::collections::HashMap<FileId, write::FileStyle>,
}

/// How a file spells a name, and the import edit it needs first (if any).
type Spelling = (String, Option<TextEdit>);

impl Imports {
    fn get(
        &mut self,
        file: FileId,
        what: &'static str,
        text: &str,
        find: impl FnOnce(&str) -> Option<Spelling>,
    ) -> Option<Spelling> {
        self.names.entry((file, what)).or_insert_with(|| find(text)).clone()
    }

    fn style(&mut self, file: FileId, text: &str, lang: Lang) -> write::FileStyle {
        self.styles.entry(file).or_insert_with(|| write::file_style(text, lang)).clone()
    }
}

/// The edits that write `wanted` for `tool`.
fn annotate(
    tool: &Tool,
    wanted: &[(HintKind, bool)],
    sources: &SourceMap,
    cache: &mut Imports,
) -> Result<Vec<Edit>, String> {
    let at = place(tool)?;
    let file = sources.get(at.file);
    let text: &str = &file.text;
    let lang = lang_of(tool.syntax);
    let container = at.range();
    // Annotations read off the registering call itself (Spring AI's
    // `@McpTool` with the SDK's defaults) are none written.
    let flat =
        matches!(tool.syntax, Syntax::CSharpAttr | Syntax::CSharpHintAttr | Syntax::RustFlatAttr | Syntax::GoOption);
    let none = tool.annotations.origin == Origin::None || Some(at) == tool.slot && !flat;
    let syntax = tool.syntax;
    let mut extra: Vec<TextEdit> = Vec::new();
    let py = |v: bool| if v { "True" } else { "False" }.to_string();
    // The keys written into an existing list must not be there already
    // (as a value mcp-lint could not read: `openWorldHint: void 0`).
    let hint_keys: Vec<&str> = wanted.iter().map(|(k, _)| syntax.key(*k)).collect();
    let style = cache.style(at.file, text, lang);
    let insert = |target: Target, key: Option<&str>, items: Vec<String>| {
        let keys: Vec<&str> = key.map_or_else(|| hint_keys.clone(), |k| vec![k]);
        write::insert(text, container.clone(), &Insert { lang, target, keys: &keys, items, style: Some(&style) })
    };
    let kv = |sep: &str| -> Vec<String> { wanted.iter().map(|(k, v)| format!("{}{sep}{v}", syntax.key(*k))).collect() };
    let list = Target::List { append_call: false };
    let call = Target::List { append_call: true };
    let edit = match syntax {
        Syntax::PythonKeyword => {
            let dict = text[container.clone()].trim_start().starts_with('{');
            if none {
                let (name, import) =
                    cache.get(at.file, "python", text, |t| Some(imports::python_tool_annotations(t))).expect("always");
                extra.extend(import);
                let parts: Vec<String> = wanted.iter().map(|(k, v)| format!("{}={}", k.wire_name(), py(*v))).collect();
                insert(call, Some("annotations"), vec![format!("annotations={name}({})", parts.join(", "))])?
            } else if dict {
                let quote = if text[container.clone()].contains('\'') && !text[container.clone()].contains('"') {
                    '\''
                } else {
                    '"'
                };
                insert(
                    list,
                    None,
                    wanted.iter().map(|(k, v)| format!("{quote}{}{quote}: {}", k.wire_name(), py(*v))).collect(),
                )?
            } else {
                insert(list, None, wanted.iter().map(|(k, v)| format!("{}={}", k.wire_name(), py(*v))).collect())?
            }
        }
        // `const { name, ...config } = tool` is a pattern, not a literal.
        Syntax::JsObject if destructuring(text, container.end) => {
            return Err("its record is a destructuring pattern: write the annotations where the record is made".into())
        }
        Syntax::JsObject if none => {
            insert(list, Some("annotations"), vec![format!("annotations: {{ {} }}", kv(": ").join(", "))])?
        }
        Syntax::JsObject => insert(list, None, kv(": "))?,
        Syntax::GoStruct => {
            let pointers = wanted.iter().any(|(k, _)| matches!(k, HintKind::Destructive | HintKind::OpenWorld));
            let ptr = if pointers {
                let (name, import) = cache
                    .get(at.file, "go-ptr", text, imports::go_ptr)
                    .ok_or("the file has no import block to add jsonschema to")?;
                extra.extend(import);
                name
            } else {
                String::new()
            };
            let parts: Vec<String> = wanted
                .iter()
                .map(|(k, v)| match k {
                    HintKind::ReadOnly | HintKind::Idempotent => format!("{}: {v}", k.go_field()),
                    _ => format!("{}: {ptr}({v})", k.go_field()),
                })
                .collect();
            if none {
                let pkg = write::qualifier(text, container.clone(), lang)
                    .or_else(|| imports::go_package(text, GO_SDK_MCP))
                    .ok_or("the file does not import go-sdk's mcp package by a name")?;
                insert(
                    list,
                    Some("Annotations"),
                    vec![format!("Annotations: &{pkg}.ToolAnnotations{{{}}}", parts.join(", "))],
                )?
            } else {
                insert(list, None, parts)?
            }
        }
        Syntax::GoOption => {
            // Options go into the `NewTool(...)` call, never a struct literal
            // (`mcp.ToolAnnotation{...}` handed to `WithToolAnnotation`).
            let pkg = write::qualifier(text, container.clone(), lang)
                .filter(|pkg| text[container.clone()].trim_start().starts_with(&format!("{pkg}.NewTool(")))
                .ok_or("its hints are not set by options of a `NewTool(...)` call written here")?;
            insert(
                list,
                None,
                wanted.iter().map(|(k, v)| format!("{pkg}.With{}Annotation({v})", k.go_field())).collect(),
            )?
        }
        Syntax::RustAttr if none => {
            insert(call, Some("annotations"), vec![format!("annotations({})", kv(" = ").join(", "))])?
        }
        Syntax::RustAttr | Syntax::RustFlatAttr => insert(call, None, kv(" = "))?,
        // A struct literal: `field: None` becomes `Some(v)`, a missing field is added.
        Syntax::RustBuilder if !none && text[container.clone()].trim_end().ends_with('}') => {
            let entries = write::keyed(text, container.clone(), lang).ok_or("no struct literal")?;
            let mut edits = Vec::new();
            let mut missing = Vec::new();
            let mut missing_keys = Vec::new();
            for (k, v) in wanted {
                match entries.iter().find(|(key, _)| key.as_deref() == Some(k.snake_name())) {
                    Some((_, r)) if text[r.clone()].trim() == "None" => {
                        edits.push(Edit { file: at.file, range: r.clone(), content: format!("Some({v})") })
                    }
                    Some(_) => {
                        return Err(format!("`{}` is set there to something mcp-lint cannot read", k.snake_name()))
                    }
                    None => {
                        missing.push(format!("{}: Some({v})", k.snake_name()));
                        missing_keys.push(k.snake_name());
                    }
                }
            }
            if !missing.is_empty() {
                let e = write::insert(
                    text,
                    container.clone(),
                    &Insert { lang, target: list, keys: &missing_keys, items: missing, style: Some(&style) },
                )?;
                edits.push(Edit { file: at.file, range: e.range, content: e.content });
            }
            edits.sort_by_key(Edit::key);
            return Ok(edits);
        }
        // rmcp's builder methods (pmcp's differ).
        Syntax::RustBuilder if !none && tool.api.starts_with("rust.rmcp") => {
            let chain: String =
                wanted.iter().map(|(k, v)| format!(".{}({v})", k.snake_name().trim_end_matches("_hint"))).collect();
            TextEdit { range: container.end..container.end, content: chain }
        }
        Syntax::CSharpRecord => return Err("mcp-lint does not write into a low-level C# `Tool` record yet".into()),
        Syntax::CSharpAttr | Syntax::CSharpHintAttr => insert(call, None, kv(" = "))?,
        Syntax::CSharpOptions if none => insert(Target::After("McpServerToolCreateOptions"), None, kv(" = "))?,
        Syntax::CSharpOptions => insert(list, None, kv(" = "))?,
        Syntax::JavaAnnotation | Syntax::QuarkusAnnotation if none => {
            let ty = if syntax == Syntax::JavaAnnotation { "@McpTool.McpAnnotations" } else { "@Tool.Annotations" };
            insert(call, Some("annotations"), vec![format!("annotations = {ty}({})", kv(" = ").join(", "))])?
        }
        Syntax::JavaAnnotation | Syntax::QuarkusAnnotation => insert(call, None, kv(" = "))?,
        Syntax::KotlinAddTool | Syntax::KotlinTool if none => {
            let (name, import) = cache
                .get(at.file, "kotlin", text, imports::kotlin_tool_annotations)
                .ok_or("the file imports no MCP SDK type to find `ToolAnnotations` beside")?;
            extra.extend(import);
            let key = if syntax == Syntax::KotlinAddTool { "toolAnnotations" } else { "annotations" };
            insert(list, Some(key), vec![format!("{key} = {name}({})", kv(" = ").join(", "))])?
        }
        Syntax::KotlinAddTool | Syntax::KotlinTool => insert(list, None, kv(" = "))?,
        Syntax::JavaRecord if !none => {
            // Positional: a hint's argument is replaced where it is `null`.
            let args = write::positional(text, container.clone(), lang).ok_or("no argument list")?;
            let mut edits = Vec::new();
            for (k, v) in wanted {
                let i = 1 + HintKind::ALL.iter().position(|h| h == k).unwrap_or(0);
                match args.get(i) {
                    Some(r) if text[r.clone()].trim() == "null" => {
                        edits.push(Edit { file: at.file, range: r.clone(), content: v.to_string() })
                    }
                    _ => return Err(format!("`{}` is not a `null` argument there to replace", k.wire_name())),
                }
            }
            return Ok(edits);
        }
        Syntax::JavaRecord => {
            return Err("a Java `Tool` takes its annotations by constructor overload: add them by hand".into())
        }
        Syntax::RustBuilder => return Err("the tool is built without an annotations builder to extend".into()),
        Syntax::QuarkusToolManager => {
            return Err(
                "add `.setAnnotations(new ToolManager.ToolAnnotations(...))` to the tool's builder by hand".into()
            )
        }
        Syntax::SpringToolMethod => {
            return Err("a Spring AI `@Tool` method cannot carry hints: replace it with `@McpTool`".into())
        }
        Syntax::FunctionsTrigger | Syntax::JavaFunctionsTrigger => {
            return Err("an Azure Functions MCP tool trigger cannot carry hints: serve the tool from the MCP SDK".into())
        }
    };
    let mut edits: Vec<Edit> = std::iter::once(edit)
        .chain(extra)
        .map(|e| Edit { file: at.file, range: e.range, content: e.content })
        .collect();
    edits.sort_by_key(Edit::key);
    Ok(edits)
}

/// Whether `=` (an assignment, not `==` or `=>`) follows `at`.
fn destructuring(text: &str, at: usize) -> bool {
    let rest = text[at..].trim_start();
    rest.starts_with('=') && !rest.starts_with("==") && !rest.starts_with("=>")
}

/// MCP012: the misspelt key renamed, when its hint is absent otherwise.
fn rename(f: &Finding, tool: &Tool, sources: &SourceMap) -> Option<Fix> {
    let span = f.span?;
    let key = tool.annotations.unknown_keys.iter().find(|k| k.span == span)?;
    let right = tool.syntax.key(key.intended);
    if f.hints.is_empty() || key.key == right {
        return None;
    }
    // go-sdk's pointer hints need more than a new name.
    if tool.syntax == Syntax::GoStruct && matches!(key.intended, HintKind::Destructive | HintKind::OpenWorld) {
        return None;
    }
    let file = sources.get(span.file);
    let text = file.slice(span);
    let at = word_at(text, &key.key)?;
    let start = span.start as usize + at;
    Some(Fix {
        applicability: Applicability::Safe,
        message: format!("rename `{}` to `{right}`", key.key),
        edits: vec![Edit { file: span.file, range: start..start + key.key.len(), content: right.to_string() }],
        tools: vec![tool.display_name().to_string()],
    })
}

/// The offset of `word` in `text` where it is a whole word.
fn word_at(text: &str, word: &str) -> Option<usize> {
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word)
        .map(|(i, _)| i)
        .find(|&i| !ident(text[..i].chars().next_back()) && !ident(text[i + word.len()..].chars().next()))
}

/// MCP014: the earlier of two entries of one key removed, with its comma
/// (and its line, when it had one to itself). The later entry is what the
/// tool sends, so nothing changes for a client.
fn unduplicate(f: &Finding, tool: &Tool, sources: &SourceMap) -> Option<Fix> {
    let span = f.span?;
    let d = tool.annotations.duplicates.iter().find(|d| d.later == span)?;
    let text: &str = &sources.get(d.earlier.file).text;
    let (start, end) = (d.earlier.start as usize, d.earlier.end as usize);
    let blank = |s: &str| s.len() - s.trim_start_matches([' ', '\t']).len();
    // A later entry follows, so a comma does (nothing else may come between).
    let comma = end + blank(text.get(end..)?);
    if !text[comma..].starts_with(',') {
        return None;
    }
    let after = comma + 1 + blank(&text[comma + 1..]);
    let line = text[..start].rfind('\n').map_or(0, |n| n + 1);
    // On a line of its own, the line goes, with a comment that ends it.
    let line_end = text[after..].find('\n').map_or(text.len(), |n| after + n + 1);
    let rest = text[after..line_end].trim();
    let own_line = text[line..start].trim().is_empty() && line_end > after;
    let range = if own_line && (rest.is_empty() || rest.starts_with('#') || rest.starts_with("//")) {
        line..line_end
    } else {
        start..after
    };
    Some(Fix {
        applicability: Applicability::Safe,
        message: format!("remove the earlier `{}` entry (the later one is what the tool sends)", d.key),
        edits: vec![Edit { file: d.earlier.file, range, content: String::new() }],
        tools: vec![tool.display_name().to_string()],
    })
}

/// MCP013: a boolean spelt as a string or a number, made a boolean.
fn boolean(f: &Finding, tool: &Tool, sources: &SourceMap) -> Option<Fix> {
    let span = f.span?;
    let (kind, text) = HintKind::ALL.into_iter().find_map(|k| match tool.annotations.hint(k) {
        Hint::Invalid { text, span: s } if *s == span => Some((k, text.clone())),
        _ => None,
    })?;
    let bare = text.trim().trim_matches(['"', '\'']);
    let value = match bare.to_ascii_lowercase().as_str() {
        "true" | "1" => true,
        "false" | "0" => false,
        _ => return None,
    };
    if tool.syntax == Syntax::GoStruct && matches!(kind, HintKind::Destructive | HintKind::OpenWorld) {
        return None;
    }
    let literal = match tool.syntax {
        Syntax::PythonKeyword => if value { "True" } else { "False" }.to_string(),
        _ => value.to_string(),
    };
    let file = sources.get(span.file);
    let whole = file.slice(span);
    let at = whole.rfind(text.as_str())?;
    let start = span.start as usize + at;
    Some(Fix {
        applicability: Applicability::Safe,
        message: format!("replace `{text}` with `{literal}`"),
        edits: vec![Edit { file: span.file, range: start..start + text.len(), content: literal }],
        tools: vec![tool.display_name().to_string()],
    })
}
