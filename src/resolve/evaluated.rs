//! Tools the evaluator reaches ([`crate::eval`]), as [`Tool`]s: every
//! language's files are lowered into the IR, the whole program is run, and
//! each SDK registration reached becomes a tool, reported where its name is
//! written (the outermost project call, a subclass, a list element, a
//! record) with labels for where it is defined and registered.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::eval::{Item, Obj, Value as RValue};
use super::lazy_scope::LazyScope;
use super::Resolver;
use crate::eval::value::{Value, UNKNOWN_KEY};
use crate::eval::{self, Budget, Link, Registration};
use crate::ir;
use crate::model::{Annotations, Duplicate, FileFacts, Hint, HintKind, Lang, Origin, Syntax, Tool};
use crate::source::{FileId, Span};

/// Files reached only through imports, at most (a bound on on-demand loading).
const MAX_LOADED: usize = 2_000;

struct Program<'r> {
    /// Directory listings and manifests (an SDK version a table asks about).
    fs: &'r super::dircache::DirCache,
    modules: Vec<Arc<ir::Module>>,
    by_file: HashMap<FileId, usize>,
    links: HashMap<(usize, String, Option<String>), LinkTo>,
    /// Each module's path as walked, `/`-separated.
    paths: Vec<Option<String>>,
    /// The name a value is bound to where it is written, by the value's
    /// span ([`ir::walk::bound_names`]): what a preset is called.
    names: HashMap<Span, String>,
    /// Go: the modules of each module's package (its directory), in order.
    packages: HashMap<usize, Arc<[usize]>>,
    /// Python modules named at run time (`importlib.import_module(name)`)
    /// that this link holds: (importing module, absolute name) → module.
    dynamic: HashMap<(usize, String), usize>,
    /// JSON files read by path at run time (`JSON.parse(readFileSync(p))`)
    /// that this link holds: (reading module, path as computed) → module.
    data: HashMap<(usize, String), usize>,
    /// What the run asked for and this link lacks: loaded before the
    /// program runs again ([`MAX_DYNAMIC_ROUNDS`]).
    asked: std::cell::RefCell<Vec<Wanted>>,
}

/// A file a run reached by a name or path computed at run time, from the
/// file that computed it.
#[derive(Clone, PartialEq, Eq)]
enum Wanted {
    /// A Python module by absolute dotted name (`import_module(name)`).
    Module(FileId, String),
    /// A JSON file by path ([`eval::Linker::data_file`]).
    Data(FileId, String),
    /// A file the pre-filter skipped that may call a helper run without
    /// its callers ([`super::callers`]): run as one of the program's own.
    Caller(PathBuf),
}

/// Runs of one program, each with the modules the one before it imported
/// by name at run time (a package walked, then each module imported).
const MAX_DYNAMIC_ROUNDS: usize = 3;

/// Subpackages a package walk (`pkgutil.walk_packages`) descends into.
const MAX_WALK_DEPTH: usize = 8;

/// One tool of the evaluator: where it is reported, its name, and where
/// that name is written (two definitions of one name are two tools).
type ToolKey = (crate::source::FileId, u32, Option<String>, Option<Span>);

#[derive(Clone)]
enum LinkTo {
    Module(usize),
    Member(usize, String),
}

impl Program<'_> {
    /// The directory `dir` names (`..` folded, as the OS would), when some
    /// module of the program is in it: nothing outside the linted roots is
    /// listed.
    fn program_directory(&self, dir: &str) -> Option<PathBuf> {
        let dir = PathBuf::from(eval::normpath(dir));
        self.paths.iter().flatten().any(|p| Path::new(p).parent() == Some(dir.as_path())).then_some(dir)
    }

    /// `pkgutil`'s listing of the modules of `dir`.
    fn modules_in(&self, dir: &Path, recursive: bool) -> Vec<(String, bool)> {
        let mut out = vec![];
        walk_package(self.fs, dir, "", if recursive { MAX_WALK_DEPTH } else { 0 }, &mut out);
        out
    }
}

impl Program<'_> {
    fn ask(&self, wanted: Wanted) {
        let mut asked = self.asked.borrow_mut();
        if !asked.contains(&wanted) {
            asked.push(wanted);
        }
    }
}

impl eval::Linker for Program<'_> {
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

    fn package(&self, module: usize) -> Option<Arc<[usize]>> {
        self.packages.get(&module).cloned()
    }

    fn import_by_name(&self, from: usize, name: &str) -> Option<usize> {
        if let Some(&m) = self.dynamic.get(&(from, name.to_string())) {
            return Some(m);
        }
        self.ask(Wanted::Module(self.modules.get(from)?.file, name.to_string()));
        None
    }

    fn data_file(&self, from: usize, path: &str) -> Option<usize> {
        if let Some(&m) = self.data.get(&(from, path.to_string())) {
            return Some(m);
        }
        self.ask(Wanted::Data(self.modules.get(from)?.file, path.to_string()));
        None
    }

    fn package_modules(&self, module: usize, recursive: bool) -> Option<Vec<(String, bool)>> {
        let path = PathBuf::from(self.paths.get(module)?.as_ref()?);
        if path.file_name()? != "__init__.py" {
            return None;
        }
        Some(self.modules_in(path.parent()?, recursive))
    }

    fn directory_modules(&self, dir: &str, recursive: bool) -> Option<Vec<(String, bool)>> {
        Some(self.modules_in(&self.program_directory(dir)?, recursive))
    }

    fn directory_entries(&self, dir: &str) -> Option<Vec<(String, bool)>> {
        let dir = self.program_directory(dir)?;
        let dir = dir.as_path();
        let name = |p: &Path| p.file_name().and_then(|n| n.to_str()).map(str::to_string);
        let mut out: Vec<(String, bool)> =
            self.fs.files(dir).iter().filter_map(|p| name(p)).map(|n| (n, false)).collect();
        out.extend(self.fs.dirs(dir).iter().filter_map(|p| name(p)).map(|n| (n, true)));
        out.sort();
        out.truncate(MAX_LOADED);
        Some(out)
    }

    fn dotted_name(&self, module: usize) -> Option<String> {
        let path = PathBuf::from(self.paths.get(module)?.as_ref()?);
        super::python::dotted_name(&path, &|p| self.fs.is_file(p))
    }

    fn dependency_at_least(&self, module: usize, packages: &[&str], version: &str) -> Option<bool> {
        let path = PathBuf::from(self.paths.get(module)?.as_ref()?);
        let lang = self.modules.get(module)?.lang;
        // Any of the packages at that version or later will do.
        let answers: Vec<bool> = packages
            .iter()
            .filter_map(|p| super::support(lang).dependency_at_least(&path, p, version, self.fs))
            .collect();
        answers.iter().any(|a| *a).then_some(true).or_else(|| answers.first().copied())
    }
}

