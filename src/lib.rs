//! mcp-lint: finds MCP tool registrations in a source tree and flags the
//! tools that take risky `ToolAnnotations` defaults by omission.
//!
//! Data flows one way: [`discover`] → [`frontend`] (per file, in parallel)
//! → [`resolve`] (whole tree) → [`rules`] → [`report`]. No module imports
//! from a later stage.

pub mod baseline;
pub mod cli;
pub mod config;
pub mod discover;
pub mod eval;
pub mod finding;
pub mod fingerprint;
pub mod frontend;
pub mod ir;
pub mod model;
pub mod pathglob;
pub mod report;
pub mod resolve;
pub mod rules;
pub mod source;
pub mod suppress;

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

pub struct Options {
    pub rules: RuleSet,
    pub threads: usize,
    pub respect_gitignore: bool,
    pub exclude: Vec<String>,
    /// `exclude` from a config file: relative to its directory.
    pub exclude_globs: Vec<pathglob::PathGlob>,
    pub max_file_size: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: RuleSet::new(&[], &[]),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            respect_gitignore: true,
            exclude: vec![],
            exclude_globs: vec![],
            max_file_size: DEFAULT_MAX_FILE_SIZE,
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
    /// A file or directory could not be read: the run exits 2.
    pub io_errors: bool,
}

/// One SIMD substring finder per marker: for a handful of short markers this
/// beats a general multi-pattern automaton several times over.
type Finders = Vec<memmem::Finder<'static>>;
static PREFILTER: LazyLock<[(Lang, Finders); 5]> = LazyLock::new(|| {
    [Lang::Python, Lang::TypeScript, Lang::JavaScript, Lang::Go, Lang::Rust].map(|lang| {
        (lang, frontend::prefilter_markers(lang).iter().map(|m| memmem::Finder::new(m.as_bytes())).collect())
    })
});

fn worth_parsing(lang: Lang, bytes: &[u8]) -> bool {
    PREFILTER.iter().filter(|(l, _)| *l == lang).any(|(_, fs)| fs.iter().any(|f| f.find(bytes).is_some()))
}

enum Loaded {
    Parsed(PathBuf, Arc<FileFacts>, Option<ir::Module>, Vec<Finding>),
    Skipped(Vec<Finding>, Option<String>),
}

/// Lint `paths`.
pub fn check(paths: &[PathBuf], opts: &Options) -> Run {
    let cwd = std::env::current_dir().unwrap_or_default();
    let canonical_cwd = std::fs::canonicalize(&cwd).unwrap_or(cwd);
    let sources = SourceMap::new(canonical_cwd);
    let mut found = discover::discover(
        paths,
        &discover::Options {
            threads: opts.threads,
            respect_gitignore: opts.respect_gitignore,
            exclude: opts.exclude.clone(),
        },
    );
    if !opts.exclude_globs.is_empty() {
        // Files named on the command line are always linted.
        found.files.retain(|c| {
            c.explicit || {
                let abs = std::fs::canonicalize(&c.path).unwrap_or_else(|_| c.path.clone());
                !opts.exclude_globs.iter().any(|g| g.matches(&abs))
            }
        });
    }
    let mut findings = Vec::new();
    let mut io_errors = false;
    for (path, message) in &found.errors {
        io_errors = true;
        findings.push(io_finding(&sources, path, message));
    }

    // Read, prefilter and parse in parallel; output order is fixed later.
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(found.files.len()));
    let workers = opts.threads.clamp(1, found.files.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(c) = found.files.get(i) else { break };
                let loaded = load(&sources, &c.path, c.lang, opts.max_file_size);
                results.lock().expect("results lock").push(loaded);
            });
        }
    });

    let linker = resolve::Linker::new(&sources);
    let mut parsed = Vec::new();
    let mut modules = Vec::new();
    let mut notes = Vec::new();
    for r in results.into_inner().expect("results lock") {
        match r {
            Loaded::Parsed(path, facts, module, problems) => {
                linker.insert(path, facts.clone());
                parsed.push(facts);
                modules.extend(module);
                findings.extend(problems);
            }
            Loaded::Skipped(problems, note) => {
                io_errors |= problems.iter().any(|f| f.code == "MCP091");
                findings.extend(problems);
                notes.extend(note);
            }
        }
    }
    parsed.sort_by_cached_key(|f| sources.get(f.file).display.clone());
    notes.sort();

    modules.sort_by_cached_key(|m: &ir::Module| sources.get(m.file).display.clone());
    let tools = resolve::resolve_all(&linker, &parsed, modules);
    // Every rule runs: suppressions are judged against all of them, so a
    // profile or `--select` never makes one look unused.
    let per_tool = rules::run_all(&tools, &opts.rules.words);
    let mut all: Vec<Finding> = per_tool.iter().flatten().cloned().collect();
    all.extend(findings.iter().cloned());
    findings.retain(|f| opts.rules.is_enabled(f.code));
    findings.extend(rules::select(&per_tool, &opts.rules, &sources));
    let linted: Vec<source::FileId> = parsed.iter().map(|f| f.file).collect();
    let mut findings = suppress::apply(&sources, &linted, &all, findings, &opts.rules);
    sort_findings(&sources, &mut findings);
    let mut tools = tools;
    tools.sort_by_cached_key(|t| {
        let loc = sources.location(t.site);
        (sources.get(t.site.file).display.clone(), loc.line, loc.column)
    });
    Run { files_scanned: found.files.len(), sources, tools, findings, notes, io_errors }
}

