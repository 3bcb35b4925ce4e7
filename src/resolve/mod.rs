//! Whole-tree resolution: link the [`FileFacts`] of every file, decide which
//! candidate sites are MCP tool registrations, and evaluate each tool's
//! name, title and annotations into concrete hints with provenance.
//!
//! What cannot be followed statically stays `Unresolved` with its span; it is
//! never guessed. Files that the prefilter skipped are parsed on demand when
//! an import names them.

pub mod build_output;
mod callers;
mod csharp;
mod dircache;
mod eval;
mod evaluated;
mod go;
mod java;
mod jvm_packages;
pub mod keys;
mod kotlin;
pub mod lang;
mod lazy_scope;
mod manifests;
pub mod python;
mod rust;
mod typescript;
mod workspace;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub use self::eval::Value;
use self::keys::{classify_key, KeyClass, SnakeRule};
use self::lang::Generation;
use crate::model::{
    Annotations, Arg, Expr, FileFacts, Forwarder, Gate, Hint, HintKind, Lang, Origin, Role, RoleSource, Spread, Tool,
    ToolSite, UnknownKey, PARAMS_KEY, RESET_KEY, SDK_DEFAULTS_KEY,
};
use crate::source::{FileId, SourceMap, Span};

/// Files larger than this are not loaded to follow an import.
const MAX_IMPORT_SIZE: u64 = 4 * 1024 * 1024;

/// What resolution must know about `lang` (the one place that lists the
/// languages' [`lang::LangSupport`] implementations).
pub fn support(lang: Lang) -> &'static dyn lang::LangSupport {
    match lang {
        Lang::Python => &python::Python,
        Lang::TypeScript | Lang::JavaScript => &typescript::TypeScript,
        Lang::Go => &go::Go,
        Lang::Rust => &rust::Rust,
        Lang::CSharp => &csharp::CSharp,
        Lang::Java => &java::Java,
        Lang::Kotlin => &kotlin::Kotlin,
    }
}

/// Knows every parsed file and loads more on demand.
pub struct Linker<'a> {
    pub sources: &'a SourceMap,
    by_path: Mutex<HashMap<PathBuf, Option<Arc<FileFacts>>>>,
    by_id: Mutex<HashMap<FileId, (PathBuf, Arc<FileFacts>)>>,
    /// The IR of each parsed file that has a lowering, from the same parse.
    lowered: Mutex<HashMap<FileId, Arc<crate::ir::Module>>>,
    modules: Mutex<HashMap<(PathBuf, Lang, String), Option<PathBuf>>>,
    fs: dircache::DirCache,
    deps: python::Deps,
    /// The top-level Python packages of the linted files and the source
    /// root each sits in, sorted: built on the first import no project holds.
    python_roots: std::sync::OnceLock<Vec<(String, PathBuf)>>,
    /// Each Java and Kotlin package's directories among the walked files:
    /// built on the first import the importer's own source root misses.
    jvm_packages: std::sync::OnceLock<jvm_packages::JvmPackages>,
    /// The files of the walk and their languages, as found.
    walked: Vec<(Lang, PathBuf)>,
    /// The linted directories, canonical: where a data file read at run
    /// time ([`Linker::in_roots`]) may be.
    roots: Vec<PathBuf>,
    /// Files the walk read and left unparsed for lack of an SDK marker, in
    /// the languages where one may call a registration helper
    /// ([`crate::frontend::may_call_helpers`]), sorted.
    unmarked: Vec<PathBuf>,
    overlay: crate::Overlay,
}

impl<'a> Linker<'a> {
    pub fn new(sources: &'a SourceMap) -> Linker<'a> {
        Linker {
            sources,
            by_path: Mutex::default(),
            by_id: Mutex::default(),
            lowered: Mutex::default(),
            modules: Mutex::default(),
            fs: dircache::DirCache::default(),
            deps: python::Deps::default(),
            python_roots: std::sync::OnceLock::new(),
            jvm_packages: std::sync::OnceLock::new(),
            walked: vec![],
            roots: vec![],
            unmarked: vec![],
            overlay: crate::Overlay::default(),
        }
    }

    /// The directories being linted (canonical paths).
    pub fn with_roots(mut self, roots: Vec<PathBuf>) -> Linker<'a> {
        self.roots = roots;
        self
    }

