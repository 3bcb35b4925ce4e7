//! mcp-lint: finds MCP tool registrations in a source tree and flags the
//! tools that take risky `ToolAnnotations` defaults by omission.
//!
//! Data flows one way: [`discover`] → [`frontend`] (per file, in parallel)
//! → [`resolve`] (whole tree) → [`rules`] → [`report`]. No module imports
//! from a later stage.

pub mod alloc;
pub mod baseline;
pub mod cli;
pub mod config;
pub mod discover;
pub mod eval;
pub mod finding;
pub mod fingerprint;
pub mod fix;
pub mod frontend;
pub mod fsguard;
pub mod ir;
pub mod lang;
pub mod model;
pub mod pathglob;
pub mod probe;
pub mod report;
pub mod resolve;
pub mod rules;
pub mod source;
pub mod suppress;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use memchr::memmem;

use crate::finding::{Finding, Severity};
use crate::model::{FileFacts, Lang, Tool};
use crate::rules::RuleSet;
use crate::source::{SourceMap, Span};

/// Files larger than this are skipped with a note (generated bundles, data).
pub const DEFAULT_MAX_FILE_SIZE: u64 = 2 * 1024 * 1024;

/// What a configuration decides for the files it governs.
#[derive(Clone, Debug)]
pub struct Settings {
    pub rules: RuleSet,
    /// `exclude` from a config file: relative to its directory.
    pub exclude_globs: Vec<pathglob::PathGlob>,
    /// `fail-on` from a config file (the flag wins over it).
    pub fail_on: Option<Severity>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { rules: RuleSet::new(&[], &[]), exclude_globs: vec![], fail_on: None }
    }
}

/// The settings of one file: its closest configuration (ruff's rule), or one
/// for every file under `--config`.
pub type SettingsFor = dyn Fn(&Path) -> Arc<Settings> + Send + Sync;

