//! Discovery: walk the given paths with the `ignore` crate's parallel
//! walker (gitignore-aware), keep files a frontend can read, and skip the
//! directories no server source lives in. Explicit file arguments are always
//! linted, ignored or not.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use ignore::{WalkBuilder, WalkState};

use crate::frontend::lang_for;
use crate::model::Lang;

/// Directories never searched (virtualenvs are also recognised by `pyvenv.cfg`).
const SKIP_DIRS: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    "node_modules",
    "__pycache__",
    "target",
    ".venv",
    "venv",
    ".tox",
    ".nox",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    "site-packages",
    ".eggs",
];

#[derive(Clone, Debug)]
pub struct Candidate {
    pub path: PathBuf,
    pub lang: Lang,
    /// Named on the command line.
    pub explicit: bool,
}

#[derive(Debug, Default)]
pub struct Discovery {
    pub files: Vec<Candidate>,
    /// Paths that could not be walked, with why.
    pub errors: Vec<(PathBuf, String)>,
}

pub struct Options {
    pub threads: usize,
    pub respect_gitignore: bool,
    pub exclude: Vec<String>,
}

fn skipped_dir(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| SKIP_DIRS.contains(&n))
        || path.join("pyvenv.cfg").is_file()
}

pub fn discover(paths: &[PathBuf], opts: &Options) -> Discovery {
    let mut out = Discovery::default();
    let mut roots = Vec::new();
    for p in paths {
        match std::fs::metadata(p) {
            Err(e) => out.errors.push((p.clone(), io_message(&e))),
            Ok(m) if m.is_dir() => roots.push(p.clone()),
            Ok(_) => match lang_for(p) {
                Some(lang) => out.files.push(Candidate { path: p.clone(), lang, explicit: true }),
                None => out.errors.push((
                    p.clone(),
                    format!("not a file type mcp-lint reads ({})", crate::frontend::EXTENSIONS.join(", ")),
                )),
            },
        }
    }
    if !roots.is_empty() {
        let mut overrides = ignore::overrides::OverrideBuilder::new(".");
        for pattern in &opts.exclude {
            let _ = overrides.add(&format!("!{pattern}"));
        }
        let mut builder = WalkBuilder::new(&roots[0]);
        for r in &roots[1..] {
            builder.add(r);
        }
        builder
            .hidden(false)
            .follow_links(true)
            .git_ignore(opts.respect_gitignore)
            .git_exclude(opts.respect_gitignore)
            .git_global(false)
            .ignore(opts.respect_gitignore)
            .require_git(false)
            .parents(true)
            .threads(opts.threads)
            .filter_entry(|e| !(e.file_type().is_some_and(|t| t.is_dir()) && e.depth() > 0 && skipped_dir(e.path())));
        if let Ok(o) = overrides.build() {
            if !opts.exclude.is_empty() {
                builder.overrides(o);
            }
        }
        let found = Mutex::new(Vec::new());
        let errors = Mutex::new(Vec::new());
        builder.build_parallel().run(|| {
            Box::new(|entry| {
                match entry {
                    Ok(e) => {
                        if e.file_type().is_some_and(|t| t.is_file()) {
                            if let Some(lang) = lang_for(e.path()) {
                                found.lock().expect("walk lock").push(Candidate {
                                    path: e.path().to_path_buf(),
                                    lang,
                                    explicit: false,
                                });
                            }
                        }
                    }
                    Err(err) => errors.lock().expect("walk lock").push(walk_error(err)),
                }
                WalkState::Continue
            })
        });
        out.files.extend(found.into_inner().expect("walk lock"));
        out.errors.extend(errors.into_inner().expect("walk lock"));
    }
    out.files.sort_by(|a, b| a.path.cmp(&b.path));
    out.files.dedup_by(|a, b| a.path == b.path);
    out.errors.sort();
    out
}

fn walk_error(err: ignore::Error) -> (PathBuf, String) {
    match err {
        ignore::Error::WithPath { path, err } => (path, walk_error(*err).1),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => walk_error(*err),
        ignore::Error::Loop { ancestor, child } => {
            (child, format!("symbolic link loop: points back to `{}`", ancestor.display()))
        }
        ignore::Error::Io(e) => (PathBuf::new(), io_message(&e)),
        other => (PathBuf::new(), other.to_string()),
    }
}

pub fn io_message(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let s = e.to_string();
            // Drop the "(os error N)" suffix: stable across platforms.
            s.split(" (os error").next().unwrap_or(&s).to_lowercase()
        }
    }
}
