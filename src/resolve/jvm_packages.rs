//! Where a Java or Kotlin package lives when the importing file's own
//! source root does not hold it: a multi-module build (`core/src/main/java`
//! imported from `app/src/main/java`), or Kotlin sources laid out with the
//! common root package omitted (`package com.example.tools` in
//! `src/main/kotlin/tools/`). The package clauses of the walked files say
//! which directories hold which package; the directory nearest the importer
//! is the one the build would put on its class path.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::model::Lang;

/// Files whose package clause is read per directory, at most: the files of
/// one directory share a package by convention, and the first file with a
/// clause answers for the directory.
const PROBES_PER_DIR: usize = 3;

/// Each package's directories, per language.
#[derive(Default)]
pub(super) struct JvmPackages {
    dirs: HashMap<(Lang, String), Vec<PathBuf>>,
}

impl JvmPackages {
    /// The index of the walked `files`; `read` gives a file's text.
    pub(super) fn build(files: &[(Lang, PathBuf)], read: &dyn Fn(&Path) -> Option<Arc<str>>) -> JvmPackages {
        let mut by_dir: BTreeMap<(Lang, &Path), Vec<&Path>> = BTreeMap::new();
        for (lang, path) in files {
            if matches!(lang, Lang::Java | Lang::Kotlin) {
                if let Some(dir) = path.parent() {
                    by_dir.entry((*lang, dir)).or_default().push(path);
                }
            }
        }
        let mut dirs: HashMap<(Lang, String), BTreeSet<PathBuf>> = HashMap::new();
        for ((lang, dir), files) in by_dir {
            let package = files.iter().take(PROBES_PER_DIR).find_map(|f| read(f).and_then(|t| package_of(&t)));
            let Some(package) = package else { continue };
            // Parsed files' paths are canonical; so are the keys here.
            let Ok(dir) = std::fs::canonicalize(dir) else { continue };
            dirs.entry((lang, package)).or_default().insert(dir);
        }
        JvmPackages { dirs: dirs.into_iter().map(|(k, v)| (k, v.into_iter().collect())).collect() }
    }

    /// The directory holding `package` (and passing `holds`) that the file
    /// `from` most likely compiles against: a main source set before a test
    /// one, then the one sharing the longest path with `from`. Two equally
    /// near are a guess: none.
    pub(super) fn nearest(
        &self,
        lang: Lang,
        package: &str,
        from: &Path,
        holds: &dyn Fn(&Path) -> bool,
    ) -> Option<&Path> {
        let dirs: Vec<&PathBuf> = self.dirs.get(&(lang, package.to_string()))?.iter().filter(|d| holds(d)).collect();
        let rank = |d: &PathBuf| {
            let test = match lang {
                Lang::Java => crate::frontend::java::is_test_path(&d.join("_.java")),
                _ => crate::frontend::kotlin::is_test_path(d),
            };
            let shared = d.components().zip(from.components()).take_while(|(a, b)| a == b).count();
            (!test, shared)
        };
        let best = dirs.iter().map(|d| rank(d)).max()?;
        let mut hits = dirs.iter().filter(|d| rank(d) == best);
        let hit = hits.next()?;
        hits.next().is_none().then_some(hit.as_path())
    }
}

/// The package clause of a Java (`package a.b;`) or Kotlin (`package a.b`)
/// file, after any comments and file annotations.
pub fn package_of(text: &str) -> Option<String> {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    for _ in 0..10_000 {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("//").or_else(|| rest.strip_prefix("#!")) {
            rest = r.split_once('\n').map_or("", |(_, r)| r);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.split_once("*/").map_or("", |(_, r)| r);
        } else if let Some(r) = rest.strip_prefix('@') {
            rest = skip_annotation(r);
        } else if let Some(r) = rest.strip_prefix("package").filter(|r| r.starts_with(char::is_whitespace)) {
            let end = r.find([';', '\n']).unwrap_or(r.len());
            let name: String = r[..end].split_whitespace().collect();
            let valid = name.split('.').all(|s| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_'));
            return (valid && !name.is_empty()).then_some(name);
        } else {
            return None;
        }
    }
    None
}

/// Past an annotation's name (`file:JvmName`, `a.b.C`) and its balanced
/// argument list (strings skipped), if any.
fn skip_annotation(text: &str) -> &str {
    let rest = text.trim_start_matches(|c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | ':'));
    let Some(args) = rest.strip_prefix('(') else { return rest };
    let (mut depth, mut quoted, mut escaped) = (1usize, false, false);
    for (i, c) in args.char_indices() {
        if quoted {
            (quoted, escaped) = (quoted && (escaped || c != '"'), !escaped && c == '\\');
            continue;
        }
        match c {
            '"' => quoted = true,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return &args[i + 1..];
                }
            }
            _ => {}
        }
    }
    ""
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_clauses() {
        assert_eq!(
            package_of("// x\n/* y */\npackage com.example.mcp ;\nimport a;").as_deref(),
            Some("com.example.mcp")
        );
        assert_eq!(package_of("import a.b;\nclass A {}"), None);
        assert_eq!(package_of("@file:JvmName(\"X(\\\"\")\n\npackage a.b\n\nimport c.D").as_deref(), Some("a.b"));
        assert_eq!(package_of("@file:JvmName(\"X\")\n\npackage a.b\n\nimport c.D").as_deref(), Some("a.b"));
        assert_eq!(package_of("package a.b\nimport c").as_deref(), Some("a.b"));
        assert_eq!(package_of("packages a.b;"), None);
    }

    #[test]
    fn nearest_main_directory() {
        let index = JvmPackages {
            dirs: HashMap::from([(
                (Lang::Java, "demo.tools".to_string()),
                vec![
                    PathBuf::from("/r/other/core/src/main/java/demo/tools"),
                    PathBuf::from("/r/server/core/src/main/java/demo/tools"),
                    PathBuf::from("/r/server/core/src/test/java/demo/tools"),
                    PathBuf::from("/r/server/app/src/test/java/demo/tools"),
                ],
            )]),
        };
        let from = Path::new("/r/server/app/src/main/java/demo/app/App.java");
        let any = |_: &Path| true;
        let main = Some(Path::new("/r/server/core/src/main/java/demo/tools"));
        assert_eq!(index.nearest(Lang::Java, "demo.tools", from, &any), main);
        assert_eq!(index.nearest(Lang::Kotlin, "demo.tools", from, &any), None);
        // Only the directories that hold the class imported count.
        let other = |d: &Path| d.starts_with("/r/other");
        let other_dir = Some(Path::new("/r/other/core/src/main/java/demo/tools"));
        assert_eq!(index.nearest(Lang::Java, "demo.tools", from, &other), other_dir);
        let tie = JvmPackages {
            dirs: HashMap::from([(
                (Lang::Java, "demo.tools".to_string()),
                vec![PathBuf::from("/r/a/demo/tools"), PathBuf::from("/r/b/demo/tools")],
            )]),
        };
        assert_eq!(tie.nearest(Lang::Java, "demo.tools", from, &any), None);
    }
}
