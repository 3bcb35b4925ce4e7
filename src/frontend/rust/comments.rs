//! Comment spans of a Rust file. proc-macro2 and syn drop comments (doc
//! comments become attributes), so a small lexer finds them: it skips
//! string, byte-string, raw-string and char literals, tells a char literal
//! from a lifetime, and nests block comments as rustc does.

use std::ops::Range;

/// Byte ranges of every comment in `text`, in order. Never panics; an
/// unterminated literal or comment runs to the end of the file.
pub fn comments(text: &str) -> Vec<Range<usize>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
                out.push(i..end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = block_end(b, i);
                out.push(i..end);
                i = end;
            }
            b'"' => i = string_end(b, i + 1),
            b'r' | b'b' | b'c' if starts_ident(b, i) => i = prefixed_literal_end(b, i),
            b'\'' => i = char_or_lifetime_end(b, i),
            _ => i += 1,
        }
    }
    out
}

/// `i` starts an identifier (not the tail of one such as `for`).
fn starts_ident(b: &[u8], i: usize) -> bool {
    i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

fn block_end(b: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i + 1 < b.len() {
        match (b[i], b[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// After the opening quote of a (non-raw) string: the index past its close.
fn string_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// `r"…"`, `r#"…"#`, `b"…"`, `br#"…"#`, `b'x'`, `c"…"`, `cr#"…"#`; or an
/// identifier that merely starts with one of those letters.
fn prefixed_literal_end(b: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    if b[start] != b'r' && b.get(i) == Some(&b'r') {
        i += 1;
    }
    let raw = b[start] == b'r' || b[i - 1] == b'r';
    if raw {
        let hashes = b[i..].iter().take_while(|&&c| c == b'#').count();
        if b.get(i + hashes) != Some(&b'"') {
            return ident_end(b, start);
        }
        let mut j = i + hashes + 1;
        while j < b.len() {
            if b[j] == b'"' && b[j + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes {
                return j + 1 + hashes;
            }
            j += 1;
        }
        return b.len();
    }
    match b.get(i) {
        Some(b'"') => string_end(b, i + 1),
        Some(b'\'') if b[start] == b'b' => char_or_lifetime_end(b, i),
        _ => ident_end(b, start),
    }
}

fn ident_end(b: &[u8], start: usize) -> usize {
    start + b[start..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count().max(1)
}

/// At a `'`: skip a char literal (`'x'`, `'\n'`, `'\u{1F600}'`, `'é'`) or
/// just the quote of a lifetime / label (`'a`, `'static`).
fn char_or_lifetime_end(b: &[u8], start: usize) -> usize {
    let i = start + 1;
    match b.get(i) {
        Some(b'\\') => {
            // The escaped character, then up to `\u{10FFFF}`'s worth, then `'`.
            let from = (i + 2).min(b.len());
            let close = b[from..].iter().take(10).position(|&c| c == b'\'');
            close.map_or(i, |n| from + n + 1)
        }
        Some(&c) => {
            // One character (UTF-8 may take up to four bytes), then `'`.
            let len = match c {
                0xF0..=0xFF => 4,
                0xE0..=0xEF => 3,
                0xC0..=0xDF => 2,
                _ => 1,
            };
            if b.get(i + len) == Some(&b'\'') {
                i + len + 1
            } else {
                i
            }
        }
        None => i,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<&str> {
        comments(src).into_iter().map(|r| &src[r]).collect()
    }

    #[test]
    fn finds_comments_and_skips_literals() {
        let src = "let a = \"// not\"; // yes\nlet b = r#\"/* \" not */\"#; /* one /* nested */ block */\nfn f<'a>(x: &'a str) -> char { '\"' } // after char\nlet c = b\"//\"; let d = '\\''; // q\nlet e = br##\"x\"#//\"##; let über = 1; // ü\n";
        assert_eq!(texts(src), ["// yes", "/* one /* nested */ block */", "// after char", "// q", "// ü"]);
    }

    #[test]
    fn doc_comments_are_comments_and_identifiers_are_not_prefixes() {
        let src = "/// doc\n//! inner\nlet bar = 1; let r = 2; let br = \"x\"; // end\n";
        assert_eq!(texts(src), ["/// doc", "//! inner", "// end"]);
    }

    #[test]
    fn unterminated_input_never_panics() {
        for src in ["\"open", "r#\"open", "/* open /* deeper */", "'", "b'", "'\\", "r", "br#", "'é", "c\"x"] {
            let _ = comments(src);
        }
        assert_eq!(texts("/* open"), ["/* open"]);
    }
}
