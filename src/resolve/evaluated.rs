//! Tools the evaluator reaches ([`crate::eval`]), as [`Tool`]s.
//!
//! Transitional: Python and TypeScript/JavaScript files are lowered into
//! the IR as well as into facts, the whole program is run, and every SDK
//! registration the evaluator reaches that the facts-based resolution did
//! not already report becomes a tool. That is where the shapes no
//! recogniser knows show up (class hierarchies, derived lists, decorator
//! factories called as functions, helpers called with function values). As
//! the SDK tables cover what the recognisers do, the recognisers go.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::eval::{Item, Obj, Value as RValue};
use super::Resolver;
use crate::eval::value::Value;
use crate::eval::{self, Budget, Link, Registration};
use crate::ir::{self, Stmt};
use crate::model::{Annotations, FileFacts, Hint, Lang, Origin, Syntax, Tool};
use crate::source::{FileId, Span};

/// Files reached only through imports, at most (a bound on on-demand loading).
const MAX_LOADED: usize = 2_000;

struct Program {
    modules: Vec<Arc<ir::Module>>,
    by_file: HashMap<FileId, usize>,
    links: HashMap<(usize, String, Option<String>), LinkTo>,
    /// Each module's path as walked, `/`-separated.
    paths: Vec<Option<String>>,
}

#[derive(Clone)]
enum LinkTo {
    Module(usize),
    Member(usize, String),
}

impl eval::Linker for Program {
    fn resolve(&self, from: usize, import: &ir::Import) -> Link {
        match self.links.get(&(from, import.module.clone(), import.member.clone())) {
            Some(LinkTo::Module(m)) => Link::Module(*m),
            Some(LinkTo::Member(m, name)) => Link::Member(*m, name.clone()),
            None => Link::External,
        }
    }

    fn module_path(&self, module: usize) -> Option<String> {
        self.paths.get(module).cloned().flatten()
    }
}

