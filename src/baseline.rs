//! Baselines, for adopting mcp-lint in a large existing server:
//! `--write-baseline FILE` records today's findings, `--baseline FILE`
//! reports only findings that are not recorded.
//!
//! A finding is matched by rule, file and tool name — never by line — so
//! edits elsewhere in a file do not resurface recorded findings. Matching
//! counts: two identical findings need two entries, so a copy of an
//! already-recorded problem is still reported. File paths are stored
//! relative to the baseline file's directory, so it works from any cwd.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::finding::Finding;
use crate::fingerprint;
use crate::source::{display_path, SourceMap};

const NOTE: &str = "mcp-lint baseline: findings listed here are not reported with --baseline. \
                    Regenerate with --write-baseline; remove entries as they are fixed.";

#[derive(Serialize, Deserialize)]
struct File {
    version: u32,
    #[serde(default)]
    note: String,
    findings: Vec<Entry>,
}

/// One recorded finding. Only `fingerprint` is used for matching; the other
/// fields are there for the people reviewing the file.
#[derive(Serialize, Deserialize)]
struct Entry {
    fingerprint: String,
    code: String,
    file: String,
    #[serde(default)]
    tool: Option<String>,
    #[serde(default)]
    message: String,
}

pub struct Baseline {
    dir: PathBuf,
    remaining: HashMap<String, usize>,
}

/// The directory relative paths in the baseline are taken from.
fn base_dir(path: &Path) -> PathBuf {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::canonicalize(parent).unwrap_or_else(|_| parent.to_path_buf())
}

fn entry(f: &Finding, dir: &Path, sources: &SourceMap) -> Entry {
    let file = display_path(&sources.get(f.file).path, dir);
    Entry {
        fingerprint: fingerprint::baseline(f, &file, sources),
        code: f.code.to_string(),
        file,
        tool: f.tool.clone(),
        message: f.message.clone(),
    }
}

/// Record `findings` in `path`; returns how many were written.
pub fn write(path: &Path, findings: &[Finding], sources: &SourceMap) -> Result<usize, String> {
    let dir = base_dir(path);
    let mut entries: Vec<Entry> = findings.iter().map(|f| entry(f, &dir, sources)).collect();
    entries
        .sort_by(|a, b| (&a.file, &a.code, &a.tool, &a.fingerprint).cmp(&(&b.file, &b.code, &b.tool, &b.fingerprint)));
    let n = entries.len();
    let file = File { version: 1, note: NOTE.into(), findings: entries };
    let mut text = serde_json::to_string_pretty(&file).expect("baseline serializes");
    text.push('\n');
    let shown = crate::source::escape_path(path);
    crate::fsguard::stays_inside_cwd(path)
        .and_then(|()| crate::fsguard::write(path, text.as_bytes(), crate::fsguard::WriteMode::Replace))
        .map_err(|why| format!("cannot write baseline `{shown}`: {why}"))?;
    Ok(n)
}

impl Baseline {
    pub fn load(path: &Path) -> Result<Baseline, String> {
        let shown = crate::source::escape_path(path);
        let text = crate::fsguard::stays_inside_cwd(path)
            .and_then(|()| crate::fsguard::read_text(path, crate::fsguard::MAX_BASELINE_SIZE))
            .map_err(|why| format!("cannot read baseline `{shown}`: {why}"))?;
        let file: File =
            serde_json::from_str(&text).map_err(|e| format!("`{shown}` is not an mcp-lint baseline: {e}"))?;
        if file.version != 1 {
            return Err(format!("`{shown}`: unsupported baseline version {}", file.version));
        }
        let mut remaining = HashMap::new();
        for e in file.findings {
            *remaining.entry(e.fingerprint).or_insert(0) += 1;
        }
        Ok(Baseline { dir: base_dir(path), remaining })
    }

    /// Drop the findings the baseline records (each entry absorbs one
    /// finding); returns how many were dropped.
    pub fn filter(mut self, findings: &mut Vec<Finding>, sources: &SourceMap) -> usize {
        let before = findings.len();
        findings.retain(|f| {
            let file = display_path(&sources.get(f.file).path, &self.dir);
            match self.remaining.get_mut(&fingerprint::baseline(f, &file, sources)) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    false
                }
                _ => true,
            }
        });
        before - findings.len()
    }
}
