//! Configuration files: `mcp-lint.toml`, `.mcp-lint.toml`, or the
//! `[tool.mcp-lint]` table of `pyproject.toml`. Each linted file takes the
//! closest one up its directory tree (the first of the three in the nearest
//! directory that has one wins), as ruff does, so the order of the paths
//! never changes a result; `--config FILE` names one for every file.
//!
//! Keys mirror the command-line flags; the flags win. Every mistake (an
//! unknown key, a wrong type, an unknown rule code, a bad glob) is an error
//! pointing at its span in the file, rendered like any other diagnostic.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use serde::Deserialize;
use toml::Spanned;

use crate::finding::Severity;
use crate::pathglob::PathGlob;
use crate::rules::words::{WordList, Words};
use crate::rules::{self, PerFileIgnore, Profile, RuleInfo};

pub const FILE_NAMES: [&str; 3] = ["mcp-lint.toml", ".mcp-lint.toml", "pyproject.toml"];

/// A loaded, validated configuration.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The file it came from.
    pub path: PathBuf,
    pub profile: Option<Profile>,
    pub select: Option<Vec<&'static RuleInfo>>,
    pub extend_select: Vec<&'static RuleInfo>,
    pub ignore: Vec<&'static RuleInfo>,
    pub exclude: Vec<PathGlob>,
    pub per_file_ignores: Vec<PerFileIgnore>,
    pub fail_on: Option<Severity>,
    pub words: Words,
    /// `[severity]`: a rule reported at another severity than its profile's.
    pub severity: Vec<(&'static str, Severity)>,
}

/// A configuration error, with the file's text for rendering.
#[derive(Clone, Debug)]
pub struct ConfigError {
    pub display: String,
    pub text: String,
    pub span: Option<Range<usize>>,
    pub message: String,
}

impl ConfigError {
    /// rustc-style, like the lint diagnostics.
    pub fn render(&self, styled: bool) -> String {
        if self.text.is_empty() && self.span.is_none() {
            // Unreadable: one line says it all.
            return format!("error: {}", self.message);
        }
        let renderer = if styled { Renderer::styled() } else { Renderer::plain() };
        let title = Level::ERROR.primary_title(self.message.as_str());
        let group = match &self.span {
            Some(span) => {
                let mut start = span.start.min(self.text.len());
                while !self.text.is_char_boundary(start) {
                    start -= 1;
                }
                let mut end = span.end.clamp(start, self.text.len());
                while !self.text.is_char_boundary(end) {
                    end += 1;
                }
                title.element(
                    Snippet::source(self.text.as_str())
                        .path(self.display.as_str())
                        .annotation(AnnotationKind::Primary.span(start..end)),
                )
            }
            None => annotate_snippets::Group::with_title(title)
                .element(Level::NOTE.message(format!("in `{}`", self.display))),
        };
        renderer.render(&[group]).to_string()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Raw {
    profile: Option<Spanned<String>>,
    select: Option<Vec<Spanned<String>>>,
    extend_select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    exclude: Option<Vec<Spanned<String>>>,
    per_file_ignores: Option<BTreeMap<Spanned<String>, Vec<Spanned<String>>>>,
    fail_on: Option<Spanned<String>>,
    intent: Option<RawIntent>,
    severity: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
}

/// Each list replaces its default; `extend-…` adds to it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawIntent {
    read_words: Option<Vec<String>>,
    extend_read_words: Option<Vec<String>>,
    write_words: Option<Vec<String>>,
    extend_write_words: Option<Vec<String>>,
    destructive_words: Option<Vec<String>>,
    extend_destructive_words: Option<Vec<String>>,
    bulk_verbs: Option<Vec<String>>,
    extend_bulk_verbs: Option<Vec<String>>,
    bulk_words: Option<Vec<String>>,
    extend_bulk_words: Option<Vec<String>>,
    guard_params: Option<Vec<String>>,
    extend_guard_params: Option<Vec<String>>,
}

#[derive(Deserialize)]
struct Pyproject {
    tool: Option<PyTool>,
}

#[derive(Deserialize)]
struct PyTool {
    #[serde(rename = "mcp-lint")]
    mcp_lint: Option<Raw>,
}

/// The config file `dir` itself holds, if any.
pub fn in_dir(dir: &Path) -> Option<PathBuf> {
    FILE_NAMES.iter().map(|name| dir.join(name)).find(|candidate| {
        // Anything by a config's name counts (a FIFO or a directory is then
        // an error, not skipped) except a pyproject we may not read.
        if candidate.symlink_metadata().is_err() {
            return false;
        }
        // A pyproject without our table is not a config file.
        !candidate.ends_with("pyproject.toml") || read(candidate, Named::Found).is_ok_and(|text| has_tool_table(&text))
    })
}

/// Resolves each file's configuration once per directory and each config
/// file once, and turns it into what the run needs (`T`) with `build`.
/// Errors are kept (each once) for the caller to render; the file then gets
/// the defaults.
pub struct Resolver<T> {
    fixed: Option<PathBuf>,
    build: Box<dyn Fn(&Config) -> T + Send + Sync>,
    dirs: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
    loaded: Mutex<HashMap<Option<PathBuf>, Arc<T>>>,
    errors: Mutex<Vec<ConfigError>>,
}

impl<T> Resolver<T> {
    /// `fixed`: `--config FILE`, used for every file.
    pub fn new(fixed: Option<PathBuf>, build: impl Fn(&Config) -> T + Send + Sync + 'static) -> Resolver<T> {
        Resolver {
            fixed,
            build: Box::new(build),
            dirs: Mutex::default(),
            loaded: Mutex::default(),
            errors: Mutex::default(),
        }
    }

