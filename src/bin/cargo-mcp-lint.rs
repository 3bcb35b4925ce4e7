//! `cargo mcp-lint`: lint the current Cargo package (or its workspace) with
//! `mcp-lint check`. Cargo runs `cargo-mcp-lint mcp-lint ARGS…`; the package
//! directories come from `cargo metadata`, every other flag is `check`'s.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use clap::Parser;
use mcp_lint::cli::{Cli, Command as McpCommand};

const USAGE: &str = "\
Lint the current Cargo package with mcp-lint

Usage: cargo mcp-lint [--manifest-path PATH] [--workspace] [CHECK OPTIONS…]

Options:
      --manifest-path <PATH>  Path to Cargo.toml [default: the one cargo finds from here]
      --workspace             Lint every member of the workspace, not just the current package
  -h, --help                  Print help
  -V, --version               Print version

Every other option is `mcp-lint check`'s (run `mcp-lint check --help`),
e.g. `cargo mcp-lint --workspace --format concise --fail-on error`.
In a virtual workspace root, every default member is linted.";

struct Selection {
    manifest_path: Option<OsString>,
    workspace: bool,
    check_args: Vec<OsString>,
}

enum Parsed {
    Run(Selection),
    Exit(ExitCode),
}

fn main() -> ExitCode {
    mcp_lint::alloc::install();
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    // `cargo mcp-lint …` runs `cargo-mcp-lint mcp-lint …`.
    if args.first().is_some_and(|a| a == "mcp-lint") {
        args.remove(0);
    }
    let selection = match parse(args) {
        Parsed::Run(s) => s,
        Parsed::Exit(code) => return code,
    };
    let packages = match package_dirs(&selection) {
        Ok(d) => d,
        Err(e) => return usage_error(&e),
    };
    let mut argv: Vec<OsString> = vec!["mcp-lint".into(), "check".into()];
    argv.extend(selection.check_args);
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    let McpCommand::Check(mut check) = cli.command else { unreachable!("the argument list starts with `check`") };
    if !check.walk.paths.is_empty() {
        return usage_error(&format!(
            "cargo mcp-lint lints the package, it takes no paths (got `{}`); use `--manifest-path` or `mcp-lint check PATHS`",
            check.walk.paths[0].display()
        ));
    }
    check.walk.paths = packages.dirs;
    // A member nested in a linted package is its own package, as cargo sees it.
    check.walk.exclude.extend(packages.nested);
    mcp_lint::cli::run(Cli { command: McpCommand::Check(check) })
}

/// Take our own flags out of the argument list; the rest goes to `check`.
fn parse(args: Vec<OsString>) -> Parsed {
    let mut selection = Selection { manifest_path: None, workspace: false, check_args: Vec::new() };
    let mut iter = args.into_iter();
    while let Some(arg) = iter.next() {
        let text = arg.to_str().unwrap_or("");
        match text {
            "--" => {
                selection.check_args.push(arg);
                selection.check_args.extend(iter.by_ref());
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Parsed::Exit(ExitCode::SUCCESS);
            }
            "-V" | "--version" => {
                println!("cargo-mcp-lint {}", env!("CARGO_PKG_VERSION"));
                return Parsed::Exit(ExitCode::SUCCESS);
            }
            "--workspace" | "--all" => selection.workspace = true,
            "--manifest-path" => match iter.next() {
                Some(p) => selection.manifest_path = Some(p),
                None => return Parsed::Exit(usage_error("`--manifest-path` needs a path to Cargo.toml")),
            },
            _ if text.starts_with("--manifest-path=") => {
                selection.manifest_path = Some(text["--manifest-path=".len()..].into());
            }
            _ => selection.check_args.push(arg),
        }
    }
    Parsed::Run(selection)
}

/// What to lint: the selected packages' directories, and the directories of
/// the other workspace members nested inside them (as `--exclude` globs).
struct Packages {
    dirs: Vec<PathBuf>,
    nested: Vec<String>,
}

