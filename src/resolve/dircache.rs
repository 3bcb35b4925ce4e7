//! Directory listings read once per run. Resolving one import tries a
//! handful of candidate files in every ancestor directory, and a tree of
//! 20,000 files asks about the same directories over and over: one
//! `read_dir` per directory answers all of those questions, where a `stat`
//! per candidate made the file system the slowest part of a run.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Directories with more entries than this are not cached (a `stat` per
/// question is cheaper than holding them).
const MAX_ENTRIES: usize = 50_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    File,
    Dir,
    /// A link or an entry whose type the listing did not say: asked directly.
    Other,
}

type Listing = Option<Arc<HashMap<OsString, Kind>>>;

#[derive(Default)]
pub struct DirCache {
    dirs: Mutex<HashMap<PathBuf, Listing>>,
    /// Manifests (`go.mod`) read once per run, by path.
    manifests: Mutex<HashMap<PathBuf, Option<Arc<str>>>>,
}

impl DirCache {
    /// Whether `path` is a regular file (through a link too), as `Path::is_file`.
    pub fn is_file(&self, path: &Path) -> bool {
        match self.kind(path) {
            Some(Some(k)) => k == Kind::File || (k == Kind::Other && path.is_file()),
            Some(None) => false,
            None => path.is_file(),
        }
    }

    /// Whether anything is at `path`, as `Path::exists`.
    pub fn exists(&self, path: &Path) -> bool {
        match self.kind(path) {
            Some(Some(k)) => k != Kind::Other || path.exists(),
            Some(None) => false,
            None => path.exists(),
        }
    }

    /// The regular files directly in `dir`, sorted by name (links to files
    /// included). A directory the cache cannot list is read directly.
    pub fn files(&self, dir: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = match self.listing(dir) {
            Some(listing) => listing
                .iter()
                .filter(|(_, k)| **k != Kind::Dir)
                .map(|(name, _)| dir.join(name))
                .filter(|p| self.is_file(p))
                .collect(),
            None => std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect(),
        };
        out.sort();
        out
    }

    /// The directories directly in `dir` (not links), sorted by name.
    pub fn dirs(&self, dir: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = match self.listing(dir) {
            Some(listing) => listing.iter().filter(|(_, k)| **k == Kind::Dir).map(|(name, _)| dir.join(name)).collect(),
            None => vec![],
        };
        out.sort();
        out
    }

    /// A manifest's text (size-capped, [`crate::fsguard::read_manifest`]),
    /// read once per run.
    pub fn manifest(&self, path: &Path) -> Option<Arc<str>> {
        if let Some(hit) = self.manifests.lock().expect("manifest cache poisoned").get(path) {
            return hit.clone();
        }
        let text: Option<Arc<str>> = crate::fsguard::read_manifest(path).map(Arc::from);
        self.manifests.lock().expect("manifest cache poisoned").insert(path.to_path_buf(), text.clone());
        text
    }

    /// `Some(kind or absent)` when the parent's listing answers; `None` when
    /// it cannot (no parent, unreadable or huge directory).
    fn kind(&self, path: &Path) -> Option<Option<Kind>> {
        let (parent, name) = (path.parent()?, path.file_name()?);
        let listing = self.listing(if parent.as_os_str().is_empty() { Path::new(".") } else { parent })?;
        Some(listing.get(name).copied())
    }

    fn listing(&self, dir: &Path) -> Listing {
        if let Some(hit) = self.dirs.lock().expect("dir cache poisoned").get(dir) {
            return hit.clone();
        }
        let listing = read(dir);
        self.dirs.lock().expect("dir cache poisoned").insert(dir.to_path_buf(), listing.clone());
        listing
    }
}

fn read(dir: &Path) -> Listing {
    let mut out = HashMap::new();
    match std::fs::read_dir(dir) {
        Ok(entries) => {
            for e in entries {
                let e = e.ok()?;
                if out.len() >= MAX_ENTRIES {
                    return None;
                }
                let kind = match e.file_type() {
                    Ok(t) if t.is_file() => Kind::File,
                    Ok(t) if t.is_dir() => Kind::Dir,
                    _ => Kind::Other,
                };
                out.insert(e.file_name(), kind);
            }
            Some(Arc::new(out))
        }
        // A directory that is not there holds nothing; any other failure
        // (permissions, not a directory) is left to a direct question.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some(Arc::new(out)),
        Err(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_like_the_file_system() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("a.py"), "").unwrap();
        std::fs::create_dir(dir.path().join("pkg")).unwrap();
        let c = DirCache::default();
        assert!(c.is_file(&dir.path().join("a.py")));
        assert!(!c.is_file(&dir.path().join("pkg")));
        assert!(c.exists(&dir.path().join("pkg")));
        assert!(!c.exists(&dir.path().join("b.py")));
        assert!(!c.is_file(&dir.path().join("missing/b.py")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("a.py"), dir.path().join("link.py")).unwrap();
            let fresh = DirCache::default();
            assert!(fresh.is_file(&dir.path().join("link.py")));
        }
    }
}