    /// Files left unparsed for lack of an SDK marker ([`callers`]).
    pub fn with_unmarked(mut self, paths: Vec<PathBuf>) -> Linker<'a> {
        self.unmarked = paths;
        self
    }

    /// Whether `path` (absolute, normalized) lies in a linted directory:
    /// nothing else is read as data.
    fn in_roots(&self, path: &Path) -> bool {
        self.roots.iter().any(|r| path.starts_with(r))
    }

    /// Read these contents instead of the files' on disk (`--fix`'s check).
    pub fn with_overlay(mut self, overlay: crate::Overlay) -> Linker<'a> {
        self.overlay = overlay;
        self
    }

    /// The files the walk found: where an import no project or source root
    /// holds may still be a linted package ([`Linker::linted_package`],
    /// [`Linker::jvm_package`]).
    pub fn with_walked(mut self, files: Vec<(Lang, PathBuf)>) -> Linker<'a> {
        self.walked = files;
        self
    }

    /// Register a file parsed by the main pass (`path` absolute).
    pub fn insert(&self, path: PathBuf, facts: Arc<FileFacts>, module: Option<crate::ir::Module>) {
        if let Some(m) = module {
            self.lowered.lock().expect("linker poisoned").insert(facts.file, Arc::new(m));
        }
        self.by_id.lock().expect("linker poisoned").insert(facts.file, (path.clone(), facts.clone()));
        self.by_path.lock().expect("linker poisoned").insert(path, Some(facts));
    }

    fn path_of(&self, id: FileId) -> Option<PathBuf> {
        self.by_id.lock().expect("linker poisoned").get(&id).map(|(p, _)| p.clone())
    }

    /// The file a module specifier names from `from`, cached per directory.
    fn module_path(&self, from: &Path, specifier: &str, lang: Lang) -> Option<PathBuf> {
        let dir = from.parent().unwrap_or(Path::new("")).to_path_buf();
        let key = (dir, lang, specifier.to_string());
        if let Some(hit) = self.modules.lock().expect("linker poisoned").get(&key) {
            return hit.clone();
        }
        let found = support(lang).module_candidates(from, specifier, &self.fs).into_iter().find(|c| self.fs.is_file(c));
        let found = found.or_else(|| match lang {
            Lang::Python => self.linted_package(specifier),
            Lang::Java | Lang::Kotlin => self.jvm_package(from, specifier, lang),
            _ => None,
        });
        self.modules.lock().expect("linker poisoned").insert(key, found.clone());
        found
    }

    /// An absolute Python import its own project does not hold, found in a
    /// package of another linted project (a monorepo's extension importing
    /// the main package, which an editable install provides at run time).
    /// Only when exactly one linted source root has that top-level package:
    /// two copies of it are a guess.
    fn linted_package(&self, specifier: &str) -> Option<PathBuf> {
        let top = specifier.split('.').next().filter(|t| !t.is_empty())?;
        let roots = self.python_roots.get_or_init(|| {
            // Every linted Python file counts, parsed or not (a helper
            // module without a marker is not parsed until imported); one
            // `canonicalize` per directory, as parsed files' paths are.
            let dirs: std::collections::BTreeSet<&Path> =
                self.walked.iter().filter(|(l, _)| *l == Lang::Python).filter_map(|(_, p)| p.parent()).collect();
            let dirs: Vec<PathBuf> = dirs.into_iter().filter_map(|d| std::fs::canonicalize(d).ok()).collect();
            python::source_roots(&dirs, &|p| self.fs.exists(p))
        });
        let mut hits = roots.iter().filter(|(package, _)| package == top);
        let (_, root) = hits.next()?;
        if hits.next().is_some() {
            return None;
        }
        python::module_candidates_at(root, specifier).into_iter().find(|c| self.fs.is_file(c))
    }

    /// A Java or Kotlin import its file's own source root does not hold,
    /// found by package clause among the walked files: another module of a
    /// multi-module build, or a Kotlin directory that omits the common root
    /// package. `specifier` is a package (`a.b`), or for Java a class by its
    /// full name (`a.b.C`, the file `C.java`).
    fn jvm_package(&self, from: &Path, specifier: &str, lang: Lang) -> Option<PathBuf> {
        let index = self.jvm_packages.get_or_init(|| jvm_packages::JvmPackages::build(&self.walked, &|p| self.text(p)));
        let first = |dir: &Path| self.fs.files(dir).into_iter().find(|f| crate::frontend::lang_for(f) == Some(lang));
        if let Some(dir) = index.nearest(lang, specifier, from, &|_| true) {
            return first(dir);
        }
        let (package, class) = specifier.rsplit_once('.').filter(|_| lang == Lang::Java)?;
        let file = format!("{class}.java");
        Some(index.nearest(lang, package, from, &|d| self.fs.is_file(&d.join(&file)))?.join(file))
    }

    /// The facts of a file on disk, parsing it if no pass has yet.
    fn load(&self, path: &Path) -> Option<Arc<FileFacts>> {
        if let Some(hit) = self.by_path.lock().expect("linker poisoned").get(path) {
            return hit.clone();
        }
        let loaded = self.read_and_parse(path);
        let mut by_path = self.by_path.lock().expect("linker poisoned");
        // Another thread may have loaded it meanwhile: keep the first.
        let entry = by_path.entry(path.to_path_buf()).or_insert(loaded).clone();
        if let Some(f) = &entry {
            self.by_id.lock().expect("linker poisoned").entry(f.file).or_insert((path.to_path_buf(), f.clone()));
        }
        entry
    }

    /// The file id of `path` if a pass has parsed it.
    fn loaded(&self, path: &Path) -> Option<FileId> {
        self.by_path.lock().expect("linker poisoned").get(path)?.as_ref().map(|f| f.file)
    }

    /// The text of a file on disk (or in the overlay) without parsing it:
    /// never a FIFO or device, never past the cap.
    fn text(&self, path: &Path) -> Option<Arc<str>> {
        if let Some(text) = self.overlay.get(path) {
            return Some(text.clone());
        }
        let bytes = crate::fsguard::read(path, MAX_IMPORT_SIZE).ok()?;
        Some(String::from_utf8_lossy(&bytes).into())
    }

    fn read_and_parse(&self, path: &Path) -> Option<Arc<FileFacts>> {
        if path.extension().is_some_and(|e| e == "json") {
            return self.read_json(path);
        }
        let lang = crate::frontend::lang_for(path)?;
        let text = self.text(path)?;
        let file = self.sources.add(path, text.clone(), Some(lang));
        let parsed = crate::frontend::parse(lang, file.id, path, &text).ok()?;
        if let Some(m) = parsed.module {
            self.lowered.lock().expect("linker poisoned").entry(file.id).or_insert_with(|| Arc::new(m));
        }
        Some(Arc::new(parsed.facts))
    }

    /// A JSON file an import names, as a JavaScript module
    /// ([`crate::frontend::json`]); one that does not parse is not loaded.
    fn read_json(&self, path: &Path) -> Option<Arc<FileFacts>> {
        let bytes = crate::fsguard::read(path, MAX_IMPORT_SIZE).ok()?;
        let text = std::str::from_utf8(&bytes).ok()?;
        if !crate::frontend::json::is_valid(text) {
            return None;
        }
        let file = self.sources.add(path, Arc::from(text), Some(Lang::JavaScript));
        let module = crate::frontend::json::module(file.id, text)?;
        self.lowered.lock().expect("linker poisoned").entry(file.id).or_insert_with(|| Arc::new(module));
        Some(Arc::new(FileFacts::new(file.id, Lang::JavaScript)))
    }

    /// The IR of a parsed file, if its language has a lowering.
    fn lowered(&self, file: FileId) -> Option<Arc<crate::ir::Module>> {
        self.lowered.lock().expect("linker poisoned").get(&file).cloned()
    }
}