impl Resolver<'_, '_> {
    /// The tools the evaluator finds in `modules` that `known` does not hold.
    ///
    /// Where a known tool is one the facts could not follow (a computed name,
    /// unresolved annotations) and the evaluator reaches the same
    /// registration with everything known, the evaluator's tools replace it:
    /// the indices of the replaced known tools come back too.
    pub(super) fn evaluated(
        &self,
        modules: Vec<Arc<ir::Module>>,
        known: &[Tool],
        recognisers: bool,
    ) -> (Vec<Tool>, Vec<usize>) {
        let mut replaced: Vec<usize> = vec![];
        if modules.is_empty() {
            return (vec![], replaced);
        }
        let program = self.link(modules);
        let outcome = eval::run(&program.modules, &program, Budget::default());
        let sites = Sites::new(known);
        let mut out: Vec<Tool> = vec![];
        let mut seen: std::collections::HashSet<(Span, Option<String>)> = Default::default();
        // Registering calls the evaluator reached with something other than
        // a forwarded parameter as the name.
        let not_only_forwarding: std::collections::HashSet<Span> =
            outcome.registrations.iter().filter(|r| !r.name_from_params).map(|r| r.call).collect();
        // Registering calls reached with a known name at least once: the
        // tools of such a call are the named ones; a path on which its name
        // is unknown (an optional extra a caller may pass) is no tool of
        // its own.
        let named_calls: std::collections::HashSet<Span> =
            outcome.registrations.iter().filter(|r| matches!(r.name, Some(Value::Str(..)))).map(|r| r.call).collect();
        for reg in &outcome.registrations {
            let Some(&m) = program.by_file.get(&reg.call.file) else { continue };
            // A call that only ever forwards its function's parameters is
            // plumbing: a `<computed>` tool the facts made of it goes.
            if reg.name_from_params && !not_only_forwarding.contains(&reg.call) {
                replaced.extend(
                    sites
                        .overlapping(reg.call)
                        .filter(|&i| known[i].name.is_none() && reg.call.contains(known[i].site)),
                );
            }
            let lang = program.modules[m].lang;
            // A name the evaluator cannot know is a `<computed>` tool (its
            // hints are checked as far as they can be followed), unless it
            // comes from the parameters of a function nothing called: that
            // function forwards its callers' tools, and is no tool itself.
            // While the recognisers run they report those themselves.
            let named = matches!(reg.name, Some(Value::Str(..)));
            if reg.name_from_params
                || reg.name.is_none()
                || (!named && (recognisers || named_calls.contains(&reg.call)))
            {
                continue;
            }
            let path = self.linker.path_of(reg.call.file).unwrap_or_default();
            if matches!(lang, Lang::TypeScript | Lang::JavaScript) && crate::frontend::typescript::is_test_path(&path) {
                continue;
            }
            let Some(facts) =
                self.linker.by_id.lock().expect("linker poisoned").get(&reg.call.file).map(|(_, f)| f.clone())
            else {
                continue;
            };
            let overlapping = known_overlapping(reg, &sites, &program);
            let mut tool = self.tool_of(reg, &facts, lang);
            if !overlapping.is_empty() {
                // Absent annotations are no better than unresolved ones: the
                // facts may have seen them set later in a way the evaluator
                // does not follow (it follows `registered.update(...)` and
                // `_registeredTools`, not every run-time annotation).
                let better =
                    !unsure(&tool) && reg.annotations.is_some() && overlapping.iter().all(|&i| unsure(&known[i]));
                if !better {
                    continue;
                }
                // What the facts knew and the evaluator does not yet model.
                let first = &known[overlapping[0]];
                tool.params = tool.params.or_else(|| first.params.clone());
                tool.description = tool.description.or_else(|| first.description.clone());
                tool.definition = tool.definition.or(first.definition);
                if tool.confirms.is_empty() {
                    tool.confirms = first.confirms.clone();
                }
                replaced.extend(overlapping);
            }
            if seen.insert((tool.site, tool.name.clone())) {
                out.push(tool);
            }
        }
        replaced.sort_unstable();
        replaced.dedup();
        (out, replaced)
    }

    /// Lowered modules plus every file their imports reach, with the links.
    fn link(&self, modules: Vec<Arc<ir::Module>>) -> Program {
        let mut p = Program { by_file: HashMap::new(), modules: vec![], links: HashMap::new(), paths: vec![] };
        for m in modules {
            p.by_file.insert(m.file, p.modules.len());
            p.modules.push(m);
        }
        let mut next = 0;
        let mut loaded = 0;
        while next < p.modules.len() {
            let from = next;
            next += 1;
            let Some(from_path) = self.linker.path_of(p.modules[from].file) else { continue };
            let lang = p.modules[from].lang;
            for imp in imports(&p.modules[from]) {
                let key = (from, imp.module.clone(), imp.member.clone());
                if p.links.contains_key(&key) || eval::sdk::TABLES.iter().any(|t| t.owns(lang, &imp.module)) {
                    continue;
                }
                let target = self.import_target(&from_path, lang, &imp);
                let Some((path, as_module)) = target else { continue };
                let Some(idx) = self.module_index(&mut p, &path, &mut loaded) else { continue };
                let link = match (&imp.member, as_module) {
                    (Some(member), false) => LinkTo::Member(idx, member.clone()),
                    _ => LinkTo::Module(idx),
                };
                p.links.insert(key, link);
            }
        }
        p.paths = p
            .modules
            .iter()
            .map(|m| self.linker.path_of(m.file).map(|path| path.to_string_lossy().replace('\\', "/")))
            .collect();
        p
    }

