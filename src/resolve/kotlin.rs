//! Kotlin specifics of resolution: a package is a directory's `.kt` files
//! (the convention the Kotlin style guide asks for and Gradle projects
//! follow), an import `a.b.C` names the files of directory `a/b` under a
//! source root above the importing file, and the SDK version comes from the
//! Gradle build (`build.gradle.kts`, `build.gradle`, the version catalog
//! `gradle/libs.versions.toml`, `gradle.properties`).

use std::path::{Path, PathBuf};

use super::dircache::DirCache;
use super::lang::LangSupport;

pub struct Kotlin;

/// How far above a file a source root or a build file is looked for.
const MAX_UP: usize = 12;

impl LangSupport for Kotlin {
    fn module_candidates(&self, from: &Path, specifier: &str, fs: &DirCache) -> Vec<PathBuf> {
        let rel: PathBuf = specifier.split('.').collect();
        for dir in from.ancestors().skip(1).take(MAX_UP) {
            let files = kotlin_files(&dir.join(&rel), fs);
            if !files.is_empty() {
                return files;
            }
        }
        vec![]
    }
    fn scope_files(&self, path: &Path, fs: &DirCache) -> Vec<PathBuf> {
        let Some(dir) = path.parent() else { return vec![] };
        kotlin_files(dir, fs).into_iter().filter(|p| p != path).collect()
    }
    fn declared_names(&self, text: &str) -> Option<Vec<String>> {
        let keywords = ["fun", "val", "var", "class", "object", "interface", "typealias"];
        Some(super::lazy_scope::declared_after(text, &keywords))
    }
    fn dependency_at_least(&self, from: &Path, module: &str, version: &str, fs: &DirCache) -> Option<bool> {
        let wanted = numbers(version)?;
        for dir in from.ancestors().skip(1).take(MAX_UP) {
            for name in ["build.gradle.kts", "build.gradle", "gradle/libs.versions.toml"] {
                let path = dir.join(name);
                if !fs.is_file(&path) {
                    continue;
                }
                let Some(text) = fs.manifest(&path) else { continue };
                if let Some(v) = declared_version(&text, module, dir, fs) {
                    return Some(numbers(&v)? >= wanted);
                }
            }
        }
        None
    }
}

/// The `.kt` files directly in `dir`, sorted.
fn kotlin_files(dir: &Path, fs: &DirCache) -> Vec<PathBuf> {
    fs.files(dir).into_iter().filter(|p| p.extension().is_some_and(|e| e == "kt")).collect()
}

/// The version a Gradle file gives `group:artifact` (or one of its
/// `-server`/`-core`/`-jvm` artifacts): a literal, a `$property` defined in
/// the file or a `gradle.properties` above it, or a catalog `version.ref`.
fn declared_version(text: &str, module: &str, dir: &Path, fs: &DirCache) -> Option<String> {
    let (group, artifact) = module.split_once(':')?;
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        if let Some(at) = line.find(module) {
            // `"group:artifact[-x]:version"`.
            let rest = &line[at + module.len()..];
            let rest = rest.trim_start_matches(|c: char| c == '-' || c.is_ascii_alphanumeric());
            if let Some(v) = rest.strip_prefix(':') {
                let v: String = v.chars().take_while(|c| !matches!(c, '"' | '\'' | ')' | ' ')).collect();
                if let Some(v) = resolve_value(&v, text, dir, fs) {
                    return Some(v);
                }
            }
            if let Some(v) = catalog_version(line, text) {
                return Some(v);
            }
        } else if line.contains(&format!("\"{group}\"")) && line.contains(&format!("\"{artifact}")) {
            if let Some(v) = catalog_version(line, text) {
                return Some(v);
            }
        }
    }
    None
}

/// A version catalog entry's `version = "x"` or `version.ref = "key"`.
fn catalog_version(line: &str, text: &str) -> Option<String> {
    if let Some(at) = line.find("version.ref") {
        let key = quoted(&line[at..])?;
        return text.lines().find_map(|l| {
            let (k, v) = l.split_once('=')?;
            (k.trim() == key).then(|| quoted(v)).flatten()
        });
    }
    let at = line.find("version")?;
    let v = quoted(&line[at..])?;
    v.starts_with(|c: char| c.is_ascii_digit()).then_some(v)
}