/// Standard input, linted as the file `path` (`check - --stdin-filename PATH`).
pub struct Stdin {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

pub struct Options {
    pub settings: Arc<SettingsFor>,
    pub threads: usize,
    pub respect_gitignore: bool,
    pub exclude: Vec<String>,
    /// Apply `exclude` (flag and config) to files named on the command line too.
    pub force_exclude: bool,
    pub max_file_size: u64,
    /// Follow symbolic links out of the linted roots (`--follow-links`).
    pub follow_links: bool,
    /// Stands for `-` among the paths.
    pub stdin: Option<Stdin>,
    /// Contents that stand for files on disk (by canonical path): what
    /// `--fix` checks its edits against before writing anything.
    pub overlay: Overlay,
}

/// File contents by canonical path, read instead of the disk's.
pub type Overlay = Arc<HashMap<PathBuf, Arc<str>>>;

impl Default for Options {
    fn default() -> Options {
        let settings = Arc::new(Settings::default());
        Options {
            settings: Arc::new(move |_: &Path| settings.clone()),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            respect_gitignore: true,
            exclude: vec![],
            force_exclude: false,
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            follow_links: false,
            stdin: None,
            overlay: Overlay::default(),
        }
    }
}

/// Everything one run learned.
pub struct Run {
    pub sources: SourceMap,
    pub tools: Vec<Tool>,
    /// Sorted by file, line, column, code.
    pub findings: Vec<Finding>,
    /// Files skipped on purpose (binary, oversized), for humans.
    pub notes: Vec<String>,
    pub files_scanned: usize,
    /// The languages of the files scanned, in [`Lang`] order.
    pub languages: Vec<Lang>,
    /// A file or directory could not be read: the run exits 2.
    pub io_errors: bool,
    /// Tools whose absence findings have no fix, and why.
    pub unfixable: Vec<fix::plan::Refusal>,
}

/// One SIMD substring finder per marker: for a handful of short markers this
/// beats a general multi-pattern automaton several times over.
type Finders = Vec<memmem::Finder<'static>>;
static PREFILTER: LazyLock<[(Lang, Finders); 8]> = LazyLock::new(|| {
    [Lang::Python, Lang::TypeScript, Lang::JavaScript, Lang::Go, Lang::Rust, Lang::CSharp, Lang::Java, Lang::Kotlin]
        .map(|lang| {
            (lang, frontend::prefilter_markers(lang).iter().map(|m| memmem::Finder::new(m.as_bytes())).collect())
        })
});

fn worth_parsing(lang: Lang, bytes: &[u8]) -> bool {
    PREFILTER.iter().filter(|(l, _)| *l == lang).any(|(_, fs)| fs.iter().any(|f| f.find(bytes).is_some()))
}

enum Loaded {
    Parsed(PathBuf, Arc<FileFacts>, Option<ir::Module>, Vec<Finding>),
    Skipped(Vec<Finding>, Option<String>),
    /// Read, and left unparsed for lack of an SDK marker: a file that may
    /// still call the project's registration helpers ([`resolve::Linker::with_unmarked`]).
    Unmarked(PathBuf),
}

/// Lint one in-memory buffer as the file `path` names (its extension picks
/// the language), exactly as `check - --stdin-filename PATH` does: for the
/// fuzz targets and for embedders that hold the text already. Nothing else is
/// walked; manifests beside `path` are still read, as for any linted file.
pub fn check_buffer(path: &Path, bytes: Vec<u8>, opts: Options) -> Run {
    let opts = Options { stdin: Some(Stdin { path: path.to_path_buf(), bytes }), ..opts };
    check(&[PathBuf::from("-")], &opts)
}

/// Lint `paths` (`-` is [`Options::stdin`]).
pub fn check(paths: &[PathBuf], opts: &Options) -> Run {
    let cwd = std::env::current_dir().unwrap_or_default();
    let canonical_cwd = std::fs::canonicalize(&cwd).unwrap_or(cwd);
    let sources = SourceMap::new(canonical_cwd.clone());
    let on_disk: Vec<PathBuf> = paths.iter().filter(|p| p.as_os_str() != "-").cloned().collect();
    let mut found = discover::discover(
        &on_disk,
        &discover::Options {
            threads: opts.threads,
            respect_gitignore: opts.respect_gitignore,
            exclude: opts.exclude.clone(),
            follow_links: opts.follow_links,
        },
    );
    // The walk already left out what `--exclude` matches; a config's
    // `exclude` is its own file's business. Files named on the command line
    // are linted unless `--force-exclude`.
    let flag_globs: Vec<pathglob::PathGlob> =
        opts.exclude.iter().filter_map(|g| pathglob::PathGlob::new(g, &canonical_cwd).ok()).collect();
    let excluded = |abs: &Path, explicit: bool| -> bool {
        if explicit && !opts.force_exclude {
            return false;
        }
        (explicit && flag_globs.iter().any(|g| g.matches(abs)))
            || (opts.settings)(abs).exclude_globs.iter().any(|g| g.matches(abs))
    };
    let mut dirs = HashMap::new();
    found.files.retain(|c| !excluded(&absolute_cached(&c.path, &canonical_cwd, &mut dirs), c.explicit));
    skip_build_copies(&mut found, &canonical_cwd);
    let stdin = opts.stdin.as_ref().filter(|_| paths.iter().any(|p| p.as_os_str() == "-"));
    let stdin_abs = stdin.map(|s| absolute(&s.path, &canonical_cwd));
    let stdin = stdin.filter(|_| !stdin_abs.as_deref().is_some_and(|a| excluded(a, true)));
    if let Some(abs) = stdin.and(stdin_abs.as_ref()) {
        // The buffer stands in for the file it names.
        found.files.retain(|c| absolute(&c.path, &canonical_cwd) != *abs);
    }
    let mut findings = Vec::new();
    let mut io_errors = false;
    for (path, message) in &found.errors {
        io_errors = true;
        findings.push(io_finding(&sources, path, message));
    }

    // Read, prefilter and parse in parallel; output order is fixed later.
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(found.files.len() + 1));
    let workers = opts.threads.clamp(1, found.files.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(c) = found.files.get(i) else { break };
                let loaded = load(&sources, &c.path, c.lang, opts.max_file_size, &opts.overlay);
                results.lock().expect("results lock").push(loaded);
            });
        }
    });
    let mut results = results.into_inner().expect("results lock");
    let mut languages: Vec<Lang> = found.files.iter().map(|c| c.lang).collect();
    let mut files_scanned = found.files.len();
    if let (Some(input), Some(abs)) = (stdin, stdin_abs) {
        files_scanned += 1;
        match frontend::lang_for(&input.path) {
            Some(lang) => {
                languages.push(lang);
                results.push(load_bytes(&sources, Some(abs), &input.path, lang, input.bytes.clone()));
            }
            None => {
                let message = format!("not a file type mcp-lint reads ({})", frontend::EXTENSIONS.join(", "));
                results.push(Loaded::Skipped(vec![io_finding(&sources, &input.path, &message)], None));
            }
        }
    }
    languages.sort();
    languages.dedup();

    let walked: Vec<(Lang, PathBuf)> = found.files.iter().map(|c| (c.lang, c.path.clone())).collect();
    let roots: Vec<PathBuf> =
        on_disk.iter().filter(|p| p.is_dir()).filter_map(|p| std::fs::canonicalize(p).ok()).collect();
    let linker =
        resolve::Linker::new(&sources).with_walked(walked).with_roots(roots).with_overlay(opts.overlay.clone());
    let mut parsed = Vec::new();
    let mut notes = std::mem::take(&mut found.notes);
    let mut unmarked = Vec::new();
    for r in results {
        match r {
            Loaded::Parsed(path, facts, module, problems) => {
                linker.insert(path, facts.clone(), module);
                parsed.push(facts);
                findings.extend(problems);
            }
            Loaded::Skipped(problems, note) => {
                io_errors |= problems.iter().any(|f| f.code == "MCP091");
                findings.extend(problems);
                notes.extend(note);
            }
            Loaded::Unmarked(path) => unmarked.push(path),
        }
    }
    unmarked.sort();
    let linker = linker.with_unmarked(unmarked);
    parsed.sort_by_cached_key(|f| sources.get(f.file).display.clone());
    notes.sort();

    let tools = resolve::resolve_all(&linker, &parsed);
    // The program's IR (every file's) is freed on another thread while the
    // rules run, not after them on this one.
    let (tools, findings, unfixable) = std::thread::scope(|s| {
        s.spawn(move || drop(linker));
        // Each file's settings, looked up once.
        let mut settings: HashMap<source::FileId, Arc<Settings>> = HashMap::new();
        let mut settings_of = |id: source::FileId| -> Arc<Settings> {
            settings.entry(id).or_insert_with(|| (opts.settings)(&sources.get(id).path)).clone()
        };
        // Every rule runs: suppressions are judged against all of them, so a
        // profile or `--select` never makes one look unused. Tools are grouped
        // by the settings of the file that registers them.
        let mut all: Vec<Finding> = Vec::new();
        let mut groups: Vec<(Arc<Settings>, Vec<Vec<Finding>>)> = Vec::new();
        for tool in &tools {
            let s = settings_of(tool.site.file);
            let per_tool = rules::run_all(std::slice::from_ref(tool), &s.rules.words, s.rules.required);
            all.extend(per_tool.iter().flatten().cloned());
            match groups.iter_mut().find(|(g, _)| Arc::ptr_eq(g, &s)) {
                Some((_, list)) => list.extend(per_tool),
                None => groups.push((s, per_tool)),
            }
        }
        all.extend(findings.iter().cloned());
        findings.retain(|f| settings_of(f.file).rules.is_enabled(f.code));
        for f in &mut findings {
            f.severity = settings_of(f.file).rules.severity(f.code).unwrap_or(f.severity);
        }
        for (s, per_tool) in &groups {
            findings.extend(rules::select(per_tool, &s.rules, &sources));
        }
        let linted: Vec<source::FileId> = parsed.iter().map(|f| f.file).collect();
        // Every file suppressions may be read from: linted, reported in, labelled.
        let labelled = all.iter().flat_map(|f| f.labels.iter().map(|l| l.span.file));
        for id in linted.iter().copied().chain(all.iter().map(|f| f.file)).chain(labelled).collect::<Vec<_>>() {
            settings_of(id);
        }
        let fallback = (opts.settings)(&canonical_cwd);
        let rules_of = |id: source::FileId| &settings.get(&id).unwrap_or(&fallback).rules;
        let mut findings = suppress::apply(&sources, &linted, &all, findings, &rules_of);
        sort_findings(&sources, &mut findings);
        let settings_at = |id: source::FileId| settings.get(&id).cloned().unwrap_or_else(|| fallback.clone());
        let mut refusals = fix::plan(&mut findings, &tools, &sources, &settings_at);
        refusals.sort_by_cached_key(|r| {
            let loc = sources.location(r.site);
            (sources.get(r.site.file).display.clone(), loc.line, loc.column, r.reason.clone())
        });
        let mut tools = tools;
        // A tool nothing serves is reported (MCP033), not listed.
        tools.retain(|t| !t.unserved);
        tools.sort_by_cached_key(|t| {
            let loc = sources.location(t.site);
            (sources.get(t.site.file).display.clone(), loc.line, loc.column)
        });
        (tools, findings, refusals)
    });
    Run { files_scanned, languages, sources, tools, findings, notes, io_errors, unfixable }
}

