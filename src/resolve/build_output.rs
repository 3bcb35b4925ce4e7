//! JavaScript a build made from TypeScript the run also lints: a server
//! that commits its `dist/` (so `npx github:owner/repo` works) holds every
//! tool twice, once in `src/tools.ts` and once in `dist/tools.js`. The copy
//! is not what its author edits, and reporting it would say everything
//! twice, so it is left out with a note (a file named on the command line is
//! still linted, and an import that reaches one still loads it).
//!
//! A `.js` / `.mjs` / `.cjs` / `.jsx` file is a copy when, in its package
//! (the nearest directory above it with a `package.json` or `tsconfig.json`):
//! - it lies under a build directory (`compilerOptions.outDir`, else
//!   `dist`, `build`, `lib` or `out`) at the path a linted TypeScript file
//!   has under a source root (`rootDir`, `src`, or the package itself), as
//!   `tsc` lays out its output (`dist/tools/notes.js` from
//!   `src/tools/notes.ts`); or
//! - it lies under a build directory and its source map (the file named by
//!   its last `//# sourceMappingURL=` comment) lists a linted file among its
//!   `sources`: a bundle (tsup, esbuild, rollup) made from them.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::lang::Lang;

/// The last bytes of a file where a source map comment is looked for.
const TAIL: u64 = 4096;

/// Which of `files` (absolute paths, with their languages) are build
/// copies of linted TypeScript: (index, the source it was made from).
pub fn copies(files: &[(PathBuf, Lang, bool)]) -> Vec<(usize, PathBuf)> {
    let sources: HashSet<&Path> =
        files.iter().filter(|(_, l, _)| *l == Lang::TypeScript).map(|(p, _, _)| p.as_path()).collect();
    if sources.is_empty() {
        return vec![];
    }
    // Asked once per directory: its package, and that package's build and
    // source directories (a tree holds thousands of JavaScript files).
    let mut packages: HashMap<PathBuf, Option<Package>> = HashMap::new();
    let mut out = vec![];
    for (i, (path, lang, explicit)) in files.iter().enumerate() {
        if *lang != Lang::JavaScript || *explicit {
            continue;
        }
        let Some(dir) = path.parent() else { continue };
        let package = packages.entry(dir.to_path_buf()).or_insert_with(|| package_of(dir));
        if let Some(from) = package.as_ref().and_then(|p| made_from(path, p, &sources)) {
            out.push((i, from));
        }
    }
    out
}

/// A package directory with its build directories and source roots.
struct Package {
    dir: PathBuf,
    out_dirs: Vec<String>,
    roots: Vec<String>,
}

/// The nearest directory at or above `dir` with a `package.json` or
/// `tsconfig.json`.
fn package_of(dir: &Path) -> Option<Package> {
    let found =
        dir.ancestors().take(24).find(|d| d.join("package.json").is_file() || d.join("tsconfig.json").is_file())?;
    let (out_dirs, mut roots) = super::workspace::build_dirs(found);
    roots.push(String::new());
    Some(Package { dir: found.to_path_buf(), out_dirs, roots })
}

/// The linted TypeScript file `path` was built from, if it is a copy.
fn made_from(path: &Path, package: &Package, sources: &HashSet<&Path>) -> Option<PathBuf> {
    let Package { dir: package, out_dirs, roots } = package;
    let rel = path.strip_prefix(package).ok()?;
    let rel = rel.to_str()?;
    let rest =
        out_dirs.iter().filter(|o| !o.is_empty()).find_map(|o| rel.strip_prefix(o.as_str())?.strip_prefix('/'))?;
    let (stem, ext) = rest.rsplit_once('.')?;
    let exts: &[&str] = match ext {
        "mjs" => &["mts", "ts"],
        "cjs" => &["cts", "ts"],
        "jsx" => &["tsx"],
        _ => &["ts", "tsx"],
    };
    for root in roots {
        for ext in exts {
            let candidate = package.join(root).join(format!("{stem}.{ext}"));
            if sources.contains(candidate.as_path()) {
                return Some(candidate);
            }
        }
    }
    mapped_from(path, sources)
}

