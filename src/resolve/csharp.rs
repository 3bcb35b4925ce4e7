//! C# specifics of resolution: a project (the directory of a `.csproj`,
//! one assembly) shares its top-level names across files, whatever their
//! namespaces; the SDK version comes from the project's `PackageReference`
//! or, with central package management, the nearest
//! `Directory.Packages.props` `PackageVersion`.

use std::path::{Path, PathBuf};

use super::dircache::DirCache;
use super::lang::LangSupport;

pub struct CSharp;

/// Files of one project at most, and directory levels searched.
const MAX_FILES: usize = 2_000;
const MAX_DEPTH: usize = 12;

impl LangSupport for CSharp {
    fn scope_files(&self, path: &Path, fs: &DirCache) -> Vec<PathBuf> {
        project_files(path, fs).into_iter().filter(|p| p != path).collect()
    }
    fn declared_names(&self, text: &str) -> Option<Vec<String>> {
        declared_names(text)
    }
    fn dependency_at_least(&self, from: &Path, module: &str, version: &str, fs: &DirCache) -> Option<bool> {
        let wanted = semver(version)?;
        // Any version: whether the project references the package at all
        // (a version that is an MSBuild property or centrally managed too).
        if wanted == (0, 0, 0, Pre(None)) {
            return Some(references(from, module, fs));
        }
        let found = module.split(',').filter_map(|m| package_version(from, m.trim(), fs)).collect::<Vec<_>>();
        let v = found.first()?;
        Some(semver(v)? >= wanted)
    }
}