    /// The file an import names, and whether it names the whole module
    /// (`from . import presets` names the module `presets`).
    fn import_target(&self, from: &Path, lang: Lang, imp: &ir::Import) -> Option<(PathBuf, bool)> {
        if lang == Lang::Python {
            if let Some(member) = imp.member.as_deref().filter(|m| *m != "*") {
                let joined = if imp.module.ends_with('.') {
                    format!("{}{member}", imp.module)
                } else {
                    format!("{}.{member}", imp.module)
                };
                if let Some(path) = self.linker.module_path(from, &joined, lang) {
                    return Some((path, true));
                }
            }
        }
        self.linker.module_path(from, &imp.module, lang).map(|p| (p, imp.member.is_none()))
    }

    fn module_index(&self, p: &mut Program, path: &Path, loaded: &mut usize) -> Option<usize> {
        let facts = self.linker.load(path)?;
        if let Some(&i) = p.by_file.get(&facts.file) {
            return Some(i);
        }
        if *loaded >= MAX_LOADED {
            return None;
        }
        *loaded += 1;
        let module = self.linker.lowered(facts.file)?;
        let i = p.modules.len();
        p.by_file.insert(facts.file, i);
        p.modules.push(module);
        Some(i)
    }

    fn tool_of(&self, reg: &Registration, facts: &Arc<FileFacts>, lang: Lang) -> Tool {
        let (name, name_span) = match &reg.name {
            Some(Value::Str(s, span)) => (Some(s.to_string()), Some(*span)),
            _ => (None, reg.name_at.or(Some(reg.call))),
        };
        // Reported at the outermost project call that wrote the name; a
        // name read from the handler is written where a project call (a
        // wrapper decorator) was handed the handler.
        let written_in_call = name_span.and_then(|at| reg.stack.iter().find(|s| s.contains(at))).copied();
        let site = written_in_call.or(reg.handed_at.filter(|_| reg.name_at.is_none())).unwrap_or_else(|| head(reg));
        // A name passed to the registration but written elsewhere, in no call
        // that led to it (a subclass's `name` field, an element of a list of
        // definitions): that is where the tool is defined.
        let definition = name_span.filter(|at| {
            matches!(reg.name, Some(Value::Str(..)))
                && reg.name_at.is_some()
                && written_in_call.is_none()
                && !reg.call.contains(*at)
        });
        let title = match &reg.title {
            None | Some(Value::Null(_) | Value::Undefined(_)) => Hint::Absent,
            Some(Value::Str(s, span)) => Hint::Declared { value: s.to_string(), span: *span },
            Some(v) => Hint::Unresolved { span: v.span().unwrap_or(reg.call) },
        };
        let description = match &reg.description {
            Some(Value::Str(s, _)) => Some(s.to_string()),
            _ => None,
        };
        let (generation, why) = self.generation(facts);
        let annotations = match &reg.annotations {
            None | Some(Value::Null(_) | Value::Undefined(_)) => Annotations::none(),
            Some(v @ Value::Object(o)) => {
                let obj_span = o.borrow().span.unwrap_or(reg.call);
                let origin = match reg.annotations_at {
                    Some(at) if !(at.file == obj_span.file && at.start <= obj_span.start && obj_span.end <= at.end) => {
                        let symbol = self.linker.sources.get(at.file).slice(at).to_string();
                        Origin::Preset { symbol, defined_at: obj_span, used_at: at }
                    }
                    _ => Origin::Inline(obj_span),
                };
                match to_resolve_value(v, facts, 0) {
                    RValue::Obj(obj) => self.annotations_of(&obj, origin, generation, &why),
                    _ => unresolved(obj_span),
                }
            }
            Some(v) => unresolved(v.span().or(reg.annotations_at).unwrap_or(reg.call)),
        };
        let params = match (&reg.handler, &reg.inputs) {
            (Some(Value::Object(record)), _) => schema_params(&record.borrow()),
            (_, eval::Inputs::NoSchema) => Some(vec![]),
            (_, eval::Inputs::Schema(schema)) => schema_keys(schema),
            (_, eval::Inputs::Read(params)) => params.clone(),
            (_, eval::Inputs::Handler) => None,
        };
        Tool {
            name,
            name_span,
            site,
            definition,
            language: Some(lang),
            api: reg.api,
            params,
            description,
            title,
            annotations,
            syntax: if lang == Lang::Python { Syntax::PythonKeyword } else { Syntax::JsObject },
            // Elicitation in the handler is not modelled by the evaluator yet.
            confirms: vec![],
        }
    }
}