/// The directories of the selected packages, from `cargo metadata`: the
/// package whose manifest was found (or named), every workspace member with
/// `--workspace`, the default members in a virtual workspace root.
fn package_dirs(selection: &Selection) -> Result<Packages, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(&cargo);
    cmd.args(["metadata", "--format-version", "1", "--no-deps", "--offline"]);
    if let Some(p) = &selection.manifest_path {
        cmd.arg("--manifest-path").arg(p);
    }
    let out = cmd.output().map_err(|e| format!("cannot run `{} metadata`: {e}", Path::new(&cargo).display()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let reason = stderr.trim().strip_prefix("error: ").unwrap_or(stderr.trim()).to_string();
        return Err(format!("`cargo metadata` failed: {reason}"));
    }
    let meta: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cannot read `cargo metadata` output: {e}"))?;
    let manifest = match &selection.manifest_path {
        Some(p) => absolute(Path::new(p))?,
        None => absolute(&locate_manifest(&cargo)?)?,
    };
    select(&meta, &manifest, selection.workspace)
}

fn select(meta: &serde_json::Value, manifest: &Path, workspace: bool) -> Result<Packages, String> {
    let ids = |key: &str| -> Vec<&str> {
        meta[key].as_array().map(|a| a.iter().filter_map(|v| v.as_str()).collect()).unwrap_or_default()
    };
    let members = ids("workspace_members");
    let defaults = ids("workspace_default_members");
    let packages = meta["packages"].as_array().cloned().unwrap_or_default();
    let manifest_of = |id: &str| {
        packages
            .iter()
            .find(|p| p["id"].as_str() == Some(id))
            .and_then(|p| p["manifest_path"].as_str())
            .map(PathBuf::from)
    };
    let current = members
        .iter()
        .copied()
        .find(|id| manifest_of(id).and_then(|m| std::fs::canonicalize(m).ok()).as_deref() == Some(manifest));
    let chosen: Vec<&str> = match (workspace, current) {
        (true, _) => members.clone(),
        (false, Some(id)) => vec![id],
        // A virtual manifest: what `cargo build` would build there.
        (false, None) if !defaults.is_empty() => defaults,
        (false, None) => members.clone(),
    };
    let dir_of = |id: &str| {
        manifest_of(id).and_then(|m| std::fs::canonicalize(m).ok()).and_then(|m| m.parent().map(Path::to_path_buf))
    };
    let mut dirs: Vec<PathBuf> = chosen.iter().filter_map(|id| dir_of(id)).collect();
    if dirs.is_empty() {
        return Err(format!("no package found for `{}`", manifest.display()));
    }
    dirs.sort();
    dirs.dedup();
    // A member nested inside another selected member is linted once, with it.
    let outer = dirs.clone();
    dirs.retain(|d| !outer.iter().any(|o| o != d && d.starts_with(o)));
    let cwd = std::env::current_dir().ok().and_then(|c| std::fs::canonicalize(c).ok());
    let mut nested: Vec<String> = members
        .iter()
        .filter(|id| !chosen.contains(id))
        .filter_map(|id| dir_of(id))
        .filter(|d| dirs.iter().any(|o| d.starts_with(o) && d != o))
        .filter_map(|d| cwd.as_deref().and_then(|c| d.strip_prefix(c).ok()).map(|r| r.to_path_buf()))
        .map(|r| format!("/{}", r.to_string_lossy().replace('\\', "/")))
        .collect();
    nested.sort();
    Ok(Packages { dirs: dirs.into_iter().map(|d| relative(d, cwd.as_deref())).collect(), nested })
}

/// The Cargo.toml cargo would use from here (`cargo locate-project`).
fn locate_manifest(cargo: &OsString) -> Result<PathBuf, String> {
    let out = Command::new(cargo)
        .args(["locate-project", "--message-format", "plain"])
        .output()
        .map_err(|e| format!("cannot run `cargo locate-project`: {e}"))?;
    if !out.status.success() {
        return Err(format!("`cargo locate-project` failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok(PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
}

fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::fs::canonicalize(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))
}

/// Paths under the (canonical) working directory are printed relative to it.
fn relative(dir: PathBuf, cwd: Option<&Path>) -> PathBuf {
    match cwd.and_then(|c| dir.strip_prefix(c).ok()) {
        Some(rest) if rest.as_os_str().is_empty() => PathBuf::from("."),
        Some(rest) => rest.to_path_buf(),
        None => dir,
    }
}

fn usage_error(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(2)
}