/// Resolve every site of the given files into tools, in file order.
///
/// Python and TypeScript/JavaScript tools come from the evaluator, which runs
/// the files' IR, as do Rust ones; Go ones from their frontend's sites, and
/// Rust ones of a file `syn` rejects from its token scan.
pub fn resolve_all(linker: &Linker, files: &[Arc<FileFacts>]) -> Vec<Tool> {
    // Projects whose tools are annotated at run time, by project root.
    let runtime: HashMap<PathBuf, Span> = files
        .iter()
        .filter_map(|f| {
            Some((
                linker.path_of(f.file).and_then(|p| project_root(&p, &linker.fs)).unwrap_or_default(),
                f.runtime_annotations?,
            ))
        })
        .collect();
    let r = Resolver { linker, generations: Mutex::default(), runtime };
    let mut tools = Vec::new();
    // A file that has no IR (a Rust file `syn` rejects) keeps the sites its
    // frontend's token scan found.
    for facts in files.iter().filter(|f| linker.lowered(f.file).is_none()) {
        for site in &facts.tools {
            tools.extend(r.tool(facts, site));
        }
    }
    // A definition object found on its own (a typed `Tool` literal) that a
    // registration also names is one tool: the registration's.
    let defined: std::collections::HashSet<(FileId, u32)> =
        tools.iter().filter_map(|t| t.definition.map(|d| (d.file, d.start))).collect();
    tools.retain(|t| t.definition.is_some() || !defined.contains(&(t.site.file, t.site.start)));
    // The linted files' IR, in file order (the facts are sorted so).
    // TS/JS and Go test files register no tools of the server: they run only when
    // an import reaches them (what they import, fixtures and mocks, can be
    // large and would spend the run's budget).
    // A Python module a package of its own name shadows runs for nobody.
    let dead = |f: &FileFacts, p: &Path| {
        evaluated::is_test_file(f.lang, p)
            || (f.lang == Lang::Python && python::shadowed_by_package(p, &|c| linker.fs.is_file(c)))
    };
    let modules = files
        .iter()
        .filter(|f| !linker.path_of(f.file).is_some_and(|p| dead(f, &p)))
        .filter_map(|f| linker.lowered(f.file))
        .collect();
    tools.extend(r.evaluated(modules));
    one_per_definition(linker, tools)
}