/// The inputs a listed tool record declares: the keys of its input
/// schema's `properties` (`inputSchema`, or v2's `input_schema`), when the
/// schema is a literal the evaluator knows whole.
fn schema_params(record: &eval::value::Obj) -> Option<Vec<String>> {
    let schema = record.get("inputSchema").or_else(|| record.get("input_schema"))?;
    let Value::Object(schema) = schema else { return None };
    let schema = schema.borrow();
    let Some(Value::Object(props)) = schema.get("properties") else { return None };
    let props = props.borrow();
    props.complete.then(|| props.entries.iter().map(|(k, _, _)| k.to_string()).collect())
}

/// The parameters an input schema declares, when it is known whole: the
/// `properties` of a JSON schema (none: no parameters), or the keys of a
/// zod raw shape (every value a schema value). `z.object({...})` and
/// anything computed are unknown.
fn schema_keys(schema: &Value) -> Option<Vec<String>> {
    let Value::Object(o) = schema else { return None };
    let o = o.borrow();
    if !o.complete {
        return None;
    }
    let keys = |o: &eval::value::Obj| o.entries.iter().map(|(k, _, _)| k.to_string()).collect::<Vec<_>>();
    if o.get("type").is_some() || o.get("properties").is_some() {
        return match o.get("properties") {
            None => Some(vec![]),
            Some(Value::Object(p)) if p.borrow().complete => Some(keys(&p.borrow())),
            Some(_) => None,
        };
    }
    o.entries.iter().all(|(_, v, _)| matches!(v, Value::Sdk(_))).then(|| keys(&o))
}

/// The registering call up to the end of the SDK member it calls
/// (`@mcp.tool`, `server.registerTool`): what diagnostics underline.
fn head(reg: &Registration) -> Span {
    let (call, site) = (reg.call, reg.site);
    if site.file == call.file && call.start <= site.start && site.end <= call.end && site.end > call.start {
        Span { file: call.file, start: call.start, end: site.end }
    } else {
        call
    }
}

fn unresolved(span: Span) -> Annotations {
    let u = Hint::Unresolved { span };
    Annotations {
        origin: Origin::Unresolved(span),
        title: Hint::Unresolved { span },
        read_only: u.clone(),
        destructive: u.clone(),
        idempotent: u.clone(),
        open_world: u,
        unknown_keys: vec![],
        sdk_defaults: vec![],
    }
}

/// A tool whose name or annotations could not be followed.
fn unsure(t: &Tool) -> bool {
    let a = &t.annotations;
    t.name.is_none()
        || matches!(a.origin, Origin::Unresolved(_))
        || matches!(t.title, Hint::Unresolved { .. })
        || matches!(a.title, Hint::Unresolved { .. })
        || crate::model::HintKind::ALL.iter().any(|k| matches!(a.hint(*k), Hint::Unresolved { .. }))
}

