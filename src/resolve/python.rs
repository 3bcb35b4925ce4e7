//! Python specifics of resolution: import specifier → file, and which SDK
//! generation (hint key spellings) a file is written against.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::lang::{Generation, LangSupport};
use super::Linker;
use crate::model::FileFacts;

pub struct Python;

impl LangSupport for Python {
    fn module_candidates(&self, from: &Path, specifier: &str, fs: &super::dircache::DirCache) -> Vec<PathBuf> {
        module_candidates_in(from, specifier, &|p| fs.exists(p))
    }
    fn generation(&self, facts: &FileFacts, path: &Path, linker: &Linker) -> (Generation, String) {
        generation(facts, path, &linker.deps)
    }
}

/// Which SDK family a file registers tools with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    PythonSdkV1,
    PythonSdkV2,
    FastMcp,
    /// Only `mcp.types` or the low-level server: version from dependencies.
    McpTypes,
    None,
}

pub fn family(facts: &FileFacts) -> Family {
    let mut fam = Family::None;
    for i in &facts.imports {
        let m = i.module.as_str();
        let member = i.member.as_deref().unwrap_or("");
        if m.starts_with("mcp.server.fastmcp") || (m == "mcp.server" && member == "FastMCP") {
            return Family::PythonSdkV1;
        }
        // `mcp_types` is the types package split out in v2 only.
        if m.starts_with("mcp.server.mcpserver")
            || member == "MCPServer"
            || m == "mcp_types"
            || m.starts_with("mcp_types.")
        {
            return Family::PythonSdkV2;
        }
        if m == "fastmcp" || m.starts_with("fastmcp.") {
            fam = Family::FastMcp;
        } else if fam == Family::None && (m == "mcp" || m.starts_with("mcp.") || m == "mcp_types") {
            fam = Family::McpTypes;
        }
    }
    fam
}

/// Candidate files for a module specifier imported from `from`, asking
/// `exists` where the project root is.
fn module_candidates_in(from: &Path, module: &str, exists: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let dir = from.parent().unwrap_or(Path::new("."));
    let dots = module.chars().take_while(|c| *c == '.').count();
    let rest: Vec<&str> = module[dots..].split('.').filter(|s| !s.is_empty()).collect();
    let mut out = Vec::new();
    let push = |out: &mut Vec<PathBuf>, base: &Path| {
        let mut p = base.to_path_buf();
        for part in &rest {
            p.push(part);
        }
        // A package wins over a module of the same name beside it: the
        // import system looks for the directory first.
        out.push(p.join("__init__.py"));
        if !rest.is_empty() {
            out.push(p.with_extension("py"));
        }
    };
    if dots > 0 {
        let mut base = dir.to_path_buf();
        for _ in 1..dots {
            base = base.parent().map(Path::to_path_buf).unwrap_or(base);
        }
        push(&mut out, &base);
        return out;
    }
    // Absolute: try each ancestor as a source root (and its `src/`), nearest
    // first, stopping at the project root.
    let mut cur = Some(dir);
    for _ in 0..16 {
        let Some(d) = cur else { break };
        push(&mut out, d);
        push(&mut out, &d.join("src"));
        if is_project_root(d, exists) {
            break;
        }
        cur = d.parent();
    }
    out
}

/// Candidate files for the absolute module `module` under the source root
/// `root`.
pub(super) fn module_candidates_at(root: &Path, module: &str) -> Vec<PathBuf> {
    let mut p = root.to_path_buf();
    p.extend(module.split('.').filter(|s| !s.is_empty()));
    vec![p.join("__init__.py"), p.with_extension("py")]
}

/// A module file no import can reach: a package of the same name beside it
/// (`handlers/__init__.py` next to `handlers.py`) is what `import handlers`
/// finds. Its tools are a stale copy, not the server's.
pub(super) fn shadowed_by_package(path: &Path, exists: &dyn Fn(&Path) -> bool) -> bool {
    let (Some(dir), Some(stem)) = (path.parent(), path.file_stem()) else { return false };
    path.extension().is_some_and(|e| e == "py") && stem != "__init__" && exists(&dir.join(stem).join("__init__.py"))
}