/// The modules of each C# module's project (one assembly shares its
/// top-level names), in path order: `langs` are the program's modules'
/// languages, `path_of` gives a module's path.
pub fn projects(
    langs: impl Iterator<Item = crate::model::Lang>,
    path_of: impl Fn(usize) -> Option<PathBuf>,
    fs: &DirCache,
) -> std::collections::HashMap<usize, std::sync::Arc<[usize]>> {
    let mut by_project: std::collections::BTreeMap<PathBuf, Vec<(PathBuf, usize)>> = Default::default();
    for (i, lang) in langs.enumerate() {
        if lang != crate::model::Lang::CSharp {
            continue;
        }
        let Some(path) = path_of(i) else { continue };
        by_project.entry(project_dir(&path, fs)).or_default().push((path, i));
    }
    // A project and the projects it references are one scope (their names
    // are seen both ways: the simpler model, and the one that loses no tool).
    let dirs: Vec<PathBuf> = by_project.keys().cloned().collect();
    let mut group: Vec<usize> = (0..dirs.len()).collect();
    fn find(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for (i, dir) in dirs.iter().enumerate() {
        // A test project sees what it tests; the project under test must
        // not see (and run) the tests.
        if csproj(dir, fs).is_none() || is_test_path(&dir.join("_")) {
            continue;
        }
        for r in sdk_projects_referenced(dir, fs) {
            if let Some(j) = dirs.iter().position(|d| *d == r) {
                let (a, b) = (find(&mut group, i), find(&mut group, j));
                group[a.max(b)] = a.min(b);
            }
        }
    }
    let mut merged: std::collections::BTreeMap<usize, Vec<(PathBuf, usize)>> = Default::default();
    for (i, (_, members)) in by_project.into_iter().enumerate() {
        let g = find(&mut group, i);
        merged.entry(g).or_default().extend(members);
    }
    let mut out = std::collections::HashMap::new();
    for (_, mut members) in merged {
        members.sort();
        let members: std::sync::Arc<[usize]> = members.into_iter().map(|(_, i)| i).collect();
        for &i in members.iter() {
            out.insert(i, members.clone());
        }
    }
    out
}

/// A file of a test project (`Foo.Tests/`, `Foo.Test/`, `Foo.UnitTests/`,
/// `Foo.IntegrationTests/`: .NET's naming of test projects): its tools and
/// servings are the tests'. A bare `tests/` directory is not enough (it
/// usually holds such projects, and may hold anything).
pub fn is_test_path(path: &Path) -> bool {
    path.parent().is_some_and(|dir| {
        dir.components().any(|c| {
            let name = c.as_os_str().to_string_lossy().to_ascii_lowercase();
            // `Foo.Tests`, `Foo.UnitTests`, and `Foo.Tests.Unit` (a `Tests` part anywhere).
            [".tests", ".test", "unittests", "integrationtests"].iter().any(|s| name.ends_with(s))
                || name.contains(".tests.")
        })
    })
}

/// The directory of the project `path` belongs to: the nearest directory
/// above it holding a `.csproj` (else the file's own directory).
pub fn project_dir(path: &Path, fs: &DirCache) -> PathBuf {
    for dir in path.ancestors().skip(1).take(MAX_DEPTH) {
        if csproj(dir, fs).is_some() {
            return dir.to_path_buf();
        }
    }
    path.parent().map(Path::to_path_buf).unwrap_or_default()
}

/// Projects one project's names may come from, at most.
const MAX_REFERENCED: usize = 32;

/// The projects `root`'s project references that use the MCP SDK
/// themselves ([`referenced_projects`]): where a server's tools, and the
/// extension methods that serve them, can come from. A referenced project
/// without the SDK (shared types, a WPF front end) is left to load on its
/// own: joining it would run the whole solution for no tool.
pub fn sdk_projects_referenced(root: &Path, fs: &DirCache) -> Vec<PathBuf> {
    let packages = crate::eval::sdk::csharp_sdk::PACKAGES;
    referenced_projects(root, fs)
        .into_iter()
        .filter(|d| packages.iter().any(|p| references(&d.join("_"), p, fs)))
        .collect()
}

/// The directories of the projects `root`'s project references, directly
/// or through them (`<ProjectReference Include="..\Tools\Tools.csproj" />`,
/// transitive as in SDK-style projects), in the order found: their public
/// types and extension methods are the project's to use.
pub fn referenced_projects(root: &Path, fs: &DirCache) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = vec![];
    let mut todo = vec![root.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let Some(text) = csproj(&dir, fs).and_then(|p| fs.manifest(&p)) else { continue };
        for include in includes(&text, "ProjectReference") {
            let target = crate::fsguard::lexical(&dir.join(include.replace('\\', "/")));
            let Some(target_dir) = target.parent().map(Path::to_path_buf) else { continue };
            if target_dir == root || out.contains(&target_dir) || !fs.is_file(&target) {
                continue;
            }
            if out.len() >= MAX_REFERENCED {
                return out;
            }
            out.push(target_dir.clone());
            todo.push(target_dir);
        }
    }
    out
}

/// The `Include` of each `<element ... />` of a project file.
fn includes<'t>(xml: &'t str, element: &str) -> Vec<String> {
    let open = format!("<{element}");
    let mut out = vec![];
    let mut rest: &'t str = xml;
    while let Some(i) = rest.find(&open) {
        rest = &rest[i + open.len()..];
        let Some(end) = rest.find('>') else { break };
        if let Some(inc) = attr(&rest[..end], "Include").filter(|v| !v.contains("$(")) {
            out.push(inc);
        }
    }
    out
}

fn csproj(dir: &Path, fs: &DirCache) -> Option<PathBuf> {
    fs.files(dir).into_iter().find(|p| p.extension().is_some_and(|e| e == "csproj"))
}

/// The `.cs` files of the project of `path`, sorted: those under its
/// directory, not under `bin`/`obj`, hidden directories or another
/// project's directory. Without a `.csproj`, the file's directory only.
pub fn project_files(path: &Path, fs: &DirCache) -> Vec<PathBuf> {
    files_of_project(&project_dir(path, fs), fs)
}