/// [`absolute`] for many files: each directory is resolved once, and only a
/// file that is itself a link is resolved whole (a walk of 20,000 files
/// would otherwise resolve every component of every path).
/// Leave out JavaScript a build made from TypeScript the run lints
/// ([`resolve::build_output`]), with one note naming them.
/// Paths are made absolute lexically: the walk follows no link, so a file
/// and the source it was built from are named alike, and no file is asked
/// about twice.
fn skip_build_copies(found: &mut discover::Discovery, cwd: &Path) {
    let has = |lang: Lang| found.files.iter().any(|c| c.lang == lang);
    if !has(Lang::TypeScript) || !has(Lang::JavaScript) {
        return;
    }
    let files: Vec<(PathBuf, Lang, bool)> =
        found.files.iter().map(|c| (fsguard::lexical(&cwd.join(&c.path)), c.lang, c.explicit)).collect();
    let copies = resolve::build_output::copies(&files);
    let Some((first, from)) = copies.first() else { return };
    let shown = |p: &Path| p.strip_prefix(cwd).unwrap_or(p).display().to_string();
    let more = match copies.len() {
        1 => String::new(),
        n => format!(" and {} more", n - 1),
    };
    found.notes.push(format!(
        "{}{more}: not linted, built from linted TypeScript ({}); name a file to lint it",
        shown(&files[*first].0),
        shown(from)
    ));
    let skip: std::collections::HashSet<usize> = copies.iter().map(|(i, _)| *i).collect();
    let mut i = 0;
    found.files.retain(|_| {
        i += 1;
        !skip.contains(&(i - 1))
    });
}

