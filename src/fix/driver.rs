//! `--fix`: lint, apply the fixes in memory, lint again, keep what holds.
//!
//! Each pass applies every fix that does not overlap another and checks the
//! result with a full run over the fixed contents (an [`Overlay`]): a fix
//! after which a file it edits has more parse errors, or the tree has a
//! finding it did not have, is rolled back and never tried again. Passes go
//! on until no fix is left (a fix can uncover another: a renamed key whose
//! value was a string). Nothing is written here: the caller writes the
//! [`Outcome`]'s files, or prints their diff.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Applicability, Fix};
use crate::{Options, Overlay, Run, Stdin};

/// Passes at most (each is one or two full runs).
const MAX_PASSES: usize = 10;

/// One file the fixes change.
pub struct Changed {
    pub path: PathBuf,
    pub display: String,
    pub before: Arc<str>,
    pub after: Arc<str>,
    /// What was applied to it, in order.
    pub fixes: Vec<String>,
    /// Standard input (`-`), not a file on disk.
    pub stdin: bool,
}

pub struct Outcome {
    /// The run over the fixed contents: what is left to report.
    pub run: Run,
    pub changed: Vec<Changed>,
    /// Fixes rolled back, with why.
    pub rolled_back: Vec<(String, String)>,
    /// How many findings the applied fixes resolved.
    pub applied: usize,
}

fn options(opts: &Options, overlay: &Overlay, stdin: Option<&Arc<str>>) -> Options {
    Options {
        settings: opts.settings.clone(),
        threads: opts.threads,
        respect_gitignore: opts.respect_gitignore,
        exclude: opts.exclude.clone(),
        force_exclude: opts.force_exclude,
        max_file_size: opts.max_file_size,
        follow_links: opts.follow_links,
        stdin: opts.stdin.as_ref().map(|s| Stdin {
            path: s.path.clone(),
            bytes: stdin.map_or_else(|| s.bytes.clone(), |t| t.as_bytes().to_vec()),
        }),
        overlay: overlay.clone(),
    }
}

/// What identifies a fix from one pass to the next (its spans move).
fn identity(f: &Fix) -> (Applicability, String, Vec<String>) {
    (f.applicability, f.message.clone(), f.tools.clone())
}

/// Findings by what they say about which tool where (spans move with edits).
fn census(run: &Run) -> HashMap<(&'static str, Option<String>, String), usize> {
    let mut out = HashMap::new();
    for f in &run.findings {
        *out.entry((f.code, f.tool.clone(), run.sources.get(f.file).display.clone())).or_insert(0) += 1;
    }
    out
}

fn parse_errors(run: &Run) -> HashMap<String, usize> {
    let mut out = HashMap::new();
    for f in run.findings.iter().filter(|f| f.code == "MCP090") {
        *out.entry(run.sources.get(f.file).display.clone()).or_insert(0) += 1;
    }
    out
}

/// The fixes of one pass applied in memory and linted again.
struct Trial<'r> {
    overlay: HashMap<PathBuf, Arc<str>>,
    stdin: Option<Arc<str>>,
    /// (path, display, before, after) of each file changed.
    touched: Vec<(PathBuf, String, Arc<str>, Arc<str>)>,
    run: Run,
    /// The fixes that make it worse, with why.
    bad: Vec<(&'r Fix, String)>,
}

struct State<'a> {
    paths: &'a [PathBuf],
    opts: &'a Options,
    stdin_path: Option<PathBuf>,
    overlay: HashMap<PathBuf, Arc<str>>,
    stdin: Option<Arc<str>>,
    checks: usize,
}