fn quoted(s: &str) -> Option<String> {
    let start = s.find('"')? + 1;
    let end = start + s[start..].find('"')?;
    Some(s[start..end].to_string())
}

/// A version as written, or the value of the property it names.
fn resolve_value(v: &str, text: &str, dir: &Path, fs: &DirCache) -> Option<String> {
    let Some(name) = v.strip_prefix('$') else {
        return v.starts_with(|c: char| c.is_ascii_digit()).then(|| v.to_string());
    };
    let name = name.trim_start_matches('{').trim_end_matches('}');
    // `val mcpVersion = "0.7.2"` / `def mcpVersion = '0.7.2'` / `extra["x"] = "..."`.
    for line in text.lines() {
        let Some((k, value)) = line.split_once('=') else { continue };
        let k = k.trim().trim_start_matches("val ").trim_start_matches("var ").trim_start_matches("def ").trim();
        if k == name || k.ends_with(&format!("\"{name}\"]")) {
            let value = value.trim().trim_matches(|c| c == '"' || c == '\'');
            if value.starts_with(|c: char| c.is_ascii_digit()) {
                return Some(value.to_string());
            }
        }
    }
    for up in dir.ancestors().take(MAX_UP) {
        let props = up.join("gradle.properties");
        if !fs.is_file(&props) {
            continue;
        }
        let Some(text) = fs.manifest(&props) else { continue };
        for line in text.lines() {
            if let Some((k, value)) = line.split_once('=') {
                if k.trim() == name {
                    return Some(value.trim().to_string());
                }
            }
        }
    }
    None
}

/// `0.7.2` / `0.8.0-beta` → (major, minor, patch).
fn numbers(v: &str) -> Option<(u64, u64, u64)> {
    let core = v.trim().trim_start_matches('v').split(['-', '+']).next()?;
    let mut n = core.split('.').map(|p| p.parse::<u64>().ok());
    Some((n.next()??, n.next().flatten().unwrap_or(0), n.next().flatten().unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODULE: &str = "io.modelcontextprotocol:kotlin-sdk";

    fn version(text: &str) -> Option<String> {
        declared_version(text, MODULE, Path::new("/nonexistent"), &DirCache::default())
    }

    #[test]
    fn gradle_coordinates_and_properties() {
        assert_eq!(version("implementation(\"io.modelcontextprotocol:kotlin-sdk:0.7.2\")").as_deref(), Some("0.7.2"));
        assert_eq!(
            version(
                "val mcpVersion = \"0.6.0\"\nimplementation(\"io.modelcontextprotocol:kotlin-sdk-server:$mcpVersion\")"
            )
            .as_deref(),
            Some("0.6.0")
        );
        assert_eq!(
            version("implementation 'io.modelcontextprotocol:kotlin-sdk-jvm:0.11.0'").as_deref(),
            Some("0.11.0")
        );
        assert_eq!(version("implementation(\"io.ktor:ktor-server:3.0.0\")"), None);
    }

    #[test]
    fn version_catalogs() {
        let toml = "[versions]\nmcp = \"0.7.7\"\n\n[libraries]\nmcp-kotlin = { module = \"io.modelcontextprotocol:kotlin-sdk\", version.ref = \"mcp\" }\n";
        assert_eq!(version(toml).as_deref(), Some("0.7.7"));
        let inline = "[libraries]\nmcp = { group = \"io.modelcontextprotocol\", name = \"kotlin-sdk-server\", version = \"0.9.0\" }\n";
        assert_eq!(version(inline).as_deref(), Some("0.9.0"));
        assert!(numbers("0.7.7").unwrap() < numbers("0.8.0").unwrap());
        assert!(numbers("0.10.0").unwrap() >= numbers("0.8.0").unwrap());
    }
}
