//! JavaScript workspaces (npm/yarn `workspaces`, `pnpm-workspace.yaml`): a
//! bare import that names a package of the same workspace
//! (`@acme/mcp-core`, `@acme/mcp-core/tools`) is that package's source.
//!
//! The package's `package.json` says which file an import names (`exports`,
//! then `types` / `module` / `main`); a target under the build directory
//! (`./dist/index.js`) names the source the build made it from, under the
//! package's `tsconfig.json` `rootDir` (default `src`), as `tsc` maps
//! `outDir` back.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use serde_json::Value;

/// Package directories of a workspace, by package name.
type Packages = Arc<HashMap<String, PathBuf>>;

/// Workspace roots seen, with their packages (`None`: not a workspace root).
static WORKSPACES: LazyLock<Mutex<HashMap<PathBuf, Option<Packages>>>> = LazyLock::new(Mutex::default);

/// Directories listed per workspace pattern, at most (a bound on the walk).
const MAX_PACKAGES: usize = 2_000;

/// Files a bare `specifier` may name when it is a package of the workspace
/// around `dir`, best first; empty when it is none.
pub fn candidates(dir: &Path, specifier: &str) -> Vec<PathBuf> {
    let (name, sub) = split(specifier);
    let Some(packages) = workspace_of(dir) else { return vec![] };
    let Some(root) = packages.get(name) else { return vec![] };
    let manifest = crate::fsguard::read_manifest(&root.join("package.json"))
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .unwrap_or_default();
    let mut targets: Vec<String> = vec![];
    let key = if sub.is_empty() { ".".to_string() } else { format!("./{sub}") };
    if let Some(t) = export_target(&manifest["exports"], &key) {
        targets.push(t);
    }
    if sub.is_empty() {
        targets.extend(["types", "module", "main"].iter().filter_map(|f| manifest[*f].as_str().map(str::to_string)));
    } else {
        targets.push(key.clone());
    }
    let (out_dir, root_dirs) = build_dirs(root);
    let mut out = vec![];
    for t in targets {
        let t = t.trim_start_matches("./");
        // The source `tsc` compiled the target from, then the target itself.
        if let Some(rest) = out_dir.iter().find_map(|o| t.strip_prefix(&format!("{o}/"))) {
            let rest = rest.strip_suffix(".d.ts").unwrap_or(rest);
            out.extend(root_dirs.iter().map(|r| root.join(r).join(rest)));
        }
        out.push(root.join(t.strip_suffix(".d.ts").unwrap_or(t)));
    }
    if sub.is_empty() {
        out.extend(root_dirs.iter().map(|r| root.join(r).join("index")));
    }
    out
}

/// `@scope/name/sub/path` → (`@scope/name`, `sub/path`); `name/sub` → (`name`, `sub`).
fn split(specifier: &str) -> (&str, &str) {
    let cut = if specifier.starts_with('@') { 2 } else { 1 };
    match specifier.match_indices('/').nth(cut - 1) {
        Some((i, _)) => (&specifier[..i], &specifier[i + 1..]),
        None => (specifier, ""),
    }
}

/// The file `exports` maps `key` to: a string, a subpath map (`"./*"`
/// patterns included), or conditions (`types`, `import`, `default`, ...),
/// the first string among them.
fn export_target(exports: &Value, key: &str) -> Option<String> {
    let conditions = |v: &Value| -> Option<String> {
        let mut v = v;
        for _ in 0..4 {
            match v {
                Value::String(s) => return Some(s.clone()),
                Value::Object(m) => {
                    v = ["types", "import", "module", "default", "require", "node"]
                        .iter()
                        .find_map(|c| m.get(*c))
                        .or_else(|| m.values().next())?;
                }
                _ => return None,
            }
        }
        None
    };
    match exports {
        Value::String(s) if key == "." => Some(s.clone()),
        Value::Object(m) if m.keys().any(|k| k.starts_with('.')) => {
            if let Some(v) = m.get(key) {
                return conditions(v);
            }
            m.iter().find_map(|(k, v)| {
                let (pre, post) = k.split_once('*')?;
                let star = key.strip_prefix(pre)?.strip_suffix(post)?;
                conditions(v).map(|t| t.replacen('*', star, 1))
            })
        }
        Value::Object(_) if key == "." => conditions(exports),
        _ => None,
    }
}