/// The first linted file the source map of `path` lists, if any.
fn mapped_from(path: &Path, sources: &HashSet<&Path>) -> Option<PathBuf> {
    let tail = read_tail(path)?;
    let url = tail.rsplit("//# sourceMappingURL=").next().filter(|_| tail.contains("//# sourceMappingURL="))?;
    let url = url.lines().next()?.trim();
    // An inline `data:` map or a remote one is not followed.
    if url.is_empty() || url.contains(':') {
        return None;
    }
    let dir = path.parent()?;
    let map = dir.join(url);
    let text = crate::fsguard::read_manifest(&map)?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let root = json["sourceRoot"].as_str().unwrap_or("");
    let base = map.parent()?.join(root);
    json["sources"].as_array()?.iter().filter_map(|s| s.as_str()).find_map(|s| {
        let candidate = crate::fsguard::lexical(&base.join(s));
        sources.contains(candidate.as_path()).then_some(candidate)
    })
}

/// The last [`TAIL`] bytes of a file, as text.
fn read_tail(path: &Path) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = std::fs::File::open(path).ok()?;
    let len = f.metadata().ok()?.len();
    f.seek(SeekFrom::Start(len.saturating_sub(TAIL))).ok()?;
    let mut buf = Vec::with_capacity(TAIL as usize);
    f.take(TAIL).read_to_end(&mut buf).ok()?;
    Some(String::from_utf8_lossy(&buf).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) -> PathBuf {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn tsc_output_under_out_dir_is_a_copy_of_its_source() {
        let tmp = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(tmp.path()).unwrap();
        write(&root, "package.json", "{}");
        write(&root, "tsconfig.json", r#"{ "compilerOptions": { "outDir": "./build", "rootDir": "./src" } }"#);
        let ts = write(&root, "src/tools/notes.ts", "");
        let js = write(&root, "build/tools/notes.js", "");
        let other = write(&root, "build/extra.js", "");
        let files = vec![
            (ts.clone(), Lang::TypeScript, false),
            (js, Lang::JavaScript, false),
            (other, Lang::JavaScript, false),
        ];
        assert_eq!(copies(&files), vec![(1, ts)]);
    }

    #[test]
    fn a_bundle_whose_source_map_lists_a_linted_file_is_a_copy() {
        let tmp = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(tmp.path()).unwrap();
        write(&root, "package.json", "{}");
        let ts = write(&root, "src/index.ts", "");
        let js = write(&root, "dist/server.cjs", "x();\n//# sourceMappingURL=server.cjs.map\n");
        write(&root, "dist/server.cjs.map", r#"{ "version": 3, "sources": ["../src/index.ts"], "mappings": "" }"#);
        let files = vec![(ts.clone(), Lang::TypeScript, false), (js.clone(), Lang::JavaScript, false)];
        assert_eq!(copies(&files), vec![(1, ts.clone())]);
        // Named on the command line, it is linted.
        assert!(copies(&[(ts, Lang::TypeScript, false), (js, Lang::JavaScript, true)]).is_empty());
    }

    #[test]
    fn javascript_outside_a_build_directory_or_without_a_source_is_no_copy() {
        let tmp = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(tmp.path()).unwrap();
        write(&root, "package.json", "{}");
        let ts = write(&root, "src/index.ts", "");
        // Beside its source, not under a build directory.
        let beside = write(&root, "src/index.js", "");
        // Under `dist`, but nothing linted has its path.
        let alone = write(&root, "dist/cli.js", "//# sourceMappingURL=cli.js.map\n");
        write(&root, "dist/cli.js.map", r#"{ "sources": ["../vendor/cli.ts"] }"#);
        let files =
            vec![(ts, Lang::TypeScript, false), (beside, Lang::JavaScript, false), (alone, Lang::JavaScript, false)];
        assert!(copies(&files).is_empty());
    }
}
