//! What the fuzz targets run: the library's own entry points, as the
//! command line uses them, on bytes libFuzzer makes up. A panic anywhere
//! (libFuzzer's hook aborts even on a panic the frontend would catch), a
//! stack overflow or a run over `-timeout` is a finding.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use mcp_lint::config;
use mcp_lint::rules::RuleSet;

/// An empty directory of our own for the buffer to be named in: its
/// manifests (pyproject.toml, go.mod, package.json) are looked up beside it,
/// so nothing of the tree the fuzzer was started in leaks into a run. The
/// working directory stays: libFuzzer reads its corpus by relative paths.
fn workdir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("mcp-lint-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create the fuzz working directory");
        std::fs::canonicalize(&dir).expect("the fuzz working directory exists")
    })
}

/// Lint `data` as each file name in turn (the extension picks the language)
/// and render the findings the way the full, concise and JSON formats do.
pub fn lint(names: &[&str], data: &[u8]) {
    for name in names {
        let opts = mcp_lint::Options { threads: 1, ..mcp_lint::Options::default() };
        let run = mcp_lint::check_buffer(&workdir().join(name), data.to_vec(), opts);
        for f in &run.findings {
            assert!(!f.message.contains("internal error"), "{name}: {}", f.message);
        }
        let full = mcp_lint::report::full::render(&run.findings, &run.sources, true);
        let concise = mcp_lint::report::concise::render(&run.findings, &run.sources, false);
        let json = mcp_lint::report::json::findings(&run.findings, &run.sources, run.tools.len(), run.files_scanned);
        std::hint::black_box((full, concise, serde_json_len(&json)));
    }
}

fn serde_json_len(v: &impl serde::Serialize) -> usize {
    serde_json::to_string(v).map_or(0, |s| s.len())
}

/// Validate `data` as `mcp-lint.toml` and as `pyproject.toml`; render the
/// error, or build the rule set the command line would and ask it about a
/// path (the globs of `exclude` and `per-file-ignores` run).
pub fn config(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for name in ["mcp-lint.toml", "pyproject.toml"] {
        match config::parse(&workdir().join(name), text.to_string()) {
            Err(e) => {
                std::hint::black_box((e.render(false), e.render(true)));
            }
            Ok(c) => {
                let mut set = RuleSet::profile(c.profile.unwrap_or_default());
                if let Some(select) = &c.select {
                    set.select(select);
                }
                set.extend(&c.extend_select);
                set.ignore(&c.ignore);
                set.words = c.words.clone();
                set.per_file_ignores = c.per_file_ignores.clone();
                for (code, severity) in &c.severity {
                    set.set_severity(code, *severity);
                }
                for path in [workdir().join("server.py"), workdir().join("src/tools/a.ts")] {
                    let excluded = c.exclude.iter().any(|g| g.matches(&path));
                    let enabled: Vec<bool> = set.codes().map(|code| set.is_enabled_in(code, &path)).collect();
                    std::hint::black_box((excluded, enabled));
                }
            }
        }
    }
}