impl State<'_> {
    /// Apply `fixes` (disjoint) to what `current` read and lint the result.
    /// A fix is bad when a file it edits parses worse, or when the tree gains
    /// a finding about one of its tools (or, with no tool, in its files).
    /// Findings about absent hints do not count: a fix never removes a hint,
    /// it can only uncover one a replaced finding stood for (MCP012 stands
    /// for MCP001 until the key is renamed).
    fn trial<'r>(&mut self, current: &Run, fixes: &[&'r Fix]) -> Trial<'r> {
        self.checks += 1;
        let edits: Vec<&super::Edit> = fixes.iter().flat_map(|f| f.edits.iter()).collect();
        let mut overlay = self.overlay.clone();
        let mut stdin = self.stdin.clone();
        let mut by_file: BTreeMap<crate::source::FileId, Vec<&super::Edit>> = BTreeMap::new();
        let mut seen = std::collections::HashSet::new();
        for e in edits {
            // A preset's fix is attached to each of its tools' findings.
            if seen.insert(e) {
                by_file.entry(e.file).or_default().push(e);
            }
        }
        let mut touched = Vec::new();
        for (file, edits) in &mut by_file {
            edits.sort_by_key(|e| e.key());
            let src = current.sources.get(*file);
            let after: Arc<str> = super::apply_edits(&src.text, edits).into();
            if Some(&src.path) == self.stdin_path.as_ref() {
                stdin = Some(after.clone());
            } else {
                overlay.insert(src.path.clone(), after.clone());
            }
            touched.push((src.path.clone(), src.display.clone(), src.text.clone(), after));
        }
        let run = crate::check(self.paths, &options(self.opts, &Arc::new(overlay.clone()), stdin.as_ref()));
        let (was, now) = (parse_errors(current), parse_errors(&run));
        let worse: Vec<&String> =
            now.iter().filter(|(f, n)| **n > was.get(*f).copied().unwrap_or(0)).map(|(f, _)| f).collect();
        let (before, after) = (census(current), census(&run));
        let gained: Vec<&(&str, Option<String>, String)> = after
            .iter()
            .filter(|(k, n)| !super::plan::ABSENCE.contains(&k.0) && **n > before.get(*k).copied().unwrap_or(0))
            .map(|(k, _)| k)
            .collect();
        // A fix the run over its result still proposes did not resolve its finding.
        let still: Vec<(Applicability, String, Vec<String>)> =
            run.findings.iter().filter_map(|f| f.fix.as_ref()).map(identity).collect();
        let mut bad = Vec::new();
        for fix in fixes {
            if still.contains(&identity(fix)) {
                bad.push((*fix, "it would not resolve its finding".to_string()));
                continue;
            }
            let files: Vec<String> = fix.edits.iter().map(|e| current.sources.get(e.file).display.clone()).collect();
            if files.iter().any(|f| worse.contains(&f)) {
                bad.push((*fix, "the file would no longer parse".to_string()));
                continue;
            }
            let mut codes: Vec<&str> = gained
                .iter()
                .filter(|(code, tool, file)| match tool {
                    Some(t) => fix.tools.contains(t),
                    None => *code != "MCP090" && files.contains(file),
                })
                .map(|(code, _, _)| *code)
                .collect();
            codes.sort_unstable();
            codes.dedup();
            if !codes.is_empty() {
                bad.push((*fix, format!("it would add {}", codes.join(", "))));
            }
        }
        Trial { overlay, stdin, touched, run, bad }
    }
}

/// Full runs at most, whatever happens.
const MAX_CHECKS: usize = 100;

