//! Source files and spans.
//!
//! Every file the run touches — linted, loaded on demand to follow an import,
//! or merely named in an I/O error — gets a [`FileId`] in the [`SourceMap`].
//! Frontends record byte ranges only; line/column are computed lazily from a
//! per-file line index the first time a renderer asks, so files without
//! findings never build one.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::model::Lang;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A byte range inside one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start: start as u32, end: end.max(start) as u32 }
    }
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// 1-based line and character column of both ends of a span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
}

pub struct SourceFile {
    pub id: FileId,
    /// The path as found on disk (used to read it and to follow imports).
    pub path: PathBuf,
    /// The path shown to users: relative to the working directory, `/` separated.
    pub display: String,
    pub text: Arc<str>,
    pub lang: Option<Lang>,
    line_starts: OnceLock<Vec<u32>>,
}

impl SourceFile {
    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            // A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files).
            let b = self.text.as_bytes();
            let mut starts = vec![0u32];
            starts.extend(
                (0..b.len())
                    .filter(|&i| b[i] == b'\n' || (b[i] == b'\r' && b.get(i + 1) != Some(&b'\n')))
                    .map(|i| i as u32 + 1),
            );
            starts
        })
    }

    /// 1-based (line, character column) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let offset = offset.min(self.text.len() as u32);
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset) - 1;
        let line_start = starts[line] as usize;
        let mut end = offset as usize;
        while end > line_start && !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let col = self.text[line_start..end].chars().count() as u32 + 1;
        (line as u32 + 1, col)
    }

    pub fn location(&self, span: Span) -> Location {
        let (line, column) = self.line_col(span.start);
        let (end_line, end_column) = self.line_col(span.end);
        Location { line, column, end_line, end_column }
    }

    /// The text for renderers that split lines at `\n` only.
    pub fn display_text(&self) -> std::borrow::Cow<'_, str> {
        normalize_line_endings(&self.text)
    }

    /// The source text of a span.
    pub fn slice(&self, span: Span) -> &str {
        self.text.get(span.range()).unwrap_or("")
    }
}

/// Append-only registry of every file of the run. Shared between threads.
#[derive(Default)]
pub struct SourceMap {
    files: Mutex<Vec<Arc<SourceFile>>>,
    cwd: PathBuf,
}

impl SourceMap {
    pub fn new(cwd: PathBuf) -> SourceMap {
        SourceMap { files: Mutex::new(Vec::new()), cwd }
    }

    pub fn add(&self, path: &Path, text: Arc<str>, lang: Option<Lang>) -> Arc<SourceFile> {
        let mut files = self.files.lock().expect("source map lock poisoned");
        let id = FileId(files.len() as u32);
        let file = Arc::new(SourceFile {
            id,
            path: path.to_path_buf(),
            display: display_path(path, &self.cwd),
            text,
            lang,
            line_starts: OnceLock::new(),
        });
        files.push(file.clone());
        file
    }

    pub fn get(&self, id: FileId) -> Arc<SourceFile> {
        self.files.lock().expect("source map lock poisoned")[id.0 as usize].clone()
    }

    pub fn location(&self, span: Span) -> Location {
        self.get(span.file).location(span)
    }
}

/// `text` with every lone `\r` (an old Mac line ending) made `\n`, for
/// parsers and renderers that know only `\n` and `\r\n`. The length is
/// the same, so byte spans into either text agree.
pub fn normalize_line_endings(text: &str) -> std::borrow::Cow<'_, str> {
    let b = text.as_bytes();
    let lone = |i: usize| b[i] == b'\r' && b.get(i + 1) != Some(&b'\n');
    if !memchr::memchr_iter(b'\r', b).any(lone) {
        return std::borrow::Cow::Borrowed(text);
    }
    let out: Vec<u8> = (0..b.len()).map(|i| if lone(i) { b'\n' } else { b[i] }).collect();
    // Only ASCII bytes changed, so the text is still UTF-8.
    std::borrow::Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string()))
}

/// A path relative to `cwd` when it lies below it, with `/` separators.
pub fn display_path(path: &Path, cwd: &Path) -> String {
    let rel = if path.is_absolute() { path.strip_prefix(cwd).unwrap_or(path) } else { path };
    let rel = rel.strip_prefix(".").unwrap_or(rel);
    let mut out = String::new();
    for (i, part) in rel.components().enumerate() {
        if i > 0 && !out.ends_with('/') {
            out.push('/');
        }
        out.push_str(&part.as_os_str().to_string_lossy());
    }
    if out.is_empty() {
        ".".to_string()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> SourceFile {
        SourceFile {
            id: FileId(0),
            path: PathBuf::from("x"),
            display: "x".into(),
            text: text.into(),
            lang: None,
            line_starts: OnceLock::new(),
        }
    }

    #[test]
    fn every_line_ending_starts_a_line() {
        for (text, at) in [("a\nb\nc", 4), ("a\r\nb\r\nc", 6), ("a\rb\rc", 4), ("a\r\nb\rc", 5), ("a\nb\r\nc", 5)] {
            assert_eq!(file(text).line_col(at), (3, 1), "{text:?}");
            assert_eq!(&text[at as usize..], "c");
        }
        // The `\n` of a `\r\n` is on the line the `\r` ends.
        assert_eq!(file("a\r\nb").line_col(2), (1, 3));
    }

    #[test]
    fn normalising_keeps_offsets() {
        assert!(matches!(normalize_line_endings("a\r\nb\n"), std::borrow::Cow::Borrowed(_)));
        let n = normalize_line_endings("é\rb\r\nc\r");
        assert_eq!(n, "é\nb\r\nc\n");
    }
}
