//! Configuration files: `mcp-lint.toml`, `.mcp-lint.toml`, or the
//! `[tool.mcp-lint]` table of `pyproject.toml`, found by walking up from the
//! first linted path (the first of the three in the nearest directory that
//! has one wins); `--config FILE` names one instead.
//!
//! Keys mirror the command-line flags; the flags win. Every mistake (an
//! unknown key, a wrong type, an unknown rule code, a bad glob) is an error
//! pointing at its span in the file, rendered like any other diagnostic.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

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

/// Find the configuration for a run over `paths`: walk up from the first.
pub fn discover(paths: &[PathBuf]) -> Result<Option<Config>, ConfigError> {
    let first = paths.first().cloned().unwrap_or_else(|| PathBuf::from("."));
    let start = std::fs::canonicalize(&first).unwrap_or_else(|_| std::env::current_dir().unwrap_or_default());
    let start = if start.is_file() { start.parent().map(Path::to_path_buf).unwrap_or_default() } else { start };
    for dir in start.ancestors() {
        for name in FILE_NAMES {
            let candidate = dir.join(name);
            if !candidate.is_file() {
                continue;
            }
            if name == "pyproject.toml" {
                // A pyproject without our table is not a config file.
                let Ok(text) = std::fs::read_to_string(&candidate) else { continue };
                if !has_tool_table(&text) {
                    continue;
                }
            }
            return load(&candidate).map(Some);
        }
    }
    Ok(None)
}

fn has_tool_table(text: &str) -> bool {
    match toml::from_str::<toml::Table>(text) {
        Ok(t) => t.get("tool").and_then(|v| v.as_table()).is_some_and(|tool| tool.contains_key("mcp-lint")),
        // A broken pyproject that means to configure us is reported, not skipped.
        Err(_) => text.contains("tool.mcp-lint"),
    }
}

/// Load one config file (`--config FILE`, or the discovered one).
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let display = crate::source::display_path(path, &std::env::current_dir().unwrap_or_default());
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        display: display.clone(),
        text: String::new(),
        span: None,
        message: format!("cannot read config file `{display}`: {}", crate::discover::io_message(&e)),
    })?;
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

/// toml's message without its own rendering of the location.
fn toml_message(e: &toml::de::Error) -> String {
    let m = e.message().trim();
    let m = m.strip_suffix('.').unwrap_or(m);
    format!("invalid configuration: {m}")
}
