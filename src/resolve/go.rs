//! Go specifics of resolution: import paths inside the module (from
//! `go.mod`), the files of one package sharing their top-level names, and
//! the SDK versions `go.mod` requires.

use std::path::{Path, PathBuf};

use super::dircache::DirCache;
use super::lang::LangSupport;

pub struct Go;

impl LangSupport for Go {
    fn module_candidates(&self, from: &Path, specifier: &str, fs: &DirCache) -> Vec<PathBuf> {
        let Some((root, module)) = go_mod(from, fs) else { return vec![] };
        let rest = if specifier == module {
            ""
        } else {
            match specifier.strip_prefix(module.as_str()).and_then(|r| r.strip_prefix('/')) {
                Some(r) => r,
                None => return vec![],
            }
        };
        package_files(&root.join(rest), false, fs)
    }
    fn scope_files(&self, path: &Path, fs: &DirCache) -> Vec<PathBuf> {
        let Some(dir) = path.parent() else { return vec![] };
        // Test files see the package's other files; the others never see tests.
        let with_tests = path.to_string_lossy().ends_with("_test.go");
        package_files(dir, with_tests, fs).into_iter().filter(|p| p != path).collect()
    }
    fn dependency_at_least(&self, from: &Path, module: &str, version: &str, fs: &DirCache) -> Option<bool> {
        let (root, _) = go_mod(from, fs)?;
        let text = fs.manifest(&root.join("go.mod"))?;
        let required = required_version(&text, module)?;
        Some(semver(&required)? >= semver(version)?)
    }
}

/// The version of `module` in a `go.mod`'s `require` lines (single or block).
fn required_version(go_mod: &str, module: &str) -> Option<String> {
    let mut in_block = false;
    for line in go_mod.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        let rest = if in_block {
            if line == ")" {
                in_block = false;
                continue;
            }
            line
        } else if let Some(r) = line.strip_prefix("require") {
            let r = r.trim();
            if r == "(" {
                in_block = true;
                continue;
            }
            r
        } else {
            continue;
        };
        let mut parts = rest.split_whitespace();
        if parts.next() == Some(module) {
            return parts.next().map(String::from);
        }
    }
    None
}

/// `v1.7.0` / `v1.7.0-rc.1` / `v0.0.0-2025...` → (major, minor, patch).
fn semver(v: &str) -> Option<(u64, u64, u64)> {
    let core = v.strip_prefix('v')?.split(['-', '+']).next()?;
    let mut n = core.split('.').map(|p| p.parse::<u64>().ok());
    Some((n.next()??, n.next().flatten().unwrap_or(0), n.next().flatten().unwrap_or(0)))
}

/// The `.go` files of a package directory, sorted.
fn package_files(dir: &Path, with_tests: bool, fs: &DirCache) -> Vec<PathBuf> {
    fs.files(dir)
        .into_iter()
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".go") && (with_tests || !name.ends_with("_test.go"))
        })
        .collect()
}

/// The nearest `go.mod` above a file: its directory and module path, from
/// cached directory listings and manifests.
fn go_mod(from: &Path, fs: &DirCache) -> Option<(PathBuf, String)> {
    for dir in from.ancestors().skip(1) {
        let path = dir.join("go.mod");
        if !fs.is_file(&path) {
            continue;
        }
        if let Some(text) = fs.manifest(&path) {
            return module_path(&text).map(|m| (dir.to_path_buf(), m));
        }
    }
    None
}

fn module_path(go_mod: &str) -> Option<String> {
    go_mod.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("module")?;
        if !rest.starts_with([' ', '\t']) {
            return None;
        }
        let m = rest.split("//").next()?.trim().trim_matches('"');
        (!m.is_empty()).then(|| m.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_versions() {
        let m = "module x\n\nrequire (\n\tgithub.com/modelcontextprotocol/go-sdk v1.7.1 // indirect\n\tgolang.org/x/net v0.1.0\n)\nrequire github.com/mark3labs/mcp-go v0.41.1\n";
        assert_eq!(required_version(m, "github.com/modelcontextprotocol/go-sdk").as_deref(), Some("v1.7.1"));
        assert_eq!(required_version(m, "github.com/mark3labs/mcp-go").as_deref(), Some("v0.41.1"));
        assert_eq!(required_version(m, "golang.org/x/text"), None);
        assert!(semver("v1.7.1").unwrap() >= semver("v1.7.0").unwrap());
        assert!(semver("v1.6.9-rc.1").unwrap() < semver("v1.7.0").unwrap());
    }

    #[test]
    fn module_line() {
        assert_eq!(module_path("// x\nmodule example.com/srv // c\n\ngo 1.23\n").as_deref(), Some("example.com/srv"));
        assert_eq!(module_path("modules x\n"), None);
    }
}