    /// The settings of the file (or directory) at `path`, which should be absolute.
    pub fn for_path(&self, path: &Path) -> Arc<T> {
        if self.fixed.is_some() {
            return self.for_config(self.fixed.clone());
        }
        let dir = if path.is_dir() { path } else { path.parent().unwrap_or(path) };
        let config = {
            let mut dirs = self.dirs.lock().expect("config cache lock");
            let mut walked = Vec::new();
            let mut found = None;
            for d in dir.ancestors() {
                if let Some(known) = dirs.get(d) {
                    found = known.clone();
                    break;
                }
                walked.push(d.to_path_buf());
                if let Some(c) = in_dir(d) {
                    found = Some(c);
                    break;
                }
            }
            for d in walked {
                dirs.insert(d, found.clone());
            }
            found
        };
        self.for_config(config)
    }

    /// The settings from one config file (`None`: the defaults).
    pub fn for_config(&self, config: Option<PathBuf>) -> Arc<T> {
        if let Some(done) = self.loaded.lock().expect("config cache lock").get(&config) {
            return done.clone();
        }
        let loaded = match &config {
            None => Config::default(),
            Some(path) => {
                let named = if self.fixed.is_some() { Named::Flag } else { Named::Found };
                read(path, named).and_then(|text| parse(path, text))
            }
            .unwrap_or_else(|e| {
                self.errors.lock().expect("config errors lock").push(e);
                Config::default()
            }),
        };
        let built = Arc::new((self.build)(&loaded));
        self.loaded.lock().expect("config cache lock").entry(config).or_insert(built).clone()
    }

    /// The config files that could not be loaded, in the order met.
    pub fn errors(&self) -> Vec<ConfigError> {
        self.errors.lock().expect("config errors lock").clone()
    }
}

/// How a config path was given, for what it may point at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Named {
    /// `--config FILE`: a relative path must stay inside the working directory.
    Flag,
    /// Found by discovery: a symbolic link must not leave the file's directory.
    Found,
}

/// Open and read one config file; the only way config text is read. A
/// committed `mcp-lint.toml -> /proc/self/environ` would otherwise print
/// the environment into the log in the first parse error.
pub fn read(path: &Path, named: Named) -> Result<String, ConfigError> {
    let display = crate::source::display_path(path, &std::env::current_dir().unwrap_or_default());
    let fail = |why: String| ConfigError {
        display: display.clone(),
        text: String::new(),
        span: None,
        message: format!("cannot read config file `{display}`: {why}"),
    };
    match named {
        Named::Flag => crate::fsguard::stays_inside_cwd(path).map_err(fail)?,
        Named::Found => {
            if path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
                let dir = path.parent().and_then(|d| std::fs::canonicalize(d).ok());
                match (std::fs::canonicalize(path), dir) {
                    (Ok(target), Some(dir)) if target.starts_with(&dir) => {}
                    (Ok(target), _) => {
                        return Err(fail(format!(
                            "a symbolic link to `{}`, outside its directory (not read)",
                            crate::source::escape_path(&target)
                        )))
                    }
                    (Err(_), _) => return Err(fail("a symbolic link to a missing file".into())),
                }
            }
        }
    }
    crate::fsguard::read_text(path, crate::fsguard::MAX_CONFIG_SIZE).map_err(fail)
}

fn has_tool_table(text: &str) -> bool {
    match toml::from_str::<toml::Table>(text) {
        Ok(t) => t.get("tool").and_then(|v| v.as_table()).is_some_and(|tool| tool.contains_key("mcp-lint")),
        // A broken pyproject that means to configure us is reported, not skipped.
        Err(_) => text.contains("tool.mcp-lint"),
    }
}

/// Load the config file named by `--config FILE`.
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    parse(path, read(path, Named::Flag)?)
}

