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

/// The names declared right after one of `keywords` (`class`, `fun`, …):
/// the last word of the dotted name that follows, past type parameters
/// (`fun <T> List<T>.render(` declares `render`). Read from words and
/// punctuation, comments and strings included: a name too many only loads
/// a file for nothing.
pub fn declared_after(text: &str, keywords: &[&str]) -> Vec<String> {
    let tokens: Vec<&str> = tokens(text).collect();
    let ident = |t: &str| t.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_');
    // Past a `<...>` group starting at `i`, if one does (bounded).
    let skip_angles = |mut i: usize| {
        if tokens.get(i) != Some(&"<") {
            return i;
        }
        let mut depth = 0usize;
        for _ in 0..64 {
            match tokens.get(i) {
                Some(&"<") => depth += 1,
                Some(&">") => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                None => return i,
                _ => {}
            }
            i += 1;
        }
        i
    };
    let mut out = vec![];
    for (i, t) in tokens.iter().enumerate() {
        if !keywords.contains(t) {
            continue;
        }
        let mut j = skip_angles(i + 1);
        let mut name = None;
        while let Some(word) = tokens.get(j).filter(|w| ident(w) && !keywords.contains(w)) {
            name = Some(*word);
            j = skip_angles(j + 1);
            if tokens.get(j) != Some(&".") {
                break;
            }
            j += 1;
        }
        out.extend(name.map(str::to_string));
    }
    out.sort();
    out.dedup();
    out
}

/// Words and single punctuation characters, whitespace skipped.
pub(super) fn tokens(text: &str) -> impl Iterator<Item = &str> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut rest = text;
    std::iter::from_fn(move || {
        rest = rest.trim_start();
        let c = rest.chars().next()?;
        let len = if word(c) { rest.find(|c: char| !word(c)).unwrap_or(rest.len()) } else { c.len_utf8() };
        let (t, tail) = rest.split_at(len);
        rest = tail;
        Some(t)
    })
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
    fn names_declared_after_keywords() {
        let kotlin = ["fun", "val", "var", "class", "object", "interface", "typealias"];
        let text = "class Foo\n\nfun <T> List<T>.render(x: T) = 1\nval Tool.label get() = name\n\
                    object : Base {}\nprivate const val LIMIT = 3\nfun interface Gate { fun open() }";
        assert_eq!(declared_after(text, &kotlin), ["Foo", "Gate", "LIMIT", "label", "open", "render"]);
        let java = ["class", "interface", "enum", "record"];
        let text = "public class Tools<T extends A> { enum Mode { A } } @interface Marked {}";
        assert_eq!(declared_after(text, &java), ["Marked", "Mode", "Tools"]);
    }

    #[test]
    fn identifiers_are_words_not_numbers() {
        let words: Vec<&str> = identifiers("x1 = 2e5 + _y.Zé(\"s t\")").collect();
        assert_eq!(words, ["x1", "_y", "Zé", "s", "t"]);
    }
}
