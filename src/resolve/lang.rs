//! What resolution must know about each language: how a module specifier
//! names a file and which external symbols belong to an MCP SDK (for the
//! token scan of Rust files `syn` rejects). Everything else in `resolve` is
//! shared.

use std::path::{Path, PathBuf};

use super::dircache::DirCache;
use super::Linker;
use crate::model::{CalleeKind, FileFacts};

/// Which spelling of hint keys the SDK in use accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generation {
    /// python-sdk v1 types (also fastmcp ≤ 3): camelCase only, snake_case
    /// keys are kept as unknown keys and ignored by clients.
    V1,
    /// python-sdk v2 types (also fastmcp ≥ 4): both spellings.
    V2,
    /// snake_case keys only (Rust attribute macros and struct fields):
    /// camelCase keys are misspellings.
    SnakeOnly,
    Unknown,
}

pub trait LangSupport: Sync {
    /// Files a module specifier imported from `from` may name, best first.
    /// `fs` answers "is there a file or project marker here" from cached
    /// directory listings.
    fn module_candidates(&self, _from: &Path, _specifier: &str, _fs: &DirCache) -> Vec<PathBuf> {
        vec![]
    }
    /// Whether the external symbol `module`.`name` is an SDK symbol of `kind`.
    fn is_sdk_symbol(&self, _kind: CalleeKind, _module: &str, _name: &str) -> bool {
        false
    }
    /// Which key spellings the SDK in use accepts, and a sentence saying why.
    fn generation(&self, _facts: &FileFacts, _path: &Path, _linker: &Linker) -> (Generation, String) {
        (Generation::Unknown, String::new())
    }
    /// Other files whose top-level names are in scope without an import
    /// (the files of one Go package).
    fn scope_files(&self, _path: &Path, _fs: &DirCache) -> Vec<PathBuf> {
        vec![]
    }
    /// The names a file in another file's scope declares for it (its types),
    /// read from its `text` without parsing: such a file is loaded only once
    /// a loaded file mentions one ([`super::lazy_scope`]). `None`: load it
    /// with the file whatever it declares.
    fn declared_names(&self, _text: &str) -> Option<Vec<String>> {
        None
    }
    /// Whether the project around `from` depends on `module` at `version` or
    /// later (`None` when its manifest does not say).
    fn dependency_at_least(&self, _from: &Path, _module: &str, _version: &str, _fs: &DirCache) -> Option<bool> {
        None
    }
    /// The API reported for a tool registered through a project wrapper,
    /// given the API of the call site.
    fn wrapper_api(&self, site_api: &'static str) -> &'static str {
        site_api
    }
}