/// The build output directories a package's targets may sit under, and the
/// source roots they may have been built from, best first.
pub(super) fn build_dirs(root: &Path) -> (Vec<String>, Vec<String>) {
    let cfg = crate::fsguard::read_manifest(&root.join("tsconfig.json"))
        .and_then(|t| serde_json::from_str::<Value>(&super::manifests::strip_json_comments(&t)).ok())
        .unwrap_or_default();
    let opts = &cfg["compilerOptions"];
    let clean = |s: &str| s.trim_start_matches("./").trim_end_matches('/').to_string();
    let mut out: Vec<String> = opts["outDir"].as_str().map(clean).into_iter().collect();
    out.extend(["dist", "build", "lib", "out"].iter().map(|s| s.to_string()));
    // The configured root (a build config often sets it where the editor's
    // does not), then `src`, the usual one.
    let mut roots: Vec<String> = opts["rootDir"].as_str().map(clean).into_iter().collect();
    if !roots.iter().any(|r| r == "src") {
        roots.push("src".into());
    }
    (out, roots)
}

/// The packages of the workspace `dir` is in: the nearest ancestor whose
/// `package.json` lists `workspaces` or that holds `pnpm-workspace.yaml`.
fn workspace_of(dir: &Path) -> Option<Packages> {
    let read = |d: &Path| patterns(d).map(|p| Arc::new(packages(d, &p)));
    super::manifests::nearest(dir, &WORKSPACES, read, |d| d.join(".git").exists()).map(|(_, p)| p)
}

/// The workspace patterns a directory declares, if it is a workspace root.
fn patterns(d: &Path) -> Option<Vec<String>> {
    if let Some(yaml) = crate::fsguard::read_manifest(&d.join("pnpm-workspace.yaml")) {
        // `packages:` then `  - 'packages/*'` items (a list, nothing nested).
        let mut out = vec![];
        let mut in_packages = false;
        for line in yaml.lines() {
            let t = line.trim();
            if !line.starts_with([' ', '\t', '-']) {
                in_packages = t.starts_with("packages:");
                continue;
            }
            if let (true, Some(item)) = (in_packages, t.strip_prefix('-')) {
                let item = item.trim().trim_matches(['\'', '"']);
                if !item.starts_with('!') {
                    out.push(item.to_string());
                }
            }
        }
        return Some(out);
    }
    let manifest: Value = serde_json::from_str(&crate::fsguard::read_manifest(&d.join("package.json"))?).ok()?;
    let list = match &manifest["workspaces"] {
        Value::Array(a) => a.clone(),
        Value::Object(o) => o.get("packages").and_then(Value::as_array).cloned().unwrap_or_default(),
        _ => return None,
    };
    Some(list.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
}

/// Package name → directory, for every directory the patterns match
/// (`packages/*`, `apps/*/packages/*`, an exact directory; `**` read as `*`).
fn packages(root: &Path, patterns: &[String]) -> HashMap<String, PathBuf> {
    let mut out = HashMap::new();
    let mut budget = MAX_PACKAGES;
    for p in patterns {
        let mut dirs = vec![root.to_path_buf()];
        for part in p.trim_start_matches("./").split('/').filter(|s| !s.is_empty()) {
            let mut next = vec![];
            for d in dirs {
                if part.contains('*') {
                    let Ok(entries) = std::fs::read_dir(&d) else { continue };
                    for e in entries.flatten().take(budget) {
                        budget = budget.saturating_sub(1);
                        if e.file_type().is_ok_and(|t| t.is_dir()) && e.file_name() != "node_modules" {
                            next.push(e.path());
                        }
                    }
                } else {
                    next.push(d.join(part));
                }
            }
            dirs = next;
        }
        for d in dirs {
            let name = crate::fsguard::read_manifest(&d.join("package.json"))
                .and_then(|t| serde_json::from_str::<Value>(&t).ok())
                .and_then(|v| v["name"].as_str().map(str::to_string));
            if let Some(name) = name {
                out.entry(name).or_insert(d);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifiers_split_into_package_and_subpath() {
        assert_eq!(split("@acme/core"), ("@acme/core", ""));
        assert_eq!(split("@acme/core/tools/x"), ("@acme/core", "tools/x"));
        assert_eq!(split("core/tools"), ("core", "tools"));
    }

    #[test]
    fn exports_maps_subpaths_patterns_and_conditions() {
        let e: Value = serde_json::from_str(
            r#"{ ".": { "types": "./dist/index.d.ts", "default": "./dist/index.js" },
                 "./tools/*": { "import": "./dist/tools/*.js" } }"#,
        )
        .unwrap();
        assert_eq!(export_target(&e, ".").as_deref(), Some("./dist/index.d.ts"));
        assert_eq!(export_target(&e, "./tools/read").as_deref(), Some("./dist/tools/read.js"));
        assert_eq!(export_target(&e, "./other"), None);
        let s: Value = serde_json::from_str(r#""./src/index.ts""#).unwrap();
        assert_eq!(export_target(&s, ".").as_deref(), Some("./src/index.ts"));
    }
}