fn absolute_cached(path: &Path, cwd: &Path, dirs: &mut HashMap<PathBuf, Option<PathBuf>>) -> PathBuf {
    let link = path.symlink_metadata().map_or(true, |m| m.file_type().is_symlink());
    let (Some(parent), Some(name), false) = (path.parent(), path.file_name(), link) else {
        return absolute(path, cwd);
    };
    let dir = dirs.entry(parent.to_path_buf()).or_insert_with(|| std::fs::canonicalize(cwd.join(parent)).ok());
    match dir {
        Some(dir) => dir.join(name),
        None => absolute(path, cwd),
    }
}

/// `path` made absolute against the working directory, symbolic links
/// resolved where it exists (config globs and sources use canonical paths).
pub(crate) fn absolute(path: &Path, cwd: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| {
        let joined = cwd.join(path);
        match (joined.parent().and_then(|p| std::fs::canonicalize(p).ok()), joined.file_name()) {
            (Some(dir), Some(name)) => dir.join(name),
            _ => joined,
        }
    })
}

pub(crate) fn sort_findings(sources: &SourceMap, findings: &mut [Finding]) {
    findings.sort_by_cached_key(|f| {
        let file = sources.get(f.file);
        let loc = f.span.map(|s| file.location(s));
        (file.display.clone(), loc.map_or(0, |l| l.line), loc.map_or(0, |l| l.column), f.code, f.message.clone())
    });
}