/// A tool defined in one place and registered at several sites with the same
/// hints (a server per SDK version on two branches, or an HTTP and a stdio
/// entry point, each registering the same list, through whichever API) is
/// one tool, at its first site in path order: the fix is one edit to the
/// definition, so it is one cause. A site that makes more of the definition
/// (other hints, a title of its own) stays a tool of its own.
fn one_per_definition(linker: &Linker, tools: Vec<Tool>) -> Vec<Tool> {
    let mut tools: Vec<(Option<std::path::PathBuf>, Tool)> =
        tools.into_iter().map(|t| (linker.path_of(t.site.file), t)).collect();
    tools.sort_by(|a, b| (&a.0, a.1.site.start).cmp(&(&b.0, b.1.site.start)));
    let mut kept: Vec<Tool> = Vec::with_capacity(tools.len());
    let mut by_definition: HashMap<(Option<String>, Span), Vec<usize>> = HashMap::new();
    for (_, t) in tools {
        if let Some(d) = t.definition {
            let earlier = by_definition.entry((t.name.clone(), d)).or_default();
            if earlier.iter().any(|&i| same_hints(&kept[i], &t)) {
                continue;
            }
            earlier.push(kept.len());
        }
        kept.push(t);
    }
    kept
}

/// Whether two registrations of one definition declare the same: title and
/// hints, wherever and however (inline or through a variable) each site
/// passes them.
fn same_hints(a: &Tool, b: &Tool) -> bool {
    let (x, y) = (&a.annotations, &b.annotations);
    a.name == b.name
        && a.title == b.title
        && x.title == y.title
        && x.read_only == y.read_only
        && x.destructive == y.destructive
        && x.idempotent == y.idempotent
        && x.open_world == y.open_world
        && x.unknown_keys == y.unknown_keys
        && x.sdk_defaults == y.sdk_defaults
}

struct Resolver<'l, 'a> {
    linker: &'l Linker<'a>,
    generations: Mutex<HashMap<FileId, (Generation, String)>>,
    runtime: HashMap<PathBuf, Span>,
}

/// The nearest directory above `file` with a project manifest.
fn project_root(file: &std::path::Path, fs: &dircache::DirCache) -> Option<PathBuf> {
    const MANIFESTS: [&str; 5] = ["package.json", "pyproject.toml", "go.mod", "Cargo.toml", "setup.py"];
    file.ancestors()
        .skip(1)
        .take(24)
        .find(|d| MANIFESTS.iter().any(|m| fs.is_file(&d.join(m))))
        .map(|d| d.to_path_buf())
}

/// Whether a site's gate says it is MCP.
enum Decision {
    Server,
    Wrapper(Arc<Forwarder>, Arc<FileFacts>),
    Reject,
    Unknown,
}

/// An expression together with the file whose scope it is evaluated in.
#[derive(Clone)]
struct Scoped {
    expr: Expr,
    facts: Arc<FileFacts>,
}

#[derive(Default)]
struct Parts {
    name: Option<Scoped>,
    title: Option<Scoped>,
    annotations: Option<Scoped>,
    description: Option<Scoped>,
    /// A tool-definition object the roles not given are read from.
    definition: Option<Scoped>,
}