/// The known tools that are this registration: their site overlaps the
/// registering call, the calls that led to it, or the decorated function.
fn known_overlapping(reg: &Registration, known: &Sites, p: &Program) -> Vec<usize> {
    let mut spans: Vec<Span> = vec![reg.call, reg.site];
    spans.extend(reg.stack.iter().copied());
    if let Some(Value::Func(c) | Value::Bound(c, _)) = &reg.handler {
        if let Some(m) = p.modules.get(c.module) {
            spans.push(m.func(c.func).span);
        }
    }
    let mut out: Vec<usize> = spans.iter().flat_map(|s| known.overlapping(*s)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The known tools' sites per file, sorted by start, so that finding the
/// ones a span overlaps is a binary search, not a scan per registration.
struct Sites {
    by_file: HashMap<FileId, FileSites>,
}

/// (start, end, tool index) by start, and the longest site's length.
type FileSites = (Vec<(u32, u32, usize)>, u32);

impl Sites {
    fn new(known: &[Tool]) -> Sites {
        let mut by_file: HashMap<FileId, FileSites> = HashMap::new();
        for (i, t) in known.iter().enumerate() {
            let entry = by_file.entry(t.site.file).or_default();
            entry.0.push((t.site.start, t.site.end, i));
            entry.1 = entry.1.max(t.site.end.saturating_sub(t.site.start));
        }
        for (sites, _) in by_file.values_mut() {
            sites.sort_unstable();
        }
        Sites { by_file }
    }

    /// Tools whose site overlaps `s`; an empty span counts as one byte.
    fn overlapping(&self, s: Span) -> impl Iterator<Item = usize> + '_ {
        let (sites, longest) = self.by_file.get(&s.file).map(|(v, l)| (v.as_slice(), *l)).unwrap_or((&[], 0));
        let end = s.end.max(s.start + 1);
        // A site that overlaps starts before `end` and no earlier than the
        // longest site could reach back from.
        let from = sites.partition_point(|&(start, _, _)| start < s.start.saturating_sub(longest + 1));
        sites[from..]
            .iter()
            .take_while(move |&&(start, _, _)| start < end)
            .filter(move |&&(start, site_end, _)| s.start < site_end.max(start + 1))
            .map(|&(_, _, i)| i)
    }
}

/// The evaluator's value as resolution's, for the annotation rules.
fn to_resolve_value(v: &Value, facts: &Arc<FileFacts>, depth: usize) -> RValue {
    let span = v.span().unwrap_or(Span::new(facts.file, 0, 0));
    if depth > 8 {
        return RValue::Unresolved(span);
    }
    match v {
        Value::Bool(b, s) => RValue::Bool(*b, *s),
        Value::Str(t, s) => RValue::Str(t.to_string(), *s),
        Value::Num(n, s) => RValue::Number(n.to_string(), *s),
        Value::Null(s) => RValue::Null(*s),
        Value::Undefined(s) => RValue::Undefined(*s),
        Value::Object(o) => {
            let o = o.borrow();
            let obj_span = o.span.unwrap_or(span);
            let mut items = vec![];
            // A spread of something unknown may have set any key; keys
            // written explicitly still count (they usually come after it).
            if !o.complete {
                items.push(Item::Unknown(obj_span));
            }
            for (key, value, key_span) in &o.entries {
                items.push(Item::Pair {
                    key: key.to_string(),
                    key_span: key_span.unwrap_or(obj_span),
                    value: to_resolve_value(value, facts, depth + 1),
                    value_expr: None,
                    facts: facts.clone(),
                });
            }
            RValue::Obj(Obj { items, span: obj_span, defined_at: None })
        }
        Value::List(_, s) => RValue::Other(*s),
        _ => RValue::Unresolved(span),
    }
}

/// Every import statement of a module, nested ones included.
fn imports(m: &ir::Module) -> Vec<ir::Import> {
    let mut out = vec![];
    let mut todo: Vec<&[Stmt]> = vec![&m.body];
    todo.extend(m.funcs.iter().map(|f| f.body.as_slice()));
    while let Some(block) = todo.pop() {
        for s in block {
            match s {
                Stmt::Import(i) => out.push(i.clone()),
                Stmt::If { then, otherwise, .. } => {
                    todo.push(then);
                    todo.push(otherwise);
                }
                Stmt::Try { body, handlers, finally, .. } => {
                    todo.push(body);
                    todo.extend(handlers.iter().map(|h| h.as_slice()));
                    todo.push(finally);
                }
                _ => {}
            }
        }
    }
    out
}
