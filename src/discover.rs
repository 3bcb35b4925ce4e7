//! Discovery: walk the given paths with the `ignore` crate's parallel
//! walker (gitignore-aware), keep files a frontend can read, and skip the
//! directories no server source lives in. Explicit file arguments are always
//! linted, ignored or not.
//!
//! Symbolic links met during the walk are not followed by default: a link
//! whose target lies inside the linted roots adds nothing (the target is
//! walked where it is), and one leading out of them could print files from
//! anywhere on the machine into a CI log; each of those gets one note.
//! `--follow-links` follows them (loops are reported, duplicates dropped).

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
    /// Links not followed, for humans.
    pub notes: Vec<String>,
}

pub struct Options {
    pub threads: usize,
    pub respect_gitignore: bool,
    pub exclude: Vec<String>,
    pub follow_links: bool,
}

fn skipped_dir(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| SKIP_DIRS.contains(&n))
        || path.join("pyvenv.cfg").is_file()
}

/// What the message for an unsupported file lists.
pub const READS: &str = ".py, .ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs, .go, .rs";

/// Check `--exclude` globs before anything runs: a bad one names itself.
pub fn exclude_overrides(patterns: &[String]) -> Result<ignore::overrides::Override, String> {
    let mut overrides = ignore::overrides::OverrideBuilder::new(".");
    for pattern in patterns {
        overrides.add(&format!("!{pattern}")).map_err(|e| glob_error(pattern, &e))?;
    }
    overrides.build().map_err(|e| e.to_string())
}

fn glob_error(pattern: &str, e: &ignore::Error) -> String {
    let why = match e {
        ignore::Error::Glob { err, .. } => err.clone(),
        other => other.to_string(),
    };
    // globset's message repeats the glob; keep only the reason.
    let why = why.rsplit_once(": ").map_or(why.as_str(), |(_, r)| r).to_string();
    format!("invalid --exclude glob `{pattern}`: {why}")
}

pub fn discover(paths: &[PathBuf], opts: &Options) -> Discovery {
    let mut out = Discovery::default();
    let mut roots = Vec::new();
    for p in paths {
        match std::fs::metadata(p) {
            Err(e) => out.errors.push((p.clone(), io_message(&e))),
            // A root named through a link is the user's choice: `link/.`
            // makes the walker start inside it.
            Ok(m) if m.is_dir() && p.is_symlink() => roots.push(p.join(".")),
            Ok(m) if m.is_dir() => roots.push(p.clone()),
            Ok(m) if !m.is_file() => out.errors.push((p.clone(), crate::fsguard::kind(&m).into())),
            Ok(_) => match lang_for(p) {
                Some(lang) => out.files.push(Candidate { path: p.clone(), lang, explicit: true }),
                None => out.errors.push((p.clone(), format!("not a file type mcp-lint reads ({READS})"))),
            },
        }
    }
    if !roots.is_empty() {
        // Where a link may point without leaving the linted trees.
        let inside: Vec<PathBuf> = roots.iter().filter_map(|r| std::fs::canonicalize(r).ok()).collect();
        let mut builder = WalkBuilder::new(&roots[0]);
        for r in &roots[1..] {
            builder.add(r);
        }
        builder
            .hidden(false)
            .follow_links(opts.follow_links)
            .git_ignore(opts.respect_gitignore)
            .git_exclude(opts.respect_gitignore)
            .git_global(false)
            .ignore(opts.respect_gitignore)
            .require_git(false)
            .parents(true)
            .threads(opts.threads)
            .filter_entry(|e| !(e.file_type().is_some_and(|t| t.is_dir()) && e.depth() > 0 && skipped_dir(e.path())));
        if !opts.exclude.is_empty() {
            // Validated by the command line; a bad glob here excludes nothing.
            if let Ok(o) = exclude_overrides(&opts.exclude) {
                builder.overrides(o);
            }
        }
        let found = Mutex::new(Vec::new());
        let errors = Mutex::new(Vec::new());
        let notes = Mutex::new(Vec::new());
        builder.build_parallel().run(|| {
            Box::new(|entry| {
                match entry {
                    Ok(e) if e.path_is_symlink() && !opts.follow_links => {
                        if let Some(note) = link_note(e.path(), &inside) {
                            notes.lock().expect("walk lock").push(note);
                        }
                    }
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
        out.notes.extend(notes.into_inner().expect("walk lock"));
    }
    out.files.sort_by(|a, b| a.path.cmp(&b.path));
    out.files.dedup_by(|a, b| a.path == b.path);
    if opts.follow_links {
        // A file reached through a link and at its own path is linted once.
        let mut seen = std::collections::HashSet::new();
        out.files.retain(|c| seen.insert(std::fs::canonicalize(&c.path).unwrap_or_else(|_| c.path.clone())));
    }
    out.errors.sort();
    out.notes.sort();
    out
}

/// A note for a link the walk does not follow: one leading out of the
/// linted roots, or a dangling one. Links inside them are silent (their
/// targets are walked at their own paths).
fn link_note(link: &Path, inside: &[PathBuf]) -> Option<String> {
    let shown = crate::source::display_path(link, &std::env::current_dir().unwrap_or_default());
    match std::fs::canonicalize(link) {
        Ok(target) if inside.iter().any(|r| target.starts_with(r)) => None,
        // Only what would have been linted is worth a note (not `report.sarif -> …`).
        Ok(target) if !target.is_dir() && lang_for(link).is_none() => None,
        Ok(target) => Some(format!(
            "{shown}: not followed, a symbolic link to `{}` outside the linted paths (--follow-links follows it)",
            crate::source::escape_path(&target)
        )),
        Err(_) if lang_for(link).is_none() => None,
        Err(_) => Some(format!("{shown}: skipped, a symbolic link to a missing file")),
    }
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
    crate::fsguard::io_reason(e)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_listed_extensions_are_read() {
        for ext in super::READS.split(", ") {
            let name = format!("a{ext}");
            assert!(crate::frontend::lang_for(std::path::Path::new(&name)).is_some(), "{ext}");
        }
    }
}