impl<'l, 'a> Resolver<'l, 'a> {
    fn tool(&self, facts: &Arc<FileFacts>, site: &ToolSite) -> Option<Tool> {
        let (mut parts, api) = match self.gate(&site.gate, facts, 0) {
            Decision::Reject | Decision::Unknown => return None,
            Decision::Server => (self.sdk_parts(facts, site), site.api),
            Decision::Wrapper(f, wfacts) => {
                (self.wrapper_parts(facts, site, &f, &wfacts), support(facts.lang).wrapper_api(site.api))
            }
        };
        let (object_at, object_params) = self.definition_object(&mut parts);
        // Annotated at run time by its project (`_registeredTools`): unknown.
        if parts.annotations.is_none() && !self.runtime.is_empty() {
            let root =
                self.linker.path_of(facts.file).and_then(|p| project_root(&p, &self.linker.fs)).unwrap_or_default();
            if let Some(span) = self.runtime.get(&root) {
                parts.annotations = Some(Scoped { expr: Expr::Unresolved(*span), facts: facts.clone() });
            }
        }
        let params = self
            .input_params(facts, site)
            .or(object_params)
            .or_else(|| self.input_object_params(site.input.as_ref(), facts));
        let (generation, why) = self.generation(facts);
        let (name, name_span) = match &parts.name {
            Some(s) => match self.eval(&s.expr, &s.facts) {
                Value::Str(v, span) => (Some(v), Some(span)),
                _ => (None, Some(s.expr.span())),
            },
            None => match &site.default_name {
                Some((n, span)) => (Some(n.clone()), Some(*span)),
                None => (None, None),
            },
        };
        let title = match &parts.title {
            None => Hint::Absent,
            Some(s) => match self.eval(&s.expr, &s.facts) {
                Value::Str(v, span) => Hint::Declared { value: v, span },
                Value::Null(_) | Value::Undefined(_) => Hint::Absent,
                _ => Hint::Unresolved { span: s.expr.span() },
            },
        };
        let annotations = self.annotations(parts.annotations.as_ref(), generation, &why);
        let description = parts.description.as_ref().and_then(|s| match self.eval(&s.expr, &s.facts) {
            Value::Str(v, _) => Some(v),
            _ => None,
        });
        let definition = site.definition.or(object_at);
        Some(Tool {
            name,
            name_span,
            site: site.site,
            registered_at: None,
            definition,
            language: Some(facts.lang),
            api,
            params,
            description,
            title,
            annotations,
            syntax: site.syntax,
            confirms: self.confirms(facts, site),
            unserved: false,
            generated: false,
            slot: None,
            unfixable: None,
            handler: None,
        })
    }

    /// The site's own elicitation calls plus those of the handlers it names
    /// (their [`CONFIRMS_KEY`](crate::model::CONFIRMS_KEY) lists, followed
    /// across files), in source order.
    fn confirms(&self, facts: &Arc<FileFacts>, site: &ToolSite) -> Vec<Span> {
        let mut out = site.confirms.clone();
        for handler in &site.handler_confirms {
            if let Value::List(items, _) = self.eval(handler, facts) {
                out.extend(items.iter().filter_map(|v| match v {
                    Value::Bool(true, span) => Some(*span),
                    _ => None,
                }));
            }
        }
        out.sort_by_key(|s| (s.file, s.start));
        out.dedup();
        out
    }

    /// The site's parameters plus the fields of its input types, across
    /// files. A type whose fields cannot be followed makes them unknown.
    fn input_params(&self, facts: &Arc<FileFacts>, site: &ToolSite) -> Option<Vec<String>> {
        let mut params = site.params.clone()?;
        for ty in &site.input_types {
            let Expr::Ref { path, span } = ty else { return None };
            let mut path = path.clone();
            path.push(crate::model::FIELDS_MEMBER.to_string());
            let Value::Obj(fields) = self.eval(&Expr::Ref { path, span: *span }, facts) else { return None };
            for item in fields.items {
                match item {
                    eval::Item::Pair { key, .. } if !params.contains(&key) => params.push(key),
                    eval::Item::Pair { .. } => {}
                    eval::Item::Unknown(_) => return None,
                }
            }
        }
        Some(params)
    }

    fn generation(&self, facts: &FileFacts) -> (Generation, String) {
        if let Some(g) = self.generations.lock().expect("poisoned").get(&facts.file) {
            return g.clone();
        }
        let path = self.linker.path_of(facts.file).unwrap_or_default();
        let g = support(facts.lang).generation(facts, &path, self.linker);
        self.generations.lock().expect("poisoned").insert(facts.file, g.clone());
        g
    }