/// The top-level packages that the directories `dirs` (of Python files)
/// are in, each with its source root (the first directory above without an
/// `__init__.py`), deduplicated and sorted. A directory outside any package
/// gives none.
pub(super) fn source_roots(dirs: &[PathBuf], exists: &dyn Fn(&Path) -> bool) -> Vec<(String, PathBuf)> {
    let mut out = std::collections::BTreeSet::new();
    for start in dirs {
        if !exists(&start.join("__init__.py")) {
            continue;
        }
        let mut dir = start.as_path();
        // Bounded: a package is never deeper than the path is long.
        while let Some(parent) = dir.parent() {
            if !exists(&parent.join("__init__.py")) {
                if let Some(name) = dir.file_name().and_then(|n| n.to_str()) {
                    out.insert((name.to_string(), parent.to_path_buf()));
                }
                break;
            }
            dir = parent;
        }
    }
    out.into_iter().collect()
}

/// A module's `__name__` as CPython gives it when its source root is on
/// `sys.path`: its path up through the directories that are packages,
/// stopping below the project root and below a `src/` directly in it (a
/// src layout whose `src/` happens to hold an `__init__.py` is still no
/// package: pyproject's `where = ["src"]` puts it on the path).
pub(super) fn dotted_name(path: &Path, exists: &dyn Fn(&Path) -> bool) -> Option<String> {
    let mut parts = vec![];
    if path.file_name()? != "__init__.py" {
        parts.push(path.file_stem()?.to_str()?.to_string());
    }
    let mut dir = path.parent()?;
    while exists(&dir.join("__init__.py")) && !is_project_root(dir, exists) {
        let parent = dir.parent();
        if dir.file_name().is_some_and(|n| n == "src") && parent.is_some_and(|p| is_project_root(p, exists)) {
            break;
        }
        parts.push(dir.file_name()?.to_str()?.to_string());
        let Some(parent) = parent else { break };
        dir = parent;
    }
    parts.reverse();
    (!parts.is_empty()).then(|| parts.join("."))
}

fn is_project_root(d: &Path, exists: &dyn Fn(&Path) -> bool) -> bool {
    ["pyproject.toml", "setup.py", "setup.cfg", ".git"].iter().any(|m| exists(&d.join(m)))
}

// ---------------------------------------------------------------------------
// Declared dependency versions
// ---------------------------------------------------------------------------

/// The range of major versions a project allows for a package.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Majors {
    pub lo: u64,
    pub hi: u64,
}

impl Majors {
    const ANY: Majors = Majors { lo: 0, hi: u64::MAX };
    fn intersect(self, o: Majors) -> Majors {
        Majors { lo: self.lo.max(o.lo), hi: self.hi.min(o.hi) }
    }
}

#[derive(Default)]
pub struct Deps {
    cache: Mutex<HashMap<PathBuf, Option<DepInfo>>>,
}

#[derive(Clone, Debug, Default)]
pub struct DepInfo {
    pub mcp: Option<Majors>,
    pub fastmcp: Option<Majors>,
    pub source: String,
}

impl Deps {
    /// Declared versions for the project that holds `file` (an absolute
    /// path): the nearest ancestor with a lock file, pyproject.toml or
    /// requirements file, not above the project root.
    pub fn for_file(&self, file: &Path) -> Option<DepInfo> {
        let mut cur = file.parent();
        while let Some(d) = cur {
            if let Some(info) = self.for_dir(d) {
                return Some(info);
            }
            if is_project_root(d, &|p| p.exists()) {
                return None;
            }
            cur = d.parent();
        }
        None
    }

    fn for_dir(&self, d: &Path) -> Option<DepInfo> {
        let mut cache = self.cache.lock().expect("deps cache poisoned");
        if let Some(v) = cache.get(d) {
            return v.clone();
        }
        let v = read_dir_deps(d);
        cache.insert(d.to_path_buf(), v.clone());
        v
    }
}

