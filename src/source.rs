//! Source files and spans.
//!
//! Every file the run touches — linted, loaded on demand to follow an import,
//! or merely named in an I/O error — gets a [`FileId`] in the [`SourceMap`].
//! Frontends record byte ranges only; line/column are computed lazily from a
//! per-file line index the first time a renderer asks, so files without
//! findings never build one.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::lang::Lang;

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
    /// Whether `inner` lies within this span (same file).
    pub fn contains(&self, inner: Span) -> bool {
        self.file == inner.file && self.start <= inner.start && inner.end <= self.end
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
    /// False for text that is no file (a server's `tools/list` listing):
    /// renderers name no file for it and fall back to the tool name.
    pub on_disk: bool,
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

    /// The whole lines that hold the byte range `r`, from the start of its
    /// first line to the end of its last (line break included): the 1-based
    /// number of the first line and the lines' byte range.
    pub fn lines_holding(&self, r: std::ops::Range<usize>) -> (u32, std::ops::Range<usize>) {
        let starts = self.line_starts();
        let line_of = |o: usize| starts.partition_point(|&s| s as usize <= o) - 1;
        let (first, last) = (line_of(r.start.min(self.text.len())), line_of(r.end.min(self.text.len())));
        let end = starts.get(last + 1).map_or(self.text.len(), |&s| s as usize);
        (first as u32 + 1, starts[first] as usize..end)
    }

    /// The text of `lines` for renderers that split lines at `\n` only
    /// (a lone `\r` becomes `\n`; offsets stay the same).
    pub fn display_lines(&self, lines: std::ops::Range<usize>) -> std::borrow::Cow<'_, str> {
        normalize_line_endings(self.text.get(lines).unwrap_or(""))
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
            on_disk: true,
            line_starts: OnceLock::new(),
        });
        files.push(file.clone());
        file
    }

    /// Text that is not a file on disk, shown as `name`.
    pub fn add_virtual(&self, name: &str, text: Arc<str>) -> Arc<SourceFile> {
        let mut files = self.files.lock().expect("source map lock poisoned");
        let id = FileId(files.len() as u32);
        let file = Arc::new(SourceFile {
            id,
            path: PathBuf::new(),
            display: name.to_string(),
            text,
            lang: None,
            on_disk: false,
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

/// A path relative to `cwd` when it lies below it, with `/` separators,
/// escaped by [`escape_os`].
pub fn display_path(path: &Path, cwd: &Path) -> String {
    let rel = if path.is_absolute() { path.strip_prefix(cwd).unwrap_or(path) } else { path };
    let rel = rel.strip_prefix(".").unwrap_or(rel);
    let mut out = String::new();
    for (i, part) in rel.components().enumerate() {
        if i > 0 && !out.ends_with('/') {
            out.push('/');
        }
        out.push_str(&escape_os(part.as_os_str()));
    }
    if out.is_empty() {
        ".".to_string()
    } else {
        out
    }
}

/// A whole path, escaped by [`escape_os`] (for paths the user typed).
pub fn escape_path(path: &Path) -> String {
    escape_os(path.as_os_str())
}

/// A file name made safe to print and lossless: `\` is doubled, and every
/// byte that is not valid UTF-8, or belongs to a control character (C0, DEL,
/// C1: terminal escapes) or a bidirectional control (Trojan Source
/// reordering), is written `\xHH`. Reversing the two escapes gives back
/// the exact bytes, so non-UTF-8 names round-trip through JSON.
pub fn escape_os(s: &std::ffi::OsStr) -> String {
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStrExt::as_bytes(s);
    #[cfg(not(unix))]
    let lossy = s.to_string_lossy();
    #[cfg(not(unix))]
    let bytes = lossy.as_bytes();
    let mut out = String::with_capacity(bytes.len());
    let hex = |out: &mut String, b: u8| out.push_str(&format!("\\x{b:02X}"));
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '\\' {
                out.push_str("\\\\");
            } else if c.is_control() || is_bidi_control(c) {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    hex(&mut out, b);
                }
            } else {
                out.push(c);
            }
        }
        for &b in chunk.invalid() {
            hex(&mut out, b);
        }
    }
    out
}

/// Text from the linted source (a tool name inside a message) made safe for
/// a terminal: control and bidirectional characters are written `\xHH`
/// like in file names; nothing else changes (not meant to be reversed).
pub fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() || is_bidi_control(c) {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The bytes an [`escape_os`] string stands for (`\\` and `\xHH` undone).
pub fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'\\') {
            out.push(b'\\');
            i += 2;
            continue;
        }
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'x') {
            if let Some(v) = s.get(i + 2..i + 4).and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(v);
                i += 4;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_safe_and_lossless() {
        use std::ffi::OsStr;
        assert_eq!(escape_os(OsStr::new("plain/é.py")), "plain/é.py");
        assert_eq!(escape_os(OsStr::new("a\x1b[31mb\n.py")), "a\\x1B[31mb\\x0A.py");
        assert_eq!(escape_os(OsStr::new("back\\slash")), "back\\\\slash");
        assert_eq!(escape_os(OsStr::new("\u{9b}\u{202e}")), "\\xC2\\x9B\\xE2\\x80\\xAE");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            assert_eq!(escape_os(OsStr::from_bytes(b"caf\xe9.py")), "caf\\xE9.py");
            // A literal `\xE9` in a name stays distinguishable from the byte.
            assert_eq!(escape_os(OsStr::new("caf\\xE9.py")), "caf\\\\xE9.py");
            for name in [&b"caf\xe9\\xE9\\\\.py"[..], b"\x1b]0;x\x07", b"\xc2\x9b\xff\xfe", "é\u{202e}".as_bytes()] {
                assert_eq!(unescape(&escape_os(OsStr::from_bytes(name))), name);
            }
        }
    }
    fn file(text: &str) -> SourceFile {
        SourceFile {
            id: FileId(0),
            path: PathBuf::from("x"),
            display: "x".into(),
            text: text.into(),
            lang: None,
            on_disk: true,
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