    // -- gates ---------------------------------------------------------------

    fn gate(&self, gate: &Gate, facts: &Arc<FileFacts>, depth: usize) -> Decision {
        if depth > 4 {
            return Decision::Unknown;
        }
        let support = support(facts.lang);
        match gate {
            Gate::Callee { callee, kind } => match self.eval(callee, facts) {
                Value::External { module, name } => {
                    if support.is_sdk_symbol(*kind, &module, &name) {
                        Decision::Server
                    } else {
                        Decision::Reject
                    }
                }
                Value::Forwarder(f, wfacts) if f.methods.is_empty() => self.confirm_wrapper(f, wfacts, depth),
                _ => Decision::Reject,
            },
        }
    }

    fn confirm_wrapper(&self, f: Arc<Forwarder>, wfacts: Arc<FileFacts>, depth: usize) -> Decision {
        match self.gate(&f.inner, &wfacts, depth + 1) {
            Decision::Server | Decision::Wrapper(..) => Decision::Wrapper(f, wfacts),
            _ => Decision::Reject,
        }
    }

    // -- roles ---------------------------------------------------------------

    fn sdk_parts(&self, facts: &Arc<FileFacts>, site: &ToolSite) -> Parts {
        let sc = |e: &Option<Expr>| e.as_ref().map(|e| Scoped { expr: e.clone(), facts: facts.clone() });
        let description =
            site.args.iter().find(|a| a.keyword.as_deref() == Some("description")).map(|a| a.value.clone());
        let mut parts = Parts {
            name: sc(&site.name),
            title: sc(&site.title),
            annotations: sc(&site.annotations),
            description: sc(&description),
            definition: sc(&site.tool_object),
        };
        // A `**kwargs` spread at the registration could carry any role.
        if let Some(spread) = site.args.iter().find(|a| a.spread == Spread::Map) {
            let unresolved = Scoped { expr: Expr::Unresolved(spread.value.span()), facts: facts.clone() };
            let merged = |part: &mut Option<Scoped>| {
                if part.is_none() {
                    *part = Some(unresolved.clone());
                }
            };
            // A spread of a known dict is followed instead.
            match self.eval(&spread.value, facts) {
                Value::Obj(obj) => {
                    for item in obj.items {
                        if let eval::Item::Pair { key, value_expr: Some(e), facts: f, .. } = item {
                            let s = Some(Scoped { expr: e, facts: f });
                            match key.as_str() {
                                "name" if parts.name.is_none() => parts.name = s,
                                "title" if parts.title.is_none() => parts.title = s,
                                "annotations" if parts.annotations.is_none() => parts.annotations = s,
                                _ => {}
                            }
                        }
                    }
                }
                _ => {
                    let mut n = parts.name.take();
                    merged(&mut n);
                    parts.name = n;
                    let mut t = parts.title.take();
                    merged(&mut t);
                    parts.title = t;
                    let mut an = parts.annotations.take();
                    merged(&mut an);
                    parts.annotations = an;
                }
            }
        }
        parts
    }

    fn wrapper_parts(&self, facts: &Arc<FileFacts>, site: &ToolSite, f: &Forwarder, wfacts: &Arc<FileFacts>) -> Parts {
        // Bind the call's arguments to the wrapper's parameters.
        let mut bound: HashMap<&str, &Arg> = HashMap::new();
        let mut extra_kw: Vec<&Arg> = Vec::new();
        let mut pos = 0;
        for a in &site.args {
            match (&a.keyword, a.spread) {
                (Some(k), _) => match f.params.iter().find(|p| *p == k) {
                    Some(p) => {
                        bound.insert(p.as_str(), a);
                    }
                    None => extra_kw.push(a),
                },
                (None, Spread::No) => {
                    if let Some(p) = f.params.get(pos) {
                        bound.insert(p.as_str(), a);
                    }
                    pos += 1;
                }
                _ => {}
            }
        }
        let mut parts = Parts {
            definition: site.tool_object.as_ref().map(|e| Scoped { expr: e.clone(), facts: facts.clone() }),
            ..Parts::default()
        };
        for (role, source) in &f.roles {
            let value = match source {
                RoleSource::Param(p) => {
                    bound.get(p.as_str()).map(|a| Scoped { expr: a.value.clone(), facts: facts.clone() })
                }
                RoleSource::Fixed(e) => Some(Scoped { expr: e.clone(), facts: wfacts.clone() }),
            };
            match role {
                Role::Name => parts.name = value.or(parts.name.take()),
                Role::Title => parts.title = value.or(parts.title.take()),
                Role::Annotations => parts.annotations = value.or(parts.annotations.take()),
            }
        }
        if f.passes_kwargs {
            for a in extra_kw {
                let s = Some(Scoped { expr: a.value.clone(), facts: facts.clone() });
                match a.keyword.as_deref() {
                    Some("name") => parts.name = s,
                    Some("title") => parts.title = s,
                    Some("annotations") => parts.annotations = s,
                    _ => {}
                }
            }
        }
        parts
    }