fn read_dir_deps(d: &Path) -> Option<DepInfo> {
    let mut info = DepInfo::default();
    let mut found = false;
    // Lock files pin exact versions: they win.
    for lock in ["uv.lock", "poetry.lock", "pdm.lock"] {
        if let Some(text) = crate::fsguard::read_manifest(&d.join(lock)) {
            found = true;
            for (name, version) in lock_packages(&text) {
                let major = version.split('.').next().and_then(|m| m.parse().ok());
                if let Some(m) = major {
                    let r = Some(Majors { lo: m, hi: m });
                    match name.as_str() {
                        "mcp" if info.mcp.is_none() => info.mcp = r,
                        "fastmcp" if info.fastmcp.is_none() => info.fastmcp = r,
                        _ => {}
                    }
                }
            }
            if info.mcp.is_some() || info.fastmcp.is_some() {
                info.source = lock.into();
                return Some(info);
            }
        }
    }
    let mut specs: Vec<(String, String)> = Vec::new();
    if let Some(text) = crate::fsguard::read_manifest(&d.join("pyproject.toml")) {
        found = true;
        info.source = "pyproject.toml".into();
        specs.extend(pyproject_specs(&text));
    }
    if let Ok(entries) = std::fs::read_dir(d) {
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("requirements") && n.ends_with(".txt"))
            .collect();
        names.sort();
        for n in names {
            if let Some(text) = crate::fsguard::read_manifest(&d.join(&n)) {
                found = true;
                if info.source.is_empty() {
                    info.source = n.clone();
                }
                specs.extend(text.lines().filter_map(|l| requirement(l.split('#').next().unwrap_or(""))));
            }
        }
    }
    for (name, spec) in specs {
        let r = majors(&spec);
        match name.as_str() {
            "mcp" => info.mcp = Some(info.mcp.map_or(r, |m| m.intersect(r))),
            "fastmcp" => info.fastmcp = Some(info.fastmcp.map_or(r, |m| m.intersect(r))),
            _ => {}
        }
    }
    found.then_some(info)
}

fn lock_packages(text: &str) -> Vec<(String, String)> {
    let Ok(value) = text.parse::<toml::Table>() else { return vec![] };
    let Some(pkgs) = value.get("package").and_then(|p| p.as_array()) else { return vec![] };
    pkgs.iter()
        .filter_map(|p| {
            let name = normalize(p.get("name")?.as_str()?);
            let version = p.get("version")?.as_str()?.to_string();
            Some((name, version))
        })
        .collect()
}

fn pyproject_specs(text: &str) -> Vec<(String, String)> {
    let Ok(doc) = text.parse::<toml::Table>() else { return vec![] };
    let mut out = Vec::new();
    let mut pep508 = |v: &toml::Value| {
        if let Some(arr) = v.as_array() {
            out.extend(arr.iter().filter_map(|s| s.as_str()).filter_map(requirement));
        }
    };
    if let Some(project) = doc.get("project") {
        if let Some(d) = project.get("dependencies") {
            pep508(d);
        }
        if let Some(opt) = project.get("optional-dependencies").and_then(|o| o.as_table()) {
            opt.values().for_each(&mut pep508);
        }
    }
    if let Some(groups) = doc.get("dependency-groups").and_then(|g| g.as_table()) {
        groups.values().for_each(&mut pep508);
    }
    // Poetry: `fastmcp = "^2.10"` or `{version = "^2.10", extras = [...]}`.
    if let Some(poetry) = doc.get("tool").and_then(|t| t.get("poetry")) {
        let mut tables = vec![poetry.get("dependencies")];
        if let Some(groups) = poetry.get("group").and_then(|g| g.as_table()) {
            tables.extend(groups.values().map(|g| g.get("dependencies")));
        }
        for t in tables.into_iter().flatten().filter_map(|t| t.as_table()) {
            for (name, v) in t {
                let spec = v.as_str().or_else(|| v.get("version").and_then(|x| x.as_str()));
                if let Some(spec) = spec {
                    out.push((normalize(name), spec.to_string()));
                }
            }
        }
    }
    out
}