impl Resolver<'_, '_> {
    /// The tools the evaluator finds by running `modules` (and the files
    /// their imports reach).
    pub(super) fn evaluated(&self, modules: Vec<Arc<ir::Module>>) -> Vec<Tool> {
        if modules.is_empty() {
            return vec![];
        }
        // A module imported by a name computed at run time is loaded when
        // the run asks for it, and the program runs again with it.
        let mut wanted: Vec<Wanted> = vec![];
        let mut rounds = 1;
        let (program, outcome) = loop {
            let program = self.link(modules.clone(), &wanted);
            let bytes: u64 = program.modules.iter().map(|m| self.linker.sources.get(m.file).text.len() as u64).sum();
            let outcome = eval::run(&program.modules, &program, Budget::for_source_bytes(bytes));
            let mut asked = program.asked.take();
            asked.extend(self.callers_wanted(&outcome, &program).into_iter().map(Wanted::Caller));
            let new: Vec<Wanted> =
                asked.into_iter().filter(|a| !wanted.contains(a) && self.wanted_path(a).is_some()).collect();
            if new.is_empty() || rounds >= MAX_DYNAMIC_ROUNDS {
                break (program, outcome);
            }
            drop(outcome);
            wanted.extend(new);
            rounds += 1;
        };
        let mut out: Vec<Tool> = vec![];
        // Each tool once ([`ToolKey`]): where it is reported (file and start,
        // so one definition reached directly and through a forwarding
        // registrar is one tool whatever extent each path underlines), its
        // name, and where the name is written (two definitions of one name
        // at one site are two). The registration reached through the most
        // project calls wins: a function run as a root with unknown arguments
        // and also called with known ones is no root; its caller's chain,
        // `make(..).annotate(..)`, is what it serves.
        let mut seen: HashMap<ToolKey, (usize, usize)> = HashMap::new();
        // Registering calls reached with a known name at least once: the
        // tools of such a call are the named ones; a path on which its name
        // is unknown because a caller may pass it (an optional extra, from
        // a root's parameters) is no tool of its own. A name unknown for
        // another reason (a template over an environment variable, beside
        // known elements of one list) is a tool.
        let named_calls: std::collections::HashSet<Span> =
            outcome.registrations.iter().filter(|r| matches!(r.name, Some(Value::Str(..)))).map(|r| r.call).collect();
        // Of those, the ones the program's own run reached with a known name:
        // the same call reached by a function run as a root, where the name
        // is unknown, is that code seen without its callers' values (a
        // class built from a parsed description, run again with none).
        let named_in_run: std::collections::HashSet<Span> = outcome
            .registrations
            .iter()
            .filter(|r| !r.from_root && matches!(r.name, Some(Value::Str(..))))
            .map(|r| r.call)
            .collect();
        for reg in &outcome.registrations {
            let Some(&m) = program.by_file.get(&reg.call.file) else { continue };
            let lang = program.modules[m].lang;
            // A name the evaluator cannot know is a `<computed>` tool (its
            // hints are checked as far as they can be followed), unless it
            // comes from the parameters of a function nothing called: that
            // function forwards its callers' tools, and is no tool itself.
            let named = matches!(reg.name, Some(Value::Str(..)));
            if reg.name_from_params
                || reg.name.is_none()
                || (!named && reg.name_param_derived && named_calls.contains(&reg.call))
                || (!named && reg.from_root && named_in_run.contains(&reg.call))
            {
                continue;
            }
            // Reached from a test file (the registration, or a call that led
            // to it: a test registering through the server's own helper).
            // (A function run as a root has no call site: an empty span.)
            let stack = reg.stack.iter().copied().filter(|s| s.end > s.start);
            let test_file = std::iter::once(reg.call).chain(stack).any(|at| {
                let path = self.linker.path_of(at.file).unwrap_or_default();
                self.linker.sources.get(at.file).lang.is_some_and(|lang| is_test_file(lang, &path))
            });
            if test_file || outcome.reflected.contains(&reg.call) {
                continue;
            }
            let Some(facts) =
                self.linker.by_id.lock().expect("linker poisoned").get(&reg.call.file).map(|(_, f)| f.clone())
            else {
                continue;
            };
            let mut tool = self.tool_of(reg, &facts, lang, &program);
            tool.unserved = outcome.unserved.contains(&reg.call);
            let depth = reg.stack.iter().filter(|s| s.end > s.start).count();
            let key = (tool.site.file, tool.site.start, tool.name.clone(), tool.name_span);
            match seen.get(&key) {
                None => {
                    seen.insert(key, (out.len(), depth));
                    out.push(tool);
                }
                Some(&(i, d)) if depth > d && reg.from_root => {
                    seen.insert(key, (i, depth));
                    out[i] = tool;
                }
                Some(_) => {}
            }
        }
        // One name written once (a definition's literal) and registered at
        // several sites with the same annotations (`if apps {
        // registerAppTool(..) } else { registerTool(..) }` on paths nobody
        // can choose between, one server per SDK generation): one tool, at
        // the first site. Other annotations make a tool of its own.
        let mut first: HashMap<(String, Span), Vec<usize>> = HashMap::new();
        let mut keep = vec![true; out.len()];
        for (i, t) in out.iter().enumerate() {
            let (Some(name), Some(at)) = (&t.name, t.name_span) else { continue };
            let earlier = first.entry((name.clone(), at)).or_default();
            if earlier.iter().any(|&j| out[j].site != t.site && declared_alike(&out[j].annotations, &t.annotations)) {
                keep[i] = false;
            } else {
                earlier.push(i);
            }
        }
        let mut i = 0;
        out.retain(|_| {
            i += 1;
            keep[i - 1]
        });
        // Two definitions of one name reaching one site (`if write {
        // RW.Register(s) } else { RO.Register(s) }`) are two tools, each
        // reported where it is defined (else where its name is written).
        let mut at_site: HashMap<(Span, Option<String>), usize> = HashMap::new();
        for t in &out {
            *at_site.entry((t.site, t.name.clone())).or_default() += 1;
        }
        for t in &mut out {
            if at_site.get(&(t.site, t.name.clone())).is_some_and(|&n| n > 1) {
                if let Some(d) = t.definition.or(t.name_span) {
                    t.site = d;
                }
            }
        }
        out
    }