fn load(sources: &SourceMap, path: &Path, lang: Lang, max_size: u64, overlay: &Overlay) -> Loaded {
    if !overlay.is_empty() {
        if let Some(text) = std::fs::canonicalize(path).ok().and_then(|c| overlay.get(&c).map(|t| (c, t))) {
            return load_bytes(sources, Some(text.0), path, lang, text.1.as_bytes().to_vec());
        }
    }
    let bytes = match fsguard::read(path, max_size) {
        Ok(b) => b,
        Err(fsguard::ReadError::TooLarge) => {
            let note = format!(
                "{}: skipped, larger than {} bytes",
                source::display_path(path, &std::env::current_dir().unwrap_or_default()),
                max_size
            );
            return Loaded::Skipped(vec![], Some(note));
        }
        Err(fsguard::ReadError::Refused(why)) => return Loaded::Skipped(vec![io_finding(sources, path, &why)], None),
    };
    load_bytes(sources, None, path, lang, bytes)
}

/// Parse the contents of the file at `canonical` (`path` as named, for
/// notes; canonicalised here when `None`, once the file is worth parsing).
fn load_bytes(sources: &SourceMap, canonical: Option<PathBuf>, path: &Path, lang: Lang, bytes: Vec<u8>) -> Loaded {
    if bytes[..bytes.len().min(8192)].contains(&0) {
        let note = format!(
            "{}: skipped, looks binary",
            source::display_path(path, &std::env::current_dir().unwrap_or_default())
        );
        return Loaded::Skipped(vec![], Some(note));
    }
    if !worth_parsing(lang, &bytes) {
        if !frontend::may_call_helpers(lang) {
            return Loaded::Skipped(vec![], None);
        }
        return Loaded::Unmarked(canonical.unwrap_or_else(|| path.to_path_buf()));
    }
    let canonical = canonical.unwrap_or_else(|| std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()));
    let canonical = canonical.as_path();
    let mut problems = Vec::new();
    let (text, bad_utf8): (Arc<str>, Option<usize>) = match std::str::from_utf8(&bytes) {
        Ok(s) => (s.into(), None),
        Err(e) => (String::from_utf8_lossy(&bytes).into(), Some(e.valid_up_to())),
    };
    let file = sources.add(canonical, text.clone(), Some(lang));
    if let Some(at) = bad_utf8 {
        problems.push(run_finding(
            "MCP090",
            file.id,
            Some(Span::new(file.id, at, (at + 3).min(text.len()))),
            "file is not valid UTF-8: invalid bytes were replaced and the rest was still searched".into(),
        ));
    }
    match frontend::parse(lang, file.id, path, &text) {
        Ok(frontend::Parsed { facts, module }) => {
            for p in &facts.problems {
                // One finding per cause: the replaced bytes are the likely
                // reason the parser failed, so its errors label that finding.
                if let Some(utf8) = problems.first_mut().filter(|_| bad_utf8.is_some()) {
                    utf8.labels.push(finding::Label { span: p.span, message: p.message.clone() });
                    continue;
                }
                problems.push(run_finding("MCP090", file.id, Some(p.span), p.message.clone()));
            }
            Loaded::Parsed(canonical.to_path_buf(), Arc::new(facts), module, problems)
        }
        Err(panic) => {
            problems.push(run_finding(
                "MCP090",
                file.id,
                None,
                format!("internal error while parsing this file ({panic}); please report it"),
            ));
            Loaded::Skipped(problems, None)
        }
    }
}

fn run_finding(code: &'static str, file: source::FileId, span: Option<Span>, message: String) -> Finding {
    let info = rules::info(code).expect("run findings have rule docs");
    Finding {
        code,
        name: info.name,
        severity: info.severity.unwrap_or(Severity::Info),
        message,
        file,
        span,
        labels: vec![],
        help: None,
        notes: vec![],
        tool: None,
        site: None,
        hints: vec![],
        fix: None,
    }
}

fn io_finding(sources: &SourceMap, path: &Path, message: &str) -> Finding {
    let file = sources.add(path, Arc::from(""), None);
    run_finding("MCP091", file.id, None, format!("cannot read `{}`: {message}", file.display))
}