/// `name[extras] (spec) ; marker` → (normalised name, spec).
fn requirement(line: &str) -> Option<(String, String)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('-') {
        return None;
    }
    let line = line.split(';').next()?.trim();
    let end = line.find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == '.')).unwrap_or(line.len());
    let name = normalize(&line[..end]);
    let mut rest = &line[end..];
    if let Some(stripped) = rest.trim_start().strip_prefix('[') {
        rest = stripped.split_once(']').map_or("", |(_, r)| r);
    }
    let rest = rest.split('\\').next().unwrap_or("").trim().trim_start_matches('(').trim_end_matches(')');
    Some((name, rest.to_string()))
}

fn normalize(name: &str) -> String {
    name.to_ascii_lowercase().replace(['_', '.'], "-")
}

/// The major versions a specifier allows (`>=2.10,<3`, `^2.1`, `~=4.0`, `==2.*`).
pub fn majors(spec: &str) -> Majors {
    let mut r = Majors::ANY;
    for clause in spec.split(',') {
        let c = clause.trim();
        let op_len = c.find(|ch: char| ch.is_ascii_digit()).unwrap_or(c.len());
        let (op, ver) = (c[..op_len].trim(), c[op_len..].trim());
        let parts: Vec<u64> = ver.split('.').map_while(|p| p.parse().ok()).collect();
        let Some(&major) = parts.first() else { continue };
        let rest_zero = parts[1..].iter().all(|p| *p == 0);
        let m = match op {
            "==" | "===" | "" => Majors { lo: major, hi: major },
            "~=" => Majors { lo: major, hi: if parts.len() > 2 { major } else { u64::MAX } },
            "^" => Majors { lo: major, hi: if major > 0 { major } else { 0 } },
            "~" => Majors { lo: major, hi: major },
            ">=" | ">" => Majors { lo: major, hi: u64::MAX },
            "<" => Majors { lo: 0, hi: if rest_zero { major.saturating_sub(1) } else { major } },
            "<=" => Majors { lo: 0, hi: major },
            _ => Majors::ANY,
        };
        r = r.intersect(m);
    }
    r
}