    /// Files the pre-filter skipped that may call the helpers this run
    /// reached only as roots, with names or hints from their parameters.
    fn callers_wanted(&self, outcome: &eval::Outcome, program: &Program) -> Vec<PathBuf> {
        let mut helpers: Vec<PathBuf> = outcome
            .registrations
            .iter()
            .filter(|r| r.callers_matter)
            .flat_map(|r| std::iter::once(r.call).chain(r.stack.iter().copied()))
            .filter_map(|at| self.linker.path_of(at.file))
            .collect();
        if helpers.is_empty() {
            return vec![];
        }
        helpers.sort();
        helpers.dedup();
        let known = |path: &Path| self.linker.loaded(path).is_some_and(|f| program.by_file.contains_key(&f));
        self.linker.callers_of(&helpers, &known)
    }

    /// Lowered modules plus every file their imports reach, with the links.
    /// The file a run asked for, if there is one it may read: a module by
    /// name where an import would find it; a JSON file inside a linted
    /// directory.
    fn wanted_path(&self, wanted: &Wanted) -> Option<PathBuf> {
        match wanted {
            Wanted::Caller(path) => Some(path.clone()),
            Wanted::Module(file, name) => {
                let from = self.linker.path_of(*file)?;
                match crate::frontend::lang_for(&from) {
                    // A class by its qualified name (`Class.forName("a.b.C")`),
                    // found as the file's own import of it would be: Java
                    // imports `a.b.C` whole, Kotlin names the package `a.b`.
                    Some(lang @ (Lang::Java | Lang::Kotlin)) => {
                        let (package, class) = name.rsplit_once('.')?;
                        let module = if lang == Lang::Java { name.clone() } else { package.to_string() };
                        let imp = ir::Import {
                            local: class.into(),
                            module,
                            member: Some(class.into()),
                            span: crate::source::Span::new(*file, 0, 0),
                        };
                        self.import_target(&from, lang, &imp).map(|(p, _)| p)
                    }
                    _ => self.linker.module_path(&from, name, Lang::Python),
                }
            }
            Wanted::Data(_, path) => {
                let path = PathBuf::from(eval::normpath(path));
                let json = path.extension().is_some_and(|e| e == "json");
                (json && self.linker.in_roots(&path) && self.linker.fs.is_file(&path)).then_some(path)
            }
        }
    }