/// The `.cs` files of the project whose directory is `root` ([`project_files`]).
pub fn files_of_project(root: &Path, fs: &DirCache) -> Vec<PathBuf> {
    let root = root.to_path_buf();
    let has_project = csproj(&root, fs).is_some();
    let mut out = vec![];
    let mut todo = vec![(root.clone(), 0usize)];
    while let Some((dir, depth)) = todo.pop() {
        for f in fs.files(&dir) {
            if f.extension().is_some_and(|e| e == "cs") && out.len() < MAX_FILES {
                out.push(f);
            }
        }
        if !has_project || depth >= MAX_DEPTH {
            continue;
        }
        for d in fs.dirs(&dir) {
            let name = d.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if matches!(name, "bin" | "obj" | "node_modules") || name.starts_with('.') || csproj(&d, fs).is_some() {
                continue;
            }
            todo.push((d, depth + 1));
        }
    }
    out.sort();
    out
}

/// What a file of a project declares for the others, read from its text:
/// the names after `class`, `struct`, `interface`, `enum` and `record`
/// (nested ones too), and extension methods (`Name(this T x)`, `Name<U>(this
/// ...)`), which other files call as members. Other names a file may give
/// its project without naming them where used (`global using`, C# 14
/// `extension(T x) { ... }` blocks) make it `None`: loaded with the project.
/// Comments and strings are read as code: a name too many loads a file for
/// nothing, a name missed would lose its tools.
pub fn declared_names(text: &str) -> Option<Vec<String>> {
    let tokens: Vec<&str> = super::lazy_scope::tokens(text).collect();
    let ident = |t: &&str| t.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_');
    let mut out = vec![];
    for (i, t) in tokens.iter().enumerate() {
        let next = tokens.get(i + 1).copied();
        match *t {
            "global" if next == Some("using") => return None,
            "extension" if matches!(next, Some("(" | "<")) => return None,
            "class" | "struct" | "interface" | "enum" | "record" => {
                let j = if *t == "record" && matches!(next, Some("struct" | "class")) { i + 2 } else { i + 1 };
                if let Some(name) = tokens.get(j).filter(|t| ident(t)) {
                    out.push(name.to_string());
                }
            }
            "this" if i > 0 && tokens[i - 1] == "(" && tokens.get(i + 1).is_some_and(ident) => {
                // The method's name, before `(` and its type parameters.
                let mut depth = 0usize;
                for k in (i.saturating_sub(64)..i - 1).rev() {
                    match tokens[k] {
                        ">" => depth += 1,
                        "<" if depth > 0 => depth -= 1,
                        w if depth == 0 && ident(&w) => {
                            out.push(w.to_string());
                            break;
                        }
                        w if depth == 0 || w == "(" || w == ";" || w == "{" => break,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    // `record struct P` is read at `record` and at `struct`.
    out.dedup();
    Some(out)
}

/// Whether the project of `from` references package `name`.
fn references(from: &Path, name: &str, fs: &DirCache) -> bool {
    let root = project_dir(from, fs);
    let Some(proj) = csproj(&root, fs) else { return false };
    fs.manifest(&proj).is_some_and(|text| find_package(&text, "PackageReference", name).is_some())
}

/// The version of package `name` the project of `from` references.
fn package_version(from: &Path, name: &str, fs: &DirCache) -> Option<String> {
    let root = project_dir(from, fs);
    let proj = csproj(&root, fs)?;
    let text = fs.manifest(&proj)?;
    let reference = find_package(&text, "PackageReference", name)?;
    if let Some(v) = reference {
        return Some(v);
    }
    // Central package management: the nearest `Directory.Packages.props`.
    for dir in root.ancestors().take(MAX_DEPTH) {
        let props = dir.join("Directory.Packages.props");
        if fs.is_file(&props) {
            let text = fs.manifest(&props)?;
            return find_package(&text, "PackageVersion", name).flatten();
        }
    }
    None
}

/// `<element Include="name" Version="v" />` (or `<Version>v</Version>`
/// inside it): `Some(Some(v))`; `Some(None)` when the package is there
/// without a version; `None` when it is not there. A version that is an
/// MSBuild property (`$(McpVersion)`) is not known.
fn find_package(xml: &str, element: &str, name: &str) -> Option<Option<String>> {
    let open = format!("<{element}");
    let mut rest = xml;
    while let Some(i) = rest.find(&open) {
        let tail = &rest[i + open.len()..];
        rest = tail;
        let Some(end) = tail.find('>') else { break };
        let attrs = &tail[..end];
        let include = attr(attrs, "Include").or_else(|| attr(attrs, "Update"));
        if !include.is_some_and(|inc| inc.eq_ignore_ascii_case(name)) {
            continue;
        }
        let version = attr(attrs, "Version").or_else(|| {
            if attrs.trim_end().ends_with('/') {
                return None;
            }
            let body = &tail[end + 1..];
            let close = body.find(&format!("</{element}"))?;
            let body = &body[..close];
            let s = body.find("<Version>")? + "<Version>".len();
            let e = body[s..].find("</Version>")? + s;
            Some(body[s..e].trim().to_string())
        });
        return Some(version.filter(|v| !v.contains("$(")));
    }
    None
}

fn attr(attrs: &str, name: &str) -> Option<String> {
    let mut rest = attrs;
    while let Some(i) = rest.find(name) {
        let before = rest[..i].chars().last();
        let after = rest[i + name.len()..].trim_start();
        rest = &rest[i + name.len()..];
        if before.is_some_and(|c| !c.is_whitespace()) {
            continue;
        }
        let Some(after) = after.strip_prefix('=') else { continue };
        let after = after.trim_start();
        let q = after.chars().next()?;
        if q != '"' && q != '\'' {
            continue;
        }
        let v = &after[1..];
        return v.find(q).map(|e| v[..e].trim().to_string());
    }
    None
}

/// A NuGet version: `1.2.3`, `0.3.0-preview.2`, `[1.0.0,)` (its lower
/// bound). Pre-releases sort before their release, identifiers compared
/// numerically when both are numbers.
fn semver(v: &str) -> Option<(u64, u64, u64, Pre)> {
    let v = v.trim().trim_start_matches(['[', '(']).split(',').next()?.trim();
    let (core, pre) = match v.split_once('-') {
        Some((c, p)) => (c, Some(p.split('+').next().unwrap_or(p))),
        None => (v.split('+').next().unwrap_or(v), None),
    };
    let mut n = core.split('.').map(|p| p.parse::<u64>().ok());
    let (a, b, c) = (n.next()??, n.next().flatten().unwrap_or(0), n.next().flatten().unwrap_or(0));
    let pre = match pre {
        None => Pre(None),
        Some(p) => Pre(Some(
            p.split('.').map(|id| id.parse::<u64>().map_or_else(|_| Ident::Text(id.to_string()), Ident::Num)).collect(),
        )),
    };
    Some((a, b, c, pre))
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ident {
    Num(u64),
    Text(String),
}

/// A pre-release tag; none (a release) sorts after every tag.
#[derive(Debug, PartialEq, Eq)]
struct Pre(Option<Vec<Ident>>);

impl PartialOrd for Pre {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Pre {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        match (&self.0, &other.0) {
            (None, None) => std::cmp::Ordering::Equal,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (Some(_), None) => std::cmp::Ordering::Less,
            (Some(a), Some(b)) => a.cmp(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_projects() {
        assert!(is_test_path(Path::new("src/Notes.Tests/ToolTests.cs")));
        assert!(is_test_path(Path::new("tests/Notes.IntegrationTests/A.cs")));
        assert!(!is_test_path(Path::new("tests/fixtures/csharp/a/A.cs")));
        assert!(!is_test_path(Path::new("src/Notes/Tools/TestRunnerTools.cs")));
        assert!(!is_test_path(Path::new("src/Contest/A.cs")));
        assert!(is_test_path(Path::new("tests/Notes.Tests.Unit/A.cs")));
        assert!(!is_test_path(Path::new("src/Notes.Testsuite/A.cs")));
    }

    #[test]
    fn a_file_declares_its_types_and_extension_methods() {
        let text = "namespace N;
// class InComment is read too
public static partial class Tools<T> where T : class, new() {
    public record struct Point(int X);
    record Named(string Name);
    enum Kind { A }
    public static IMcpServerBuilder WithNotes(this IMcpServerBuilder b) => b;
    public static U Pick<U>(this List<U> xs) where U : struct => xs[0];
    void Call() { Run(this); Go(this.x); }
}
interface IThing {}";
        let names = declared_names(text).unwrap();
        assert_eq!(names, ["InComment", "Tools", "Point", "Named", "Kind", "WithNotes", "Pick", "IThing"]);
        assert_eq!(declared_names("global using static N.Tools;"), None);
        assert_eq!(declared_names("static class E { extension(string s) { public int N => 1; } }"), None);
    }

    #[test]
    fn project_references_are_followed_through_each_other_once() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: &str| {
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        let reference =
            |to: &str| format!("<Project><ItemGroup><ProjectReference Include=\"{to}\" /></ItemGroup></Project>");
        write("App/App.csproj", &reference("..\\Tools\\Tools.csproj"));
        write("Tools/Tools.csproj", &reference("../Core/Core.csproj"));
        // A cycle back to the app, and a reference to a project that is not there.
        write("Core/Core.csproj", &format!("{}{}", reference("..\\App\\App.csproj"), reference("../Gone/Gone.csproj")));
        let fs = DirCache::default();
        let found = referenced_projects(&dir.path().join("App"), &fs);
        assert_eq!(found, [dir.path().join("Tools"), dir.path().join("Core")]);
        assert_eq!(
            includes("<ProjectReference Include=\"$(Root)/X.csproj\" />", "ProjectReference"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn versions_compare_as_nuget_does() {
        assert!(semver("0.3.0-preview.10").unwrap() > semver("0.3.0-preview.2").unwrap());
        assert!(semver("0.3.0-preview.1").unwrap() < semver("0.3.0-preview.2").unwrap());
        assert!(semver("0.3.0").unwrap() > semver("0.3.0-preview.4").unwrap());
        assert!(semver("0.2.0-preview.3").unwrap() < semver("0.3.0-preview.2").unwrap());
        assert!(semver("1.0.0").unwrap() > semver("0.3.0-preview.2").unwrap());
        assert!(semver("[0.4.0-preview.1,)").unwrap() > semver("0.3.0-preview.2").unwrap());
    }

    #[test]
    fn package_references() {
        let proj = r#"<Project><ItemGroup>
  <PackageReference Include="Microsoft.Extensions.Hosting" Version="9.0.0" />
  <PackageReference Include="ModelContextProtocol" Version="0.2.0-preview.3" />
  <PackageReference Include="ModelContextProtocol.AspNetCore"><Version>1.0.0</Version></PackageReference>
  <PackageReference Include="Other" Version="$(V)" />
  <PackageReference Include="Central" />
</ItemGroup></Project>"#;
        assert_eq!(
            find_package(proj, "PackageReference", "ModelContextProtocol"),
            Some(Some("0.2.0-preview.3".into()))
        );
        assert_eq!(
            find_package(proj, "PackageReference", "ModelContextProtocol.AspNetCore"),
            Some(Some("1.0.0".into()))
        );
        assert_eq!(find_package(proj, "PackageReference", "Other"), Some(None));
        assert_eq!(find_package(proj, "PackageReference", "Central"), Some(None));
        assert_eq!(find_package(proj, "PackageReference", "Missing"), None);
    }
}
