//! Callers the keyword pre-filter skipped. A function nothing parsed calls
//! is run as a root with unknown arguments; when those arguments give a
//! registration's name or hints, the function is a helper whose callers are
//! missing. A file that never says MCP may import it and call it
//! (`r.add("list_items", true)`): the unparsed files that name the helper's
//! module are parsed, and the program runs again with them.

use std::path::{Path, PathBuf};

use memchr::memmem;

use super::Linker;
use crate::model::Lang;

/// Unparsed files read in one search, and callers added by one: bounds for
/// a tree whose helpers' module names are common words.
const MAX_SEARCHED: usize = 20_000;
const MAX_CALLERS: usize = 64;

/// The word an import of the module at `path` writes: its stem, or its
/// directory's name for a package's own file (`./tools` for
/// `tools/index.ts`, `from . import tools` for `tools/__init__.py`).
fn import_word(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_str()?;
    let word = match stem {
        "index" | "__init__" => path.parent()?.file_name()?.to_str()?,
        _ => stem,
    };
    (!word.is_empty()).then(|| word.to_string())
}

/// Python calls Python; TypeScript and JavaScript call each other.
fn family(lang: Lang) -> u8 {
    match lang {
        Lang::TypeScript | Lang::JavaScript => 1,
        _ => 0,
    }
}

/// `word` in `text` as a whole word (not part of `registryTools`).
fn names_word(text: &[u8], word: &memmem::Finder) -> bool {
    let ident = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$');
    let n = word.needle().len();
    word.find_iter(text).any(|at| !ident(at.checked_sub(1).and_then(|i| text.get(i))) && !ident(text.get(at + n)))
}

impl Linker<'_> {
    /// Unparsed files that name one of the modules `helpers` (their paths)
    /// in their own language family, skipping test files and what `known`
    /// holds; sorted, at most [`MAX_CALLERS`].
    pub(super) fn callers_of(&self, helpers: &[PathBuf], known: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
        let mut words: Vec<(u8, String)> =
            helpers.iter().filter_map(|p| Some((family(crate::frontend::lang_for(p)?), import_word(p)?))).collect();
        words.sort();
        words.dedup();
        if words.is_empty() {
            return vec![];
        }
        let finders: Vec<(u8, memmem::Finder)> = words.iter().map(|(f, w)| (*f, memmem::Finder::new(w))).collect();
        let mut out = vec![];
        for path in self.unmarked.iter().take(MAX_SEARCHED) {
            let Some(lang) = crate::frontend::lang_for(path) else { continue };
            if super::evaluated::is_test_file(lang, path) {
                continue;
            }
            let Ok(path) = std::fs::canonicalize(path) else { continue };
            if known(&path) {
                continue;
            }
            let Some(text) = self.text(&path) else { continue };
            if finders.iter().any(|(f, w)| *f == family(lang) && names_word(text.as_bytes(), w)) {
                out.push(path);
                if out.len() == MAX_CALLERS {
                    break;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_file_is_imported_by_its_directory_name() {
        assert_eq!(import_word(Path::new("/p/tools/index.ts")).as_deref(), Some("tools"));
        assert_eq!(import_word(Path::new("/p/tools/__init__.py")).as_deref(), Some("tools"));
        assert_eq!(import_word(Path::new("/p/tools/registry.py")).as_deref(), Some("registry"));
    }

    #[test]
    fn a_module_name_counts_only_as_a_whole_word() {
        let w = memmem::Finder::new("registry");
        assert!(names_word(b"import { R } from \"./registry.js\";", &w));
        assert!(names_word(b"from .registry import R", &w));
        assert!(!names_word(b"const registryTools = 1; const myregistry = 2;", &w));
    }
}