    fn link(&self, modules: Vec<Arc<ir::Module>>, wanted: &[Wanted]) -> Program<'_> {
        let mut p = Program {
            fs: &self.linker.fs,
            by_file: HashMap::new(),
            modules: vec![],
            links: HashMap::new(),
            paths: vec![],
            names: HashMap::new(),
            packages: HashMap::new(),
            dynamic: HashMap::new(),
            data: HashMap::new(),
            asked: Default::default(),
        };
        for m in modules {
            p.by_file.insert(m.file, p.modules.len());
            p.modules.push(m);
        }
        let mut next = 0;
        let mut loaded = 0;
        let mut packages_seen: std::collections::HashSet<(Option<PathBuf>, bool)> = Default::default();
        let mut lazy: HashMap<PathBuf, LazyScope> = HashMap::new();
        let mut jvm_lazy: HashMap<PathBuf, LazyScope> = HashMap::new();
        let own_dirs: std::collections::HashSet<PathBuf> = p
            .modules
            .iter()
            .filter_map(|m| self.linker.path_of(m.file))
            .filter_map(|path| path.parent().map(Path::to_path_buf))
            .collect();
        let mut pending: Vec<&Wanted> = wanted.iter().collect();
        loop {
            if next == p.modules.len() {
                // Every import followed: the modules imported by name whose
                // importer is here now, then what their imports reach.
                let before = pending.len();
                pending.retain(|w| {
                    let (Wanted::Module(file, name) | Wanted::Data(file, name)) = w else {
                        self.wanted_path(w).and_then(|path| self.module_index(&mut p, &path, &mut loaded));
                        return false;
                    };
                    let Some(&from) = p.by_file.get(file) else { return true };
                    let idx = self.wanted_path(w).and_then(|path| self.module_index(&mut p, &path, &mut loaded));
                    if let Some(idx) = idx {
                        let found = if matches!(w, Wanted::Module(..)) { &mut p.dynamic } else { &mut p.data };
                        found.insert((from, name.clone()), idx);
                    }
                    false
                });
                if pending.len() == before {
                    break;
                }
                continue;
            }
            let from = next;
            next += 1;
            let Some(from_path) = self.linker.path_of(p.modules[from].file) else { continue };
            let lang = p.modules[from].lang;
            // A Go file's package is every file of its directory (with the
            // tests for a test file): listed once per package, not per file.
            // A C# project's files are loaded as the program mentions what
            // they declare.
            if lang == Lang::CSharp {
                let project = super::csharp::project_dir(&from_path, &self.linker.fs);
                if packages_seen.insert((Some(project.clone()), false)) {
                    let mut scope = LazyScope::default();
                    // The files of the projects it references too, those in
                    // the linted directories.
                    let fs = &self.linker.fs;
                    let tests = super::csharp::is_test_path(&from_path);
                    let referenced = super::csharp::sdk_projects_referenced(&project, fs)
                        .into_iter()
                        .filter(|_| !tests)
                        .filter(|d| std::fs::canonicalize(d).is_ok_and(|d| self.linker.in_roots(&d)))
                        .flat_map(|d| super::csharp::files_of_project(&d, fs));
                    let siblings = super::support(lang).scope_files(&from_path, fs).into_iter().chain(referenced);
                    for sibling in siblings.collect::<Vec<_>>() {
                        if self.linker.loaded(&sibling).is_some_and(|f| p.by_file.contains_key(&f)) {
                            continue;
                        }
                        let declared = self.linker.text(&sibling).and_then(|t| super::support(lang).declared_names(&t));
                        match declared {
                            Some(names) => scope.add(sibling, names),
                            None => _ = self.module_index(&mut p, &sibling, &mut loaded),
                        }
                    }
                    lazy.insert(project.clone(), scope);
                }
                if let Some(scope) = lazy.get_mut(&project) {
                    let text = self.linker.sources.get(p.modules[from].file).text.clone();
                    for sibling in scope.mentioned_in(&text) {
                        self.module_index(&mut p, &sibling, &mut loaded);
                    }
                }
            }
            // A Java or Kotlin package the run only imports is loaded as
            // it is mentioned (a multi-module build's other modules would
            // otherwise load whole, package by package); the packages of
            // the run's own files load whole.
            let dir = from_path.parent().map(Path::to_path_buf);
            let imported_package =
                matches!(lang, Lang::Java | Lang::Kotlin) && dir.as_ref().is_some_and(|d| !own_dirs.contains(d));
            if imported_package {
                let text = self.linker.sources.get(p.modules[from].file).text.clone();
                for sibling in
                    self.package_scope(&mut p, &mut jvm_lazy, &from_path, lang, &mut loaded).mentioned_in(&text)
                {
                    self.module_index(&mut p, &sibling, &mut loaded);
                }
            } else if matches!(lang, Lang::Go | Lang::Java | Lang::Kotlin) {
                let tests = is_test_file(lang, &from_path);
                if packages_seen.insert((dir, tests)) {
                    for sibling in super::support(lang).scope_files(&from_path, &self.linker.fs) {
                        self.module_index(&mut p, &sibling, &mut loaded);
                    }
                }
            }
            for imp in ir::walk::imports(&p.modules[from]).into_iter().cloned().collect::<Vec<_>>() {
                let key = (from, imp.module.clone(), imp.member.clone());
                if p.links.contains_key(&key) || eval::sdk::TABLES.iter().any(|t| t.owns(lang, &imp.module)) {
                    continue;
                }
                let target = self.import_target(&from_path, lang, &imp);
                let Some((path, as_module)) = target else { continue };
                let Some(idx) = self.module_index(&mut p, &path, &mut loaded) else { continue };
                // `import a.b.render`: the file of package `a.b` that
                // declares `render` (a star import: what the importer names).
                let imported_dir = path.parent().filter(|d| !own_dirs.contains(*d));
                if let (true, Some(member), Some(_)) =
                    (matches!(lang, Lang::Java | Lang::Kotlin), &imp.member, imported_dir)
                {
                    let text = if member == "*" {
                        self.linker.sources.get(p.modules[from].file).text.clone()
                    } else {
                        member.as_str().into()
                    };
                    for sibling in
                        self.package_scope(&mut p, &mut jvm_lazy, &path, lang, &mut loaded).mentioned_in(&text)
                    {
                        self.module_index(&mut p, &sibling, &mut loaded);
                    }
                }
                let link = match (&imp.member, as_module) {
                    (Some(member), false) => LinkTo::Member(idx, member.clone()),
                    _ => LinkTo::Module(idx),
                };
                p.links.insert(key, link);
            }
        }
        p.packages = go_packages(&p, self);
        p.packages.extend(super::csharp::projects(
            p.modules.iter().map(|m| m.lang),
            |i| self.linker.path_of(p.modules[i].file),
            &self.linker.fs,
        ));
        for m in &p.modules {
            for (span, name) in ir::walk::bound_names(m) {
                p.names.entry(span).or_insert(name);
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
        // `use crate::presets;` / `use super::tools::admin`: the submodule's
        // own file, not the parent module's (a crate root declares every
        // module of the crate, so linking it would load them all).
        if lang == Lang::Rust {
            if let Some(member) = imp.member.as_deref().filter(|m| *m != "*") {
                let joined = format!("{}::{member}", imp.module);
                let own = super::rust::own_module_files(from, &joined);
                if let Some(path) = own.into_iter().find(|c| self.linker.fs.is_file(c)) {
                    return Some((path, true));
                }
            }
        }
        self.linker.module_path(from, &imp.module, lang).map(|p| (p, imp.member.is_none()))
    }

    /// The siblings of `file` in its Java or Kotlin package not loaded yet,
    /// by the names they declare (made on the first call for the package).
    /// A sibling that imports an SDK or container module loads now: it may
    /// act unnamed (a `@Service` bean the container makes and injects as
    /// one of a `List<T>`), as may one whose names cannot be read.
    fn package_scope<'s>(
        &self,
        p: &mut Program,
        scopes: &'s mut HashMap<PathBuf, LazyScope>,
        file: &Path,
        lang: Lang,
        loaded: &mut usize,
    ) -> &'s mut LazyScope {
        let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
        if !scopes.contains_key(&dir) {
            let mut scope = LazyScope::default();
            for sibling in super::support(lang).scope_files(file, &self.linker.fs) {
                if self.linker.loaded(&sibling).is_some_and(|f| p.by_file.contains_key(&f)) {
                    continue;
                }
                let text = self.linker.text(&sibling);
                let acts_unnamed = text.as_deref().is_some_and(|t| {
                    eval::sdk::TABLES
                        .iter()
                        .filter(|table| table.langs.contains(&lang))
                        .any(|table| table.modules.iter().any(|m| t.contains(m)))
                });
                match text.and_then(|t| super::support(lang).declared_names(&t)).filter(|_| !acts_unnamed) {
                    Some(names) => scope.add(sibling, names),
                    None => _ = self.module_index(p, &sibling, loaded),
                }
            }
            scopes.insert(dir.clone(), scope);
        }
        scopes.get_mut(&dir).expect("inserted above")
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