/// The hint-key generation for a file, and a sentence saying why.
pub fn generation(facts: &FileFacts, path: &Path, deps: &Deps) -> (Generation, String) {
    let fam = family(facts);
    let info = deps.for_file(path);
    let describe = |pkg: &str, m: Majors| -> String {
        let src = info.as_ref().map(|i| i.source.as_str()).unwrap_or("dependencies");
        if m.lo == m.hi {
            format!("{pkg} {}.x per {src}", m.lo)
        } else if m.hi == u64::MAX {
            format!("{pkg} >= {} per {src}", m.lo)
        } else {
            format!("{pkg} {}–{} per {src}", m.lo, m.hi)
        }
    };
    match fam {
        Family::PythonSdkV1 => (Generation::V1, "this file uses python-sdk v1 (`mcp.server.fastmcp`)".into()),
        Family::PythonSdkV2 => (Generation::V2, "this file uses python-sdk v2 (`MCPServer` or `mcp_types`)".into()),
        Family::FastMcp => match info.as_ref().and_then(|i| i.fastmcp) {
            Some(m) if m.hi <= 3 => {
                (Generation::V1, format!("this file uses fastmcp ≤ 3 ({})", describe("fastmcp", m)))
            }
            Some(m) if m.lo >= 4 => {
                (Generation::V2, format!("this file uses fastmcp ≥ 4 ({})", describe("fastmcp", m)))
            }
            _ => (Generation::Unknown, "the fastmcp version is not pinned to one generation".into()),
        },
        Family::McpTypes | Family::None => match info.as_ref().and_then(|i| i.mcp) {
            Some(m) if m.hi <= 1 => {
                (Generation::V1, format!("this project uses python-sdk v1 ({})", describe("mcp", m)))
            }
            Some(m) if m.lo >= 2 => {
                (Generation::V2, format!("this project uses python-sdk v2 ({})", describe("mcp", m)))
            }
            _ => match info.as_ref().and_then(|i| i.fastmcp) {
                Some(m) if m.hi <= 3 => {
                    (Generation::V1, format!("this project uses fastmcp ≤ 3 ({})", describe("fastmcp", m)))
                }
                Some(m) if m.lo >= 4 => {
                    (Generation::V2, format!("this project uses fastmcp ≥ 4 ({})", describe("fastmcp", m)))
                }
                _ => (Generation::Unknown, "the SDK version is not known".into()),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifier_majors() {
        assert_eq!(majors(">=2.10,<3"), Majors { lo: 2, hi: 2 });
        assert_eq!(majors("^2.1"), Majors { lo: 2, hi: 2 });
        assert_eq!(majors("==4.2.0"), Majors { lo: 4, hi: 4 });
        assert_eq!(majors(">=1.9"), Majors { lo: 1, hi: u64::MAX });
        assert_eq!(majors("<3.5"), Majors { lo: 0, hi: 3 });
        assert_eq!(majors("~=2.3"), Majors { lo: 2, hi: u64::MAX });
        assert_eq!(majors("~=2.3.1"), Majors { lo: 2, hi: 2 });
    }

    #[test]
    fn requirement_lines() {
        assert_eq!(requirement("mcp[cli]>=1.9,<2 ; python_version>'3.10'"), Some(("mcp".into(), ">=1.9,<2".into())));
        assert_eq!(requirement("fastmcp==2.12.0 \\"), Some(("fastmcp".into(), "==2.12.0".into())));
        assert_eq!(requirement("-r base.txt"), None);
    }

    #[test]
    fn dotted_names_stop_at_the_source_root() {
        let files = [
            "/p/pyproject.toml",
            "/p/__init__.py",
            "/p/src/__init__.py",
            "/p/src/services/__init__.py",
            "/p/src/services/tools/__init__.py",
            "/q/setup.py",
            "/q/pkg/__init__.py",
            "/r/a/__init__.py",
        ];
        let exists = |p: &Path| files.iter().any(|f| Path::new(f) == p);
        let name = |p: &str| dotted_name(Path::new(p), &exists);
        assert_eq!(name("/p/src/services/tools/__init__.py").as_deref(), Some("services.tools"));
        assert_eq!(name("/p/src/services/tools/edit.py").as_deref(), Some("services.tools.edit"));
        assert_eq!(name("/q/pkg/mod.py").as_deref(), Some("pkg.mod"));
        assert_eq!(name("/q/main.py").as_deref(), Some("main"));
        assert_eq!(name("/r/a/b.py").as_deref(), Some("a.b"));
    }

    #[test]
    fn source_roots_of_packages() {
        let inits = ["/r/app/__init__.py", "/r/app/tools/__init__.py", "/r/ext/src/plug/__init__.py"];
        let exists = |p: &Path| inits.iter().any(|i| Path::new(i) == p);
        let dirs: Vec<PathBuf> = ["/r/app/tools", "/r/app", "/r/ext/src/plug", "/r/scripts"].map(PathBuf::from).into();
        assert_eq!(
            source_roots(&dirs, &exists),
            [("app".to_string(), PathBuf::from("/r")), ("plug".to_string(), PathBuf::from("/r/ext/src"))]
        );
        assert_eq!(
            module_candidates_at(Path::new("/r"), "app.tools.x"),
            [PathBuf::from("/r/app/tools/x/__init__.py"), PathBuf::from("/r/app/tools/x.py")]
        );
    }

    #[test]
    fn a_module_beside_a_package_of_its_name_is_shadowed() {
        let exists = |p: &Path| p == Path::new("/r/app/handlers/__init__.py");
        assert!(shadowed_by_package(Path::new("/r/app/handlers.py"), &exists));
        assert!(!shadowed_by_package(Path::new("/r/app/server.py"), &exists));
        assert!(!shadowed_by_package(Path::new("/r/app/handlers/__init__.py"), &exists));
    }

    #[test]
    fn relative_module_candidates() {
        // The package first: it shadows a module of its name beside it.
        let c = module_candidates_in(Path::new("pkg/tools/a.py"), "..presets", &|p| p.exists());
        assert_eq!(c[..2], [PathBuf::from("pkg/presets/__init__.py"), PathBuf::from("pkg/presets.py")]);
        let c = module_candidates_in(Path::new("pkg/tools/a.py"), ".", &|p| p.exists());
        assert_eq!(c[0], PathBuf::from("pkg/tools/__init__.py"));
    }
}
