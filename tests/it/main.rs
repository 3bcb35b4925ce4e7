//! One integration-test binary (ripgrep style): shared helpers below.

mod baseline;
mod cargo_subcommand;
mod cli;
mod config;
mod conventions;
mod example;
mod fix;
mod fixtures;
mod formats;
mod hooks;
mod precedence;
mod probe;
mod profiles;
mod properties;
mod robustness;
mod rule_docs;
mod runs;
mod rust_tools;
#[cfg(unix)]
mod safety;
mod schema;
mod spelling;
mod suppress;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

pub fn bin() -> Command {
    let mut cmd = Command::cargo_bin("mcp-lint").expect("binary is built");
    cmd.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE").env_remove("FORCE_COLOR");
    cmd
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixtures(lang: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(repo().join("tests/fixtures").join(lang))
        .expect("fixture dir exists")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    // An emptied or renamed fixture tree must not make its tests pass vacuously.
    assert!(!dirs.is_empty(), "no fixture cases under tests/fixtures/{lang}");
    dirs
}

/// Run `mcp-lint ARGS` in `dir`; returns (exit code, stdout, stderr).
pub fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = bin().current_dir(dir).args(args).output().expect("mcp-lint runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every file below `dir`, sorted.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("readable").filter_map(|e| e.ok()) {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