    fn tool_of(&self, reg: &Registration, facts: &Arc<FileFacts>, lang: Lang, program: &Program) -> Tool {
        let (name, name_span) = match &reg.name {
            Some(Value::Str(s, span)) => (Some(s.to_string()), Some(*span)),
            _ => (None, reg.name_at.or(Some(reg.call))),
        };
        // Reported at the outermost project call that wrote the name; a
        // name read from the handler is written where a project call (a
        // wrapper decorator) was handed the handler.
        // A record a factory built elsewhere (not inside the registering
        // call): the outermost call that wrote its name where the record
        // was made.
        let made_apart = reg.made_in.iter().filter(|s| !reg.call.contains(**s));
        let written_in_call =
            name_span.and_then(|at| reg.stack.iter().chain(made_apart).find(|s| s.contains(at))).copied();
        // A tool named after its own function (`func.__name__`, through a
        // registry's entries or not) whose function a recording decorator
        // in another file was handed first: reported at that decorator, where
        // the tool is declared, with its registration labelled.
        let handler_span = match &reg.handler {
            Some(Value::Func(c) | Value::Bound(c, _)) => program.modules.get(c.module).map(|m| m.func(c.func).span),
            _ => None,
        };
        let own_name = name_span.zip(handler_span).is_some_and(|(name, f)| f.contains(name));
        let declared = reg.declared_at.filter(|_| own_name && written_in_call.is_none() && reg.handed_at.is_none());
        let site = written_in_call
            .or(reg.handed_at.filter(|_| reg.name_at.is_none()))
            .or(declared)
            .unwrap_or_else(|| head(reg));
        let registered_at = declared.map(|_| head(reg));
        // A name passed to the registration but written elsewhere, in no call
        // that led to it (a subclass's `name` field, an element of a list of
        // definitions): that is where the tool is defined.
        // A name read off a tool record built where no record span says
        // (a project builder's `name(NAME)` in a subclass) counts as
        // passed, unless it is the handler's own function name.
        let passed = reg.name_at.is_some() || (!own_name && reg.record_at.is_none_or(|r| reg.call.contains(r)));
        let definition = name_span
            .filter(|at| {
                matches!(reg.name, Some(Value::Str(..)))
                    && passed
                    && written_in_call.is_none()
                    && !reg.call.contains(*at)
            })
            // An SDK tool record written apart from its registration
            // (`tool := &mcp.Tool{...}`, then `mcp.AddTool(s, tool, h)`).
            .or(reg.record_at.filter(|at| {
                matches!(reg.name, Some(Value::Str(..)))
                    && written_in_call.is_none()
                    && !reg.call.contains(*at)
                    && *at != site
            }));
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
            Some(v @ Value::Object(o)) => self.annotations_object(reg, v, o, facts, lang, program, generation, &why),
            // One of several records, by path: each hint that is the same
            // on every path is known, one that differs is unresolved.
            Some(Value::OneOf(alts)) if alts.iter().all(|a| matches!(a, Value::Object(_))) => {
                let each: Vec<Annotations> = alts
                    .iter()
                    .filter_map(|a| match a {
                        Value::Object(o) => {
                            Some(self.annotations_object(reg, a, o, facts, lang, program, generation, &why))
                        }
                        _ => None,
                    })
                    .collect();
                // A hint they disagree on points at the first path's record.
                let first = match alts.first() {
                    Some(Value::Object(o)) => o.borrow().span,
                    _ => None,
                };
                same_on_every_path(each, first.or(reg.annotations_at).unwrap_or(reg.call))
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
            registered_at,
            definition,
            language: Some(lang),
            api: reg.api,
            params,
            description,
            title,
            annotations,
            syntax: syntax(lang, reg.api),
            confirms: confirms(reg, program),
            unserved: false,
            generated: reg.generated,
            slot: reg.slot,
            unfixable: self.unfixable(facts, syntax(lang, reg.api)),
            handler: match (&reg.handler, &reg.inputs) {
                (Some(Value::Func(c)), eval::Inputs::Read(_)) => {
                    program.modules.get(c.module).map(|m| m.func(c.func).span)
                }
                _ => None,
            },
        }
    }
}

