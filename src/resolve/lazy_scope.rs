//! Files in scope without an import (a C# project's), loaded when the
//! program first mentions a name one of them declares, not all at once.
//!
//! A project of thousands of files registers its tools in a few; parsing
//! and running the rest cost most of a run (a 20k-file C# tree spent two
//! thirds of its time parsing siblings nothing used). Which names a sibling
//! declares is read from its text without parsing it
//! ([`super::lang::LangSupport::declared_names`]); a loaded file's
//! identifiers load every sibling declaring one of them, and what that
//! sibling mentions is followed in turn. Mentioning is read from text too,
//! comments and strings included: a sibling loaded for nothing costs time,
//! never a tool.

use std::collections::HashMap;
use std::path::PathBuf;

/// The siblings of one scope not loaded yet, by the names they declare.
#[derive(Default)]
pub struct LazyScope {
    by_name: HashMap<String, Vec<usize>>,
    paths: Vec<Option<PathBuf>>,
}

impl LazyScope {
    /// Remembers `path`, to be loaded once a loaded file mentions one of
    /// `names`.
    pub fn add(&mut self, path: PathBuf, names: Vec<String>) {
        let i = self.paths.len();
        self.paths.push(Some(path));
        for name in names {
            let at = self.by_name.entry(name).or_default();
            if at.last() != Some(&i) {
                at.push(i);
            }
        }
    }

    /// The siblings, not given before, that declare an identifier of
    /// `text`, in the order they were added.
    pub fn mentioned_in(&mut self, text: &str) -> Vec<PathBuf> {
        if self.by_name.is_empty() {
            return vec![];
        }
        let mut hit: Vec<usize> = vec![];
        for word in identifiers(text) {
            if let Some(at) = self.by_name.remove(word) {
                hit.extend(at);
            }
        }
        hit.sort_unstable();
        hit.into_iter().filter_map(|i| self.paths[i].take()).collect()
    }
}

/// The identifiers of `text` (runs of letters, digits and `_` that do not
/// start with a digit), in order.
pub fn identifiers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.chars().next().is_some_and(|c| !c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sibling_is_given_once_when_a_name_it_declares_is_mentioned() {
        let mut scope = LazyScope::default();
        scope.add("a.cs".into(), vec!["Alpha".into(), "AlphaExtensions".into()]);
        scope.add("b.cs".into(), vec!["Beta".into()]);
        scope.add("c.cs".into(), vec!["Alpha".into()]);
        assert!(scope.mentioned_in("var x = new Gamma(); // Betamax 1Alpha").is_empty());
        assert_eq!(scope.mentioned_in("new Alpha().Run(Beta.Value)"), ["a.cs", "b.cs", "c.cs"].map(PathBuf::from));
        assert!(scope.mentioned_in("AlphaExtensions Beta Alpha").is_empty());
    }

    #[test]
    fn identifiers_are_words_not_numbers() {
        let words: Vec<&str> = identifiers("x1 = 2e5 + _y.Zé(\"s t\")").collect();
        assert_eq!(words, ["x1", "_y", "Zé", "s", "t"]);
    }
}