    /// Read the roles not given otherwise from the tool-definition object.
    /// Returns where the object is defined (when the registration reached it
    /// through a name or a function) and the parameters it lists.
    fn definition_object(&self, parts: &mut Parts) -> (Option<Span>, Option<Vec<String>>) {
        let Some(def) = parts.definition.take() else { return (None, None) };
        let Value::Obj(obj) = self.eval(&def.expr, &def.facts) else {
            // A tool object that cannot be followed: its name and hints are unknown.
            let unresolved = Some(Scoped { expr: Expr::Unresolved(def.expr.span()), facts: def.facts.clone() });
            parts.name = parts.name.take().or(unresolved.clone());
            parts.annotations = parts.annotations.take().or(unresolved);
            return (None, None);
        };
        let mut params = None;
        for item in &obj.items {
            let eval::Item::Pair { key, value, value_expr: Some(e), facts, .. } = item else { continue };
            let s = Some(Scoped { expr: e.clone(), facts: facts.clone() });
            match key.as_str() {
                "name" if parts.name.is_none() => parts.name = s,
                "title" if parts.title.is_none() => parts.title = s,
                "annotations" if parts.annotations.is_none() => parts.annotations = s,
                PARAMS_KEY => {
                    if let Value::Str(list, _) = value {
                        params = Some(list.split(',').filter(|p| !p.is_empty()).map(String::from).collect());
                    }
                }
                _ => {}
            }
        }
        let at = match def.expr {
            Expr::Object { .. } => None,
            _ => Some(obj.span),
        };
        (at, params)
    }

    /// Parameter names from an input type: the keys of the object it evaluates to.
    fn input_object_params(&self, input: Option<&Expr>, facts: &Arc<FileFacts>) -> Option<Vec<String>> {
        let Value::Obj(obj) = self.eval(input?, facts) else { return None };
        let mut names: Vec<String> = Vec::new();
        for item in &obj.items {
            match item {
                eval::Item::Pair { key, .. } if !names.contains(key) => names.push(key.clone()),
                eval::Item::Pair { .. } => {}
                eval::Item::Unknown(_) => return None,
            }
        }
        Some(names)
    }

    // -- annotations ---------------------------------------------------------

    fn annotations(&self, expr: Option<&Scoped>, generation: Generation, why: &str) -> Annotations {
        let Some(s) = expr else { return Annotations::none() };
        let span = s.expr.span();
        let value = self.eval(&s.expr, &s.facts);
        let obj = match value {
            Value::Null(_) | Value::Undefined(_) => return Annotations::none(),
            Value::Obj(obj) => obj,
            _ => {
                let u = Hint::Unresolved { span };
                return Annotations {
                    origin: Origin::Unresolved(span),
                    title: Hint::Unresolved { span },
                    read_only: u.clone(),
                    destructive: u.clone(),
                    idempotent: u.clone(),
                    open_world: u,
                    ..Annotations::none()
                };
            }
        };
        let origin = match (&s.expr, obj.defined_at) {
            (Expr::Ref { .. }, Some(defined_at)) => {
                let symbol = self.linker.sources.get(span.file).slice(span).to_string();
                Origin::Preset { symbol, defined_at, used_at: span }
            }
            _ => Origin::Inline(span),
        };
        self.annotations_of(&obj, origin, generation, why)
    }