/// Lint `paths`, fix what `unsafe_fixes` allows until nothing is left to fix.
pub fn run(paths: &[PathBuf], opts: &Options, unsafe_fixes: bool) -> Outcome {
    let stdin_path =
        opts.stdin.as_ref().map(|s| crate::absolute(&s.path, &std::env::current_dir().unwrap_or_default()));
    let mut st = State { paths, opts, stdin_path, overlay: HashMap::new(), stdin: None, checks: 1 };
    let mut originals: BTreeMap<PathBuf, (String, Arc<str>, Vec<String>)> = BTreeMap::new();
    let mut banned: Vec<(Applicability, String, Vec<String>)> = Vec::new();
    let mut rolled_back = Vec::new();
    let mut applied = 0;
    let mut passes = 0;
    let roots = roots(paths);
    let mut current = crate::check(paths, &options(opts, &Overlay::default(), None));
    while passes < MAX_PASSES && st.checks < MAX_CHECKS {
        // Only files of the paths given are edited (a Java or Kotlin file
        // sees its package's other files, and a preset may live elsewhere).
        let inside = |fix: &&Fix| {
            fix.edits.iter().all(|e| {
                let path = &current.sources.get(e.file).path;
                Some(path) == st.stdin_path.as_ref() || roots.iter().any(|r| path.starts_with(r))
            })
        };
        let mut candidates: Vec<&Fix> = current
            .findings
            .iter()
            .filter_map(|f| f.fix.as_ref())
            .filter(|f| unsafe_fixes || f.applicability == Applicability::Safe)
            .filter(|f| !banned.contains(&identity(f)))
            .collect();
        for fix in candidates.iter().filter(|f| !inside(f)) {
            if !banned.contains(&identity(fix)) {
                banned.push(identity(fix));
                let why = "it edits a file outside the paths given, or one reached through a symbolic link";
                rolled_back.push((fix.message.clone(), why.to_string()));
            }
        }
        candidates.retain(inside);
        if candidates.is_empty() {
            break;
        }
        let chosen = super::merge(candidates);
        let trial = st.trial(&current, &chosen);
        if !trial.bad.is_empty() {
            // The suspects share a file with the fix that breaks it, or a
            // tool with the finding one adds: bisect them (a group that
            // holds up is cleared; a bad one of one fix is guilty).
            let suspects: Vec<(&Fix, String)> = trial.bad;
            let mut guilty: Vec<(&Fix, String)> = Vec::new();
            let mut groups: Vec<Vec<&Fix>> = vec![suspects.iter().map(|(f, _)| *f).collect()];
            while let Some(group) = groups.pop() {
                if suspects.len() == 1 || st.checks >= MAX_CHECKS {
                    break;
                }
                let t = st.trial(&current, &group);
                match group.len() {
                    _ if t.bad.is_empty() => {}
                    1 => guilty.extend(t.bad),
                    n => {
                        let (a, b) = group.split_at(n / 2);
                        groups.push(a.to_vec());
                        groups.push(b.to_vec());
                    }
                }
            }
            if guilty.is_empty() {
                guilty = suspects;
            }
            for (fix, why) in guilty {
                rolled_back.push((fix.message.clone(), why));
                banned.push(identity(fix));
            }
            continue;
        }
        passes += 1;
        for (path, display, before, _) in &trial.touched {
            originals.entry(path.clone()).or_insert_with(|| (display.clone(), before.clone(), vec![]));
        }
        for fix in &chosen {
            for path in fix.edits.iter().map(|e| current.sources.get(e.file).path.clone()) {
                if let Some((_, _, list)) = originals.get_mut(&path) {
                    if !list.contains(&fix.message) {
                        list.push(fix.message.clone());
                    }
                }
            }
        }
        // Findings resolved, not edits made: one fix may resolve several.
        let ids: Vec<_> = chosen.iter().map(|f| identity(f)).collect();
        applied +=
            current.findings.iter().filter(|f| f.fix.as_ref().is_some_and(|x| ids.contains(&identity(x)))).count();
        st.overlay = trial.overlay;
        st.stdin = trial.stdin;
        current = trial.run;
    }
    let changed = originals
        .into_iter()
        .filter_map(|(path, (display, before, fixes))| {
            let stdin = Some(&path) == st.stdin_path.as_ref();
            let after = if stdin { st.stdin.clone()? } else { st.overlay.get(&path)?.clone() };
            (after != before).then_some(Changed { path, display, before, after, fixes, stdin })
        })
        .collect();
    Outcome { run: current, changed, rolled_back, applied }
}

/// The canonical paths of the linted roots (files and directories): where
/// fixes may be written.
/// A file named through a symbolic link is no root: what it leads to is
/// not written.
pub fn roots(paths: &[PathBuf]) -> Vec<PathBuf> {
    paths
        .iter()
        .filter(|p| p.as_os_str() != "-")
        .filter(|p| {
            std::fs::symlink_metadata(p)
                .is_ok_and(|m| !m.file_type().is_symlink() || m.is_dir() || Path::new(p).is_dir())
        })
        .filter_map(|p| std::fs::canonicalize(Path::new(p)).ok())
        .collect()
}