fn sort_findings(sources: &SourceMap, findings: &mut [Finding]) {
    findings.sort_by_cached_key(|f| {
        let file = sources.get(f.file);
        let loc = f.span.map(|s| file.location(s));
        (file.display.clone(), loc.map_or(0, |l| l.line), loc.map_or(0, |l| l.column), f.code, f.message.clone())
    });
}

fn load(sources: &SourceMap, path: &Path, lang: Lang, max_size: u64) -> Loaded {
    let bytes = match std::fs::metadata(path).and_then(|m| {
        if m.len() > max_size {
            Ok(None)
        } else {
            std::fs::read(path).map(Some)
        }
    }) {
        Ok(Some(b)) => b,
        Ok(None) => {
            let note = format!(
                "{}: skipped, larger than {} bytes",
                source::display_path(path, &std::env::current_dir().unwrap_or_default()),
                max_size
            );
            return Loaded::Skipped(vec![], Some(note));
        }
        Err(e) => return Loaded::Skipped(vec![io_finding(sources, path, &discover::io_message(&e))], None),
    };
    if bytes[..bytes.len().min(8192)].contains(&0) {
        let note = format!(
            "{}: skipped, looks binary",
            source::display_path(path, &std::env::current_dir().unwrap_or_default())
        );
        return Loaded::Skipped(vec![], Some(note));
    }
    if !worth_parsing(lang, &bytes) {
        return Loaded::Skipped(vec![], None);
    }
    let mut problems = Vec::new();
    let (text, bad_utf8): (Arc<str>, Option<usize>) = match std::str::from_utf8(&bytes) {
        Ok(s) => (s.into(), None),
        Err(e) => (String::from_utf8_lossy(&bytes).into(), Some(e.valid_up_to())),
    };
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let file = sources.add(&canonical, text.clone(), Some(lang));
    if let Some(at) = bad_utf8 {
        problems.push(run_finding(
            "MCP090",
            file.id,
            Some(Span::new(file.id, at, (at + 3).min(text.len()))),
            "file is not valid UTF-8: invalid bytes were replaced and the rest was still searched".into(),
        ));
    }
    match frontend::parse(lang, file.id, path, &text) {
        Ok(facts) => {
            for p in &facts.problems {
                problems.push(run_finding("MCP090", file.id, Some(p.span), p.message.clone()));
            }
            let module = frontend::lower(lang, file.id, path, &text);
            Loaded::Parsed(canonical, Arc::new(facts), module, problems)
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
        tool: None,
    }
}

fn io_finding(sources: &SourceMap, path: &Path, message: &str) -> Finding {
    let file = sources.add(path, Arc::from(""), None);
    run_finding("MCP091", file.id, None, format!("cannot read `{}`: {message}", file.display))
}