    /// The hints an evaluated annotations mapping declares, read the way
    /// the SDK generation in use reads keys.
    fn annotations_of(&self, obj: &eval::Obj, origin: Origin, generation: Generation, why: &str) -> Annotations {
        let mut out = Annotations { origin, ..Annotations::none() };
        let snake = match generation {
            Generation::V2 => SnakeRule::Accepted,
            Generation::V1 => SnakeRule::Ignored(why.to_string()),
            Generation::SnakeOnly => SnakeRule::Required(why.to_string()),
            Generation::Unknown => SnakeRule::Undecided,
        };
        for item in &obj.items {
            match item {
                eval::Item::Unknown(span) => {
                    for kind in HintKind::ALL {
                        *out.hint_mut(kind) = Hint::Unresolved { span: *span };
                    }
                    out.title = Hint::Unresolved { span: *span };
                }
                eval::Item::Pair { key, .. } if key == RESET_KEY => {
                    let origin = std::mem::replace(&mut out.origin, Origin::None);
                    out = Annotations { origin, ..Annotations::none() };
                }
                eval::Item::Pair { key, value: Value::Str(list, _), facts, .. } if key == SDK_DEFAULTS_KEY => {
                    out.sdk_defaults = self.sdk_defaults(list, facts);
                }
                eval::Item::Pair { key, key_span, value, .. } => match classify_key(key, &snake) {
                    KeyClass::Hint(kind) => *out.hint_mut(kind) = self.hint_value(value, *key_span),
                    KeyClass::Title => {
                        out.title = match value {
                            Value::Str(v, span) => Hint::Declared { value: v.clone(), span: *span },
                            Value::Null(_) | Value::Undefined(_) => Hint::Absent,
                            v => Hint::Unresolved { span: v.span().unwrap_or(*key_span) },
                        }
                    }
                    KeyClass::Undecided(kind) => *out.hint_mut(kind) = Hint::Unresolved { span: *key_span },
                    KeyClass::Misspelt(kind, reason) => {
                        out.unknown_keys.push(UnknownKey { key: key.clone(), span: *key_span, intended: kind, reason })
                    }
                    KeyClass::Other => {}
                },
            }
        }
        out
    }

    /// The hints an [`SDK_DEFAULTS_KEY`] entry names, when its version
    /// condition holds for the project: `... if <module> >= <version>` (the
    /// manifest names that version or a later one), `... if <module> <
    /// <version>` (it names an earlier one) or `... unless <module> <
    /// <version>` (it names no earlier one).
    fn sdk_defaults(&self, spec: &str, facts: &FileFacts) -> Vec<HintKind> {
        if let Some((hints, condition)) = spec.split_once(" unless ") {
            let Some((module, version)) = condition.split_once(" < ") else { return vec![] };
            let path = self.linker.path_of(facts.file).unwrap_or_default();
            if support(facts.lang).dependency_at_least(&path, module.trim(), version.trim(), &self.linker.fs)
                == Some(false)
            {
                return vec![];
            }
            return HintKind::ALL.into_iter().filter(|k| hints.split(' ').any(|w| w == k.wire_name())).collect();
        }
        let (hints, condition) = spec.split_once(" if ").unwrap_or((spec, ""));
        if let Some((module, version)) = condition.split_once(" >= ") {
            let path = self.linker.path_of(facts.file).unwrap_or_default();
            if support(facts.lang).dependency_at_least(&path, module.trim(), version.trim(), &self.linker.fs)
                != Some(true)
            {
                return vec![];
            }
        } else if let Some((module, version)) = condition.split_once(" < ") {
            // Only a version the manifest names: an unknown one is taken to
            // be current.
            let path = self.linker.path_of(facts.file).unwrap_or_default();
            if support(facts.lang).dependency_at_least(&path, module.trim(), version.trim(), &self.linker.fs)
                != Some(false)
            {
                return vec![];
            }
        }
        HintKind::ALL.into_iter().filter(|k| hints.split(' ').any(|w| w == k.wire_name())).collect()
    }

    fn hint_value(&self, value: &Value, key_span: Span) -> Hint {
        let text = |span: Span| self.linker.sources.get(span.file).slice(span).to_string();
        match value {
            Value::Undefined(_) => Hint::Absent,
            Value::Bool(b, span) => {
                let span = if span.file == key_span.file && span.end >= key_span.start {
                    Span { file: key_span.file, start: key_span.start, end: span.end }
                } else {
                    *span
                };
                Hint::Declared { value: *b, span }
            }
            Value::Str(_, span) | Value::Number(_, span) | Value::Null(span) | Value::Other(span) => {
                Hint::Invalid { text: text(*span), span: *span }
            }
            Value::Obj(o) => Hint::Invalid { text: text(o.span), span: o.span },
            v => Hint::Unresolved { span: v.span().unwrap_or(key_span) },
        }
    }
}