/// The first release of each SDK whose API can carry what `--fix` writes
/// for a syntax (read off the SDKs' tags): the modules that pin it, that
/// release, and the API.
const FIX_NEEDS: &[(Syntax, &[&str], &str, &str)] = &[
    (Syntax::GoOption, &["github.com/mark3labs/mcp-go"], "v0.27.0", "the `With…HintAnnotation` options"),
    (
        Syntax::QuarkusAnnotation,
        &[
            "io.quarkiverse.mcp:quarkus-mcp-server",
            "io.quarkiverse.mcp:quarkus-mcp-server-stdio",
            "io.quarkiverse.mcp:quarkus-mcp-server-sse",
            "io.quarkiverse.mcp:quarkus-mcp-server-http",
        ],
        "1.3.0",
        "`@Tool(annotations = ...)`",
    ),
    (
        Syntax::KotlinAddTool,
        &["io.modelcontextprotocol:kotlin-sdk", "io.modelcontextprotocol:kotlin-sdk-server"],
        "0.6.0",
        "`ToolAnnotations`",
    ),
    (
        Syntax::KotlinTool,
        &["io.modelcontextprotocol:kotlin-sdk", "io.modelcontextprotocol:kotlin-sdk-server"],
        "0.6.0",
        "`ToolAnnotations`",
    ),
];

impl Resolver<'_, '_> {
    /// Why a fix must not write hints for a tool of `syntax` in this
    /// project: the SDK release its manifest pins predates the API.
    fn unfixable(&self, facts: &FileFacts, syntax: Syntax) -> Option<String> {
        let (_, modules, version, api) = FIX_NEEDS.iter().find(|(s, ..)| *s == syntax)?;
        let path = self.linker.path_of(facts.file).unwrap_or_default();
        let support = super::support(facts.lang);
        let module =
            modules.iter().find(|m| support.dependency_at_least(&path, m, version, &self.linker.fs) == Some(false))?;
        Some(format!("the project pins a `{module}` older than {version}, which added {api}: upgrade it first"))
    }
}