/// Validate the text of the config file at `path`.
pub fn parse(path: &Path, text: String) -> Result<Config, ConfigError> {
    let display = crate::source::display_path(path, &std::env::current_dir().unwrap_or_default());
    let err = |span: Option<Range<usize>>, message: String| ConfigError {
        display: display.clone(),
        text: text.clone(),
        span,
        message,
    };
    let is_pyproject = path.file_name().is_some_and(|n| n == "pyproject.toml");
    let raw = if is_pyproject {
        let py: Pyproject = toml::from_str(&text).map_err(|e| err(e.span(), toml_message(&e)))?;
        py.tool
            .and_then(|t| t.mcp_lint)
            .ok_or_else(|| err(None, format!("`{display}` has no `[tool.mcp-lint]` table")))?
    } else {
        toml::from_str::<Raw>(&text).map_err(|e| err(e.span(), toml_message(&e)))?
    };
    let base = std::fs::canonicalize(path)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_else(|| std::env::current_dir().unwrap_or_default());
    let codes = |list: &Option<Vec<Spanned<String>>>| -> Result<Vec<&'static RuleInfo>, ConfigError> {
        let mut out = Vec::new();
        for c in list.iter().flatten() {
            out.extend(rule(c).map_err(|m| err(Some(c.span()), m))?);
        }
        Ok(out)
    };
    let mut config = Config { path: path.to_path_buf(), ..Config::default() };
    if let Some(p) = &raw.profile {
        config.profile = Some(Profile::parse(p.get_ref()).ok_or_else(|| {
            err(Some(p.span()), format!("unknown profile `{}` (expected {})", p.get_ref(), Profile::NAMES.join(", ")))
        })?);
    }
    if raw.select.is_some() {
        config.select = Some(codes(&raw.select)?);
    }
    config.extend_select = codes(&raw.extend_select)?;
    config.ignore = codes(&raw.ignore)?;
    for g in raw.exclude.iter().flatten() {
        config.exclude.push(PathGlob::new(g.get_ref(), &base).map_err(|m| err(Some(g.span()), m))?);
    }
    for (glob, list) in raw.per_file_ignores.iter().flatten() {
        let glob = PathGlob::new(glob.get_ref(), &base).map_err(|m| err(Some(glob.span()), m))?;
        let codes = codes(&Some(list.clone()))?.into_iter().map(|i| i.code).collect();
        config.per_file_ignores.push(PerFileIgnore { glob, codes });
    }
    if let Some(f) = &raw.fail_on {
        config.fail_on = Some(Severity::parse(f.get_ref()).ok_or_else(|| {
            err(Some(f.span()), format!("unknown severity `{}` (expected error, warning or info)", f.get_ref()))
        })?);
    }
    for (code, level) in raw.severity.iter().flatten() {
        let rules = rule(code).map_err(|m| err(Some(code.span()), m))?;
        let severity = Severity::parse(level.get_ref()).ok_or_else(|| {
            err(Some(level.span()), format!("unknown severity `{}` (expected error, warning or info)", level.get_ref()))
        })?;
        config.severity.extend(rules.into_iter().map(|i| (i.code, severity)));
    }
    if let Some(intent) = &raw.intent {
        let w = &mut config.words;
        let lists: [(&mut WordList, &Lists, &Lists); 6] = [
            (&mut w.read, &intent.read_words, &intent.extend_read_words),
            (&mut w.write, &intent.write_words, &intent.extend_write_words),
            (&mut w.destructive, &intent.destructive_words, &intent.extend_destructive_words),
            (&mut w.bulk_verbs, &intent.bulk_verbs, &intent.extend_bulk_verbs),
            (&mut w.bulk_words, &intent.bulk_words, &intent.extend_bulk_words),
            (&mut w.guards, &intent.guard_params, &intent.extend_guard_params),
        ];
        for (list, replace, extend) in lists {
            if let Some(r) = replace {
                *list = WordList::new(r);
            }
            if let Some(e) = extend {
                list.extend(e);
            }
        }
    }
    Ok(config)
}

type Lists = Option<Vec<String>>;

/// A code, name, code prefix or `ALL`.
fn rule(code: &Spanned<String>) -> Result<Vec<&'static RuleInfo>, String> {
    rules::resolve(code.get_ref())
        .ok_or_else(|| format!("unknown rule or prefix `{}` (see `mcp-lint rules`)", code.get_ref()))
}

/// toml's message without its own rendering of the location, in TOML's
/// words rather than serde's (no "expected struct Raw").
fn toml_message(e: &toml::de::Error) -> String {
    let m = e.message().trim();
    let m = m.strip_suffix('.').unwrap_or(m);
    let mut out = String::with_capacity(m.len());
    let mut rest = m;
    while let Some(i) = rest.find("struct ") {
        out.push_str(&rest[..i]);
        rest = rest[i + "struct ".len()..].trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
        out.push_str("a table");
    }
    out.push_str(rest);
    let out = out.replace("a sequence", "an array").replace("a map", "a table");
    format!("invalid configuration: {out}")
}
