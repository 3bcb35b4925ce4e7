//! `cargo mcp-lint`: the packages linted come from `cargo metadata`.

use std::path::Path;

use assert_cmd::Command;

use crate::repo;

fn workspace() -> std::path::PathBuf {
    repo().join("tests/fixtures/cargo-workspace")
}

/// Run `cargo-mcp-lint mcp-lint ARGS` in `dir` as cargo does; (code, stdout, stderr).
fn cargo_mcp_lint(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::cargo_bin("cargo-mcp-lint").expect("binary is built");
    let out = cmd.current_dir(dir).arg("mcp-lint").args(args).env("NO_COLOR", "1").output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The fixture tools named in the output, sorted.
fn tools_flagged(stdout: &str) -> Vec<&str> {
    let mut names: Vec<&str> = ["append_note", "list_notes", "purge_notes", "scratch_tool"]
        .into_iter()
        .filter(|name| stdout.contains(&format!("`{name}`")))
        .collect();
    names.sort();
    names
}

#[test]
fn in_a_member_it_lints_that_package_only() {
    let (code, out, err) = cargo_mcp_lint(&workspace().join("notes"), &["--format", "concise"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.lines().filter(|l| l.contains("[MCP")).all(|l| l.starts_with("src/main.rs:")), "{out}");
    assert_eq!(tools_flagged(&out), ["append_note"], "{out}");
}

#[test]
fn in_a_virtual_root_it_lints_the_default_members() {
    let (code, out, err) = cargo_mcp_lint(&workspace(), &["--format", "concise"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("notes/src/main.rs:"), "{out}");
    assert_eq!(tools_flagged(&out), ["append_note"], "{out}");
}

#[test]
fn workspace_lints_every_member_and_nothing_else() {
    let (code, out, err) = cargo_mcp_lint(&workspace().join("notes"), &["--workspace", "--format", "concise"]);
    assert_eq!(code, 1, "{out}{err}");
    // scratch/ sits in the workspace directory but is excluded from it.
    assert_eq!(tools_flagged(&out), ["append_note", "purge_notes"], "{out}");
}

#[test]
fn manifest_path_selects_the_package() {
    let (code, out, err) =
        cargo_mcp_lint(&workspace(), &["--manifest-path", "admin/Cargo.toml", "--format", "concise"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("admin/src/main.rs:"), "{out}");
    assert_eq!(tools_flagged(&out), ["purge_notes"], "{out}");
    let (code, out, _) = cargo_mcp_lint(
        &repo(),
        &["--manifest-path=tests/fixtures/cargo-workspace/scratch/Cargo.toml", "--format", "concise"],
    );
    assert_eq!(code, 1, "{out}");
    assert_eq!(tools_flagged(&out), ["scratch_tool"], "{out}");
}

#[test]
fn check_flags_pass_through() {
    let (code, out, err) =
        cargo_mcp_lint(&workspace().join("admin"), &["--ignore", "MCP001", "--exit-zero", "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("json output");
    assert_eq!(json["summary"]["tools"], 1, "{out}");
    assert!(!out.contains("MCP001"), "{out}");
}

#[test]
fn paths_and_missing_manifests_are_usage_errors() {
    let (code, _, err) = cargo_mcp_lint(&workspace(), &["notes"]);
    assert_eq!(code, 2);
    assert!(err.contains("cargo mcp-lint lints the package, it takes no paths (got `notes`)"), "{err}");
    let (code, _, err) = cargo_mcp_lint(&workspace(), &["--manifest-path", "missing/Cargo.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("`cargo metadata` failed") && err.contains("missing/Cargo.toml"), "{err}");
    let empty = tempfile::tempdir().expect("tempdir");
    let (code, _, err) = cargo_mcp_lint(empty.path(), &[]);
    assert_eq!(code, 2);
    assert!(err.contains("could not find `Cargo.toml`"), "{err}");
    let (code, _, err) = cargo_mcp_lint(&workspace(), &["--manifest-path"]);
    assert_eq!(code, 2);
    assert!(err.contains("`--manifest-path` needs a path"), "{err}");
}

#[test]
fn help_names_its_own_flags() {
    let (code, out, _) = cargo_mcp_lint(&workspace(), &["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Usage: cargo mcp-lint [--manifest-path PATH] [--workspace]"), "{out}");
}

/// Through cargo itself, which finds `cargo-mcp-lint` on PATH.
#[test]
fn runs_as_a_cargo_subcommand() {
    let bin = assert_cmd::cargo::cargo_bin("cargo-mcp-lint");
    let dir = bin.parent().expect("bin dir");
    let path = std::env::join_paths(
        std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("PATH");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["mcp-lint", "--workspace", "--format", "concise"])
        .current_dir(workspace())
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(tools_flagged(&stdout), ["append_note", "purge_notes"], "{stdout}");
}

/// A root package with a member inside its directory: cargo's view of what
/// belongs to which package holds.
#[test]
fn a_member_nested_in_the_root_package_is_its_own_package() {
    let root = repo().join("tests/fixtures/cargo-root-package");
    let flagged = |out: &str| {
        let mut names: Vec<&str> =
            ["root_tool", "plugin_tool"].into_iter().filter(|n| out.contains(&format!("`{n}`"))).collect();
        names.sort();
        names.join(",")
    };
    let (code, out, err) = cargo_mcp_lint(&root, &["--format", "concise"]);
    assert_eq!((code, flagged(&out).as_str()), (1, "root_tool"), "{out}{err}");
    let (code, out, err) = cargo_mcp_lint(&root, &["--workspace", "--format", "concise"]);
    assert_eq!((code, flagged(&out).as_str()), (1, "plugin_tool,root_tool"), "{out}{err}");
    let (code, out, err) = cargo_mcp_lint(&root.join("plugin"), &["--format", "concise"]);
    assert_eq!((code, flagged(&out).as_str()), (1, "plugin_tool"), "{out}{err}");
}