/// How the source spells the hints of a registration made through `api`
/// (for messages and help lines): Rust's `#[tool(annotations(...))]`,
/// `#[mcp_tool(...)]` and `ToolAnnotations` builders each their own way.
fn syntax(lang: Lang, api: &str) -> Syntax {
    use crate::frontend::rust::{API_MCP_TOOL, API_TOOL_ATTR};
    match lang {
        Lang::Python => Syntax::PythonKeyword,
        Lang::Rust if api == API_TOOL_ATTR => Syntax::RustAttr,
        Lang::Rust if api == API_MCP_TOOL => Syntax::RustFlatAttr,
        Lang::Rust => Syntax::RustBuilder,
        // mcp-go sets hints through options, go-sdk in a struct.
        Lang::Go if api.starts_with("go.mcp-go") => Syntax::GoOption,
        Lang::Go => Syntax::GoStruct,
        // Spring AI: `@McpTool(annotations = @McpTool.McpAnnotations(...))`,
        // also the way to give a `@Tool` method hints (in its place).
        Lang::Java if api == crate::eval::sdk::JAVA_API_MCP_TOOL => Syntax::JavaAnnotation,
        Lang::Java if api == crate::eval::sdk::JAVA_API_TOOL => Syntax::SpringToolMethod,
        // An Azure Functions tool trigger has no hints to set.
        Lang::Java if api == eval::sdk::API_FUNCTIONS_JAVA => Syntax::JavaFunctionsTrigger,
        Lang::CSharp if api == eval::sdk::API_FUNCTIONS_CSHARP => Syntax::FunctionsTrigger,
        Lang::Java if api == crate::eval::sdk::JAVA_API_QUARKUS_TOOL => Syntax::QuarkusAnnotation,
        Lang::Java if api == crate::eval::sdk::JAVA_API_QUARKUS_TOOL_MANAGER => Syntax::QuarkusToolManager,
        Lang::Java => Syntax::JavaRecord,
        // `addTool(...)` takes `toolAnnotations`, a `Tool(...)` `annotations`.
        Lang::Kotlin if api == "kotlin.sdk.addTool" => Syntax::KotlinAddTool,
        Lang::Kotlin => Syntax::KotlinTool,
        Lang::CSharp if api == eval::sdk::csharp_sdk::API_CREATE => Syntax::CSharpOptions,
        Lang::CSharp if api == eval::sdk::csharp_sdk::API_LOWLEVEL => Syntax::CSharpRecord,
        Lang::CSharp if api == eval::sdk::API_MCP_PLUGIN => Syntax::CSharpHintAttr,
        Lang::CSharp => Syntax::CSharpAttr,
        _ => Syntax::JsObject,
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
    // A key a conditional spread sets on some paths (`...(c ? {} : { x })`)
    // is a parameter there.
    let schema = |v: &Value| match v {
        Value::Sdk(_) => true,
        Value::OneOf(alts) => {
            alts.iter().all(|a| matches!(a, Value::Sdk(_) | Value::Undefined(_)))
                && alts.iter().any(|a| matches!(a, Value::Sdk(_)))
        }
        _ => false,
    };
    // A raw shape first: every value a schema value, whatever the keys are
    // called (a parameter named `type` or `properties` is no JSON Schema
    // keyword there).
    if !o.entries.is_empty() && o.entries.iter().all(|(_, v, _)| schema(v)) {
        return Some(keys(&o));
    }
    if o.get("type").is_some() || o.get("properties").is_some() {
        return match o.get("properties") {
            None => Some(vec![]),
            Some(Value::Object(p)) if p.borrow().complete => Some(keys(&p.borrow())),
            Some(_) => None,
        };
    }
    o.entries.is_empty().then(Vec::new)
}

/// The elicitation calls in the handler's body (and the closures it
/// defines), by the callee's last segment ([`crate::frontend::elicit::CALLS`]):
/// a handler that asks the user before it acts is guarded (MCP022).
fn confirms(reg: &Registration, p: &Program) -> Vec<Span> {
    // A handler that is a type (rust-mcp-sdk's tool struct) is its methods.
    let (module, funcs) = match &reg.handler {
        Some(Value::Func(c) | Value::Bound(c, _)) => (c.module, vec![c.func]),
        Some(Value::Class(c)) => {
            let Some(m) = p.modules.get(c.module) else { return vec![] };
            let methods = m.class(c.class).members.iter().filter_map(|mem| match mem.value {
                ir::MemberValue::Method(f) => Some(f),
                ir::MemberValue::Field(_) | ir::MemberValue::Unsent(_) => None,
            });
            (c.module, methods.collect())
        }
        _ => return vec![],
    };
    let Some(m) = p.modules.get(module) else { return vec![] };
    let mut out = vec![];
    // Outermost first: a request nested in one already counted is the same evidence.
    let mut requests: Vec<Span> = vec![];
    for f in funcs {
        ir::walk::expressions(m, f, |e| match e {
            ir::Expr::Call { callee, span, .. } => {
                let (ir::Expr::Member { name, .. } | ir::Expr::Name(name, _)) = &**callee else { return };
                if crate::frontend::elicit::CALLS.contains(&name.as_str()) {
                    out.push(*span);
                }
            }
            // A request value built for the client to ask (Go's `&mcp.ElicitParams{...}`).
            ir::Expr::Struct { ty, span, .. } => {
                let (ir::Expr::Member { name, .. } | ir::Expr::Name(name, _)) = &**ty else { return };
                if crate::frontend::elicit::REQUEST_TYPES.contains(&name.as_str()) {
                    requests.push(*span);
                }
            }
            _ => {}
        });
    }
    requests.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    for r in requests {
        if !out.iter().any(|o| o.contains(r)) {
            out.push(r);
        }
    }
    out.sort_by_key(|s| s.start);
    out
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

/// The Go modules of the program by package: the files of one directory
/// (test files apart: they see the package, the package never sees them).
fn go_packages(p: &Program, r: &Resolver) -> HashMap<usize, Arc<[usize]>> {
    let mut by_dir: std::collections::BTreeMap<(PathBuf, bool), Vec<usize>> = Default::default();
    for (i, m) in p.modules.iter().enumerate() {
        if !matches!(m.lang, Lang::Go | Lang::Java | Lang::Kotlin) {
            continue;
        }
        let Some(path) = r.linker.path_of(m.file) else { continue };
        let test = is_test_file(m.lang, &path);
        by_dir.entry((path.parent().map(Path::to_path_buf).unwrap_or_default(), test)).or_default().push(i);
    }
    let mut out = HashMap::new();
    for ((_, _), mut members) in by_dir {
        members.sort_by_key(|&i| r.linker.path_of(p.modules[i].file));
        let members: Arc<[usize]> = members.into();
        for &i in members.iter() {
            out.insert(i, members.clone());
        }
    }
    out
}

/// A test file: its registrations are the tests', not the server's
/// (TS/JS test paths, pytest's test modules, Go's `_test.go`, C# test projects).
pub(super) fn is_test_file(lang: Lang, path: &Path) -> bool {
    match lang {
        Lang::Python => crate::frontend::python::is_test_path(path),
        Lang::TypeScript | Lang::JavaScript => crate::frontend::typescript::is_test_path(path),
        Lang::Go => path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with("_test.go")),
        Lang::Java => crate::frontend::java::is_test_path(path),
        Lang::Kotlin => crate::frontend::kotlin::is_test_path(path),
        Lang::CSharp => super::csharp::is_test_path(path),
        _ => false,
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
        ..Annotations::none()
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
            // A value under a key nobody knows: no key to read a hint by.
            for (key, value, key_span) in o.entries.iter().filter(|(k, _, _)| !k.starts_with(UNKNOWN_KEY)) {
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

impl Resolver<'_, '_> {
    /// The annotations a registration's record `o` declares, with where
    /// they come from (written inline, or a preset named where it is bound).
    #[allow(clippy::too_many_arguments)]
    fn annotations_object(
        &self,
        reg: &Registration,
        v: &Value,
        o: &crate::eval::value::ObjRef,
        facts: &Arc<FileFacts>,
        lang: Lang,
        program: &Program<'_>,
        generation: super::Generation,
        why: &str,
    ) -> Annotations {
        let obj_span = o.borrow().span.unwrap_or(reg.call);
        // A preset: an object written outside the argument that
        // passes it, named where it is bound (`READ_ONLY = ...`), or
        // else by the argument (`annotations=hints`).
        let inside = |at: Span| at.file == obj_span.file && at.start <= obj_span.start && obj_span.end <= at.end;
        let bound = program.names.get(&obj_span).cloned();
        // Written in the arguments of a project call that led to
        // the registration (`write_tool("x", ToolAnnotations::new()..)`
        // into a helper's `.annotate(hints)`): inline there.
        let in_a_call = reg.stack.iter().any(|s| inside(*s));
        let origin = match (reg.annotations_at, bound) {
            (Some(at), bound) if !inside(at) && !in_a_call => {
                let file = self.linker.sources.get(at.file);
                let text = file.slice(at);
                // Named by the argument only when it is a name
                // (`annotations=hints`), not a call that made it.
                let named = text.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.'));
                match bound.or_else(|| named.then(|| text.to_string())) {
                    Some(symbol) => Origin::Preset { symbol, defined_at: obj_span, used_at: at },
                    None => Origin::Inline(obj_span),
                }
            }
            // Read from inside an argument (`{ annotations: READ_ONLY }`).
            (None, Some(symbol)) if !inside(reg.call) && !in_a_call => {
                Origin::Preset { symbol, defined_at: obj_span, used_at: reg.call }
            }
            _ => Origin::Inline(obj_span),
        };
        let mut a = match to_resolve_value(v, facts, 0) {
            RValue::Obj(obj) => self.annotations_of(&obj, origin, generation, why),
            _ => unresolved(obj_span),
        };
        // A hint the literal writes twice, under the name its SDK reads.
        let syntax = syntax(lang, reg.api);
        for (key, earlier, later) in &o.borrow().shadowed {
            let hint = HintKind::ALL.into_iter().find(|k| &**key == syntax.key(*k) || &**key == k.wire_name());
            if let Some(kind) = hint {
                a.duplicates.push(Duplicate { key: key.to_string(), kind, earlier: *earlier, later: *later });
            }
        }
        a
    }
}

/// Annotations of several records a registration reads on different
/// paths: each hint the same on every path (value, not place) is kept as
/// the first path's; one that differs is unresolved at `at`.
fn same_on_every_path(each: Vec<Annotations>, at: Span) -> Annotations {
    let mut it = each.into_iter();
    let Some(mut first) = it.next() else { return unresolved(at) };
    for other in it {
        merge_hint(&mut first.read_only, &other.read_only, at);
        merge_hint(&mut first.destructive, &other.destructive, at);
        merge_hint(&mut first.idempotent, &other.idempotent, at);
        merge_hint(&mut first.open_world, &other.open_world, at);
        merge_hint(&mut first.title, &other.title, at);
    }
    first
}

fn merge_hint<T: PartialEq>(into: &mut Hint<T>, other: &Hint<T>, at: Span) {
    let same = match (&*into, other) {
        (Hint::Declared { value: a, .. }, Hint::Declared { value: b, .. }) => a == b,
        (Hint::Absent, Hint::Absent) => true,
        _ => false,
    };
    if !same {
        *into = Hint::Unresolved { span: at };
    }
}

/// The modules of the package in `dir` as `pkgutil.iter_modules` lists
/// them (CPython `Lib/pkgutil.py`, `_iter_file_finder_modules`): every
/// `.py` file and every directory holding an `__init__.py`, by file name,
/// `__init__` and names with a dot left out; as `walk_packages`, each
/// package's own modules follow it (`depth` levels down), named under it.
fn walk_package(fs: &super::dircache::DirCache, dir: &Path, prefix: &str, depth: usize, out: &mut Vec<(String, bool)>) {
    let mut entries: Vec<(String, bool)> = vec![];
    for f in fs.files(dir) {
        if f.extension().is_some_and(|e| e == "py") {
            if let Some(stem) = f.file_stem().and_then(|s| s.to_str()) {
                entries.push((stem.to_string(), false));
            }
        }
    }
    for d in fs.dirs(dir) {
        if fs.is_file(&d.join("__init__.py")) {
            if let Some(name) = d.file_name().and_then(|s| s.to_str()) {
                entries.push((name.to_string(), true));
            }
        }
    }
    entries.retain(|(n, _)| n != "__init__" && !n.contains('.') && !n.is_empty());
    // A directory `x` sorts before `x.py`, and the first of a name wins.
    entries.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    entries.dedup_by(|a, b| a.0 == b.0);
    for (name, is_pkg) in entries {
        if out.len() >= MAX_LOADED {
            return;
        }
        let full = format!("{prefix}{name}");
        out.push((full.clone(), is_pkg));
        if is_pkg && depth > 0 {
            walk_package(fs, &dir.join(&name), &format!("{full}."), depth - 1, out);
        }
    }
}

/// The same annotations as declared: where each site uses a preset differs.
fn declared_alike(a: &Annotations, b: &Annotations) -> bool {
    let defined = |x: &Annotations| {
        let mut x = x.clone();
        if let Origin::Preset { defined_at, used_at, .. } = &mut x.origin {
            *used_at = *defined_at;
        }
        x
    };
    defined(a) == defined(b)
}
