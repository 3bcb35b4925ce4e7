//! Java specifics of resolution: a package is a directory (the classes of
//! one package see each other without an import), an import names a class
//! file or a package directory under the source root the importing file's
//! own `package` clause implies, and the versions Maven or Gradle require.

use std::path::{Path, PathBuf};

use super::dircache::DirCache;
use super::jvm_packages::package_of;
use super::lang::LangSupport;

pub struct Java;

impl LangSupport for Java {
    fn module_candidates(&self, from: &Path, specifier: &str, fs: &DirCache) -> Vec<PathBuf> {
        let Some(root) = source_root(from, fs) else { return vec![] };
        let mut dir = root.clone();
        for part in specifier.split('.') {
            if part.is_empty() || part == ".." {
                return vec![];
            }
            dir.push(part);
        }
        let mut out = package_files(&dir, fs);
        // `import a.b.C;` (a class by its full name) and `import static
        // a.b.C.m;`: the class's own file, whose package is then loaded.
        if out.is_empty() {
            if let Some((package, class)) = specifier.rsplit_once('.') {
                let mut file = root;
                file.extend(package.split('.'));
                file.push(format!("{class}.java"));
                out.push(file);
            }
        }
        out
    }
    fn scope_files(&self, path: &Path, fs: &DirCache) -> Vec<PathBuf> {
        let Some(dir) = path.parent() else { return vec![] };
        package_files(dir, fs).into_iter().filter(|p| p != path).collect()
    }
    fn declared_names(&self, text: &str) -> Option<Vec<String>> {
        Some(super::lazy_scope::declared_after(text, &["class", "interface", "enum", "record"]))
    }
    fn dependency_at_least(&self, from: &Path, module: &str, version: &str, fs: &DirCache) -> Option<bool> {
        let required = required_version(from, module, fs)?;
        Some(version_key(&required)? >= version_key(version)?)
    }
}

/// The directory a file's package path starts from: the file's directory
/// with one level removed per segment of its `package` clause.
fn source_root(from: &Path, fs: &DirCache) -> Option<PathBuf> {
    let text = fs.manifest(from)?;
    let package = package_of(&text).unwrap_or_default();
    let mut dir = from.parent()?.to_path_buf();
    if !package.is_empty() {
        for _ in package.split('.') {
            dir = dir.parent()?.to_path_buf();
        }
    }
    Some(dir)
}

/// The `.java` files of a package directory, sorted.
fn package_files(dir: &Path, fs: &DirCache) -> Vec<PathBuf> {
    fs.files(dir).into_iter().filter(|p| p.extension().and_then(|e| e.to_str()) == Some("java")).collect()
}

/// The version of `module` (`group:artifact`, or a group prefix) that the
/// nearest `pom.xml` or `build.gradle(.kts)` above `from` declares.
fn required_version(from: &Path, module: &str, fs: &DirCache) -> Option<String> {
    for dir in from.ancestors().skip(1) {
        for manifest in ["pom.xml", "build.gradle", "build.gradle.kts"] {
            let path = dir.join(manifest);
            if !fs.is_file(&path) {
                continue;
            }
            let Some(text) = fs.manifest(&path) else { continue };
            let found = if manifest == "pom.xml" { pom_version(&text, module) } else { gradle_version(&text, module) };
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// `<groupId>g</groupId><artifactId>a</artifactId><version>v</version>` in
/// a `pom.xml` (a `${property}` version read from `<properties>`).
fn pom_version(pom: &str, module: &str) -> Option<String> {
    // A commented-out dependency or property (`<!-- <x.version>999-SNAPSHOT` …)
    // is no version.
    let mut text = String::with_capacity(pom.len());
    let mut rest = pom;
    while let Some(at) = rest.find("<!--") {
        text.push_str(&rest[..at]);
        rest = rest[at..].find("-->").map_or("", |end| &rest[at + end + 3..]);
    }
    text.push_str(rest);
    let pom = text.as_str();
    let (group, artifact) = module.split_once(':').unwrap_or((module, ""));
    let tag = |block: &str, name: &str| -> Option<String> {
        let open = format!("<{name}>");
        let close = format!("</{name}>");
        let start = block.find(&open)? + open.len();
        let end = block[start..].find(&close)? + start;
        Some(block[start..end].trim().to_string())
    };
    for block in pom.split("<dependency>").skip(1) {
        let block = block.split("</dependency>").next().unwrap_or("");
        if tag(block, "groupId").as_deref() != Some(group) {
            continue;
        }
        if !artifact.is_empty() && tag(block, "artifactId").as_deref() != Some(artifact) {
            continue;
        }
        let v = tag(block, "version")?;
        if let Some(prop) = v.strip_prefix("${").and_then(|p| p.strip_suffix('}')) {
            return tag(pom, prop);
        }
        return Some(v);
    }
    None
}

/// `"g:a:v"` in a Gradle build file.
fn gradle_version(text: &str, module: &str) -> Option<String> {
    let prefix = format!("{module}:");
    let at = text.find(&prefix)?;
    let rest = &text[at + prefix.len()..];
    let rest = if module.contains(':') { rest } else { rest.split_once(':')?.1 };
    let v: String = rest.chars().take_while(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_')).collect();
    (!v.is_empty()).then_some(v)
}

/// `1.0.0-M6` → (1, 0, 0).
fn version_key(v: &str) -> Option<(u64, u64, u64)> {
    let core = v.trim_start_matches('v').split(['-', '+']).next()?;
    let mut n = core.split('.').map(|p| p.parse::<u64>().ok());
    Some((n.next()??, n.next().flatten().unwrap_or(0), n.next().flatten().unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_versions() {
        let pom = "<properties><mcp.version>0.11.2</mcp.version></properties><dependencies><dependency><groupId>io.modelcontextprotocol.sdk</groupId><artifactId>mcp</artifactId><version>${mcp.version}</version></dependency></dependencies>";
        assert_eq!(pom_version(pom, "io.modelcontextprotocol.sdk:mcp").as_deref(), Some("0.11.2"));
        assert_eq!(pom_version(pom, "org.springframework.ai"), None);
        let commented = pom.replace("<properties>", "<properties><!-- <mcp.version>9.9</mcp.version> -->");
        assert_eq!(pom_version(&commented, "io.modelcontextprotocol.sdk:mcp").as_deref(), Some("0.11.2"));
        let gradle = "dependencies {\n implementation(\"io.modelcontextprotocol.sdk:mcp:0.10.0\")\n}";
        assert_eq!(gradle_version(gradle, "io.modelcontextprotocol.sdk:mcp").as_deref(), Some("0.10.0"));
        assert!(version_key("1.0.0-M6").unwrap() >= version_key("1.0.0").unwrap());
    }
}
