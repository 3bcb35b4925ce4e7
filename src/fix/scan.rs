//! A token skeleton of source text, enough to edit argument lists and
//! object literals in place: brackets, commas, identifiers, with strings
//! and comments recognised (per language) so that nothing inside them is
//! taken for structure. Linear in the text; no recursion.

use crate::lang::Lang;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Open(u8),
    Close(u8),
    Comma,
    /// An identifier or keyword (`[A-Za-z0-9_$]+`).
    Ident,
    Str,
    Comment,
    /// Any other character (operators, `=`, `:`, `.`, `@`, `&`).
    Punct(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tok {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

fn ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// The tokens of `text`, whitespace left out.
pub fn tokens(text: &str, lang: Lang) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let hash_comments = lang == Lang::Python;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let kind = if c.is_ascii_whitespace() {
            i += 1;
            continue;
        } else if hash_comments && c == b'#' || !hash_comments && c == b'/' && b.get(i + 1) == Some(&b'/') {
            i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
            Kind::Comment
        } else if !hash_comments && c == b'/' && b.get(i + 1) == Some(&b'*') {
            i = memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |n| i + 2 + n + 2);
            Kind::Comment
        } else if let Some(end) = string_end(b, i, lang) {
            i = end;
            Kind::Str
        } else if ident_byte(c) {
            while i < b.len() && ident_byte(b[i]) {
                i += 1;
            }
            Kind::Ident
        } else {
            i += 1;
            match c {
                b'(' | b'[' | b'{' => Kind::Open(c),
                b')' | b']' | b'}' => Kind::Close(c),
                b',' => Kind::Comma,
                _ => Kind::Punct(c),
            }
        };
        out.push(Tok { kind, start, end: i });
    }
    out
}

/// Where a string (or char) literal starting at `i` ends, if one does.
fn string_end(b: &[u8], i: usize, lang: Lang) -> Option<usize> {
    let mut j = i;
    // Prefixes: Python `rb"`, `f"`; C# `@"`, `$"`; Rust `r#"`, `b"`.
    let prefix_len = b[i..]
        .iter()
        .take_while(|c| matches!(c, b'r' | b'b' | b'f' | b'u' | b'R' | b'B' | b'F' | b'U' | b'@' | b'$'))
        .count();
    let prefixed = prefix_len > 0 && prefix_len <= 3;
    if prefixed {
        j += prefix_len;
        // A prefix is only one in front of a quote (else: an identifier).
        let raw_hashes = if lang == Lang::Rust { b[j..].iter().take_while(|c| **c == b'#').count() } else { 0 };
        if lang == Lang::Rust && raw_hashes > 0 && b.get(j + raw_hashes) == Some(&b'"') {
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', raw_hashes)).collect();
            let from = j + raw_hashes + 1;
            return Some(memchr::memmem::find(&b[from..], &close).map_or(b.len(), |n| from + n + close.len()));
        }
        if !matches!(b.get(j), Some(b'"' | b'\'')) {
            return None;
        }
        // An identifier that merely ends in such letters (`bar"`) is not
        // a prefix: only at a word start.
        if i > 0 && ident_byte(b[i - 1]) {
            return None;
        }
    }
    let q = *b.get(j)?;
    if !matches!(q, b'"' | b'\'' | b'`') {
        return None;
    }
    if q == b'`' && !matches!(lang, Lang::TypeScript | Lang::JavaScript | Lang::Go | Lang::Kotlin) {
        return None;
    }
    // A Rust `'` opens a char literal only when one closes it right after.
    if q == b'\'' && lang == Lang::Rust {
        let close = if b.get(j + 1) == Some(&b'\\') {
            b[j + 2..].iter().take(10).position(|c| *c == b'\'').map(|n| j + 2 + n)
        } else {
            (b.get(j + 2) == Some(&b'\'')).then_some(j + 2)
        };
        return close.map(|c| c + 1).or(Some(j + 1)).filter(|_| close.is_some());
    }
    let triple = matches!(lang, Lang::Python | Lang::Kotlin | Lang::Java)
        && b.get(j + 1) == Some(&q)
        && b.get(j + 2) == Some(&q);
    if triple {
        let close = [q, q, q];
        let from = j + 3;
        return Some(memchr::memmem::find(&b[from..], &close).map_or(b.len(), |n| from + n + 3));
    }
    let verbatim = lang == Lang::CSharp && b[i..j].contains(&b'@');
    let raw = q == b'`' && lang == Lang::Go || lang == Lang::Python && b[i..j].iter().any(|c| matches!(c, b'r' | b'R'));
    // `${...}` in Kotlin strings and JavaScript templates, `{...}` in C#'s
    // `$"..."`: code, which may span lines and hold quotes of its own.
    let dollar = matches!(lang, Lang::Kotlin) || q == b'`' && matches!(lang, Lang::TypeScript | Lang::JavaScript);
    let braces = lang == Lang::CSharp && b[i..j].contains(&b'$');
    let mut k = j + 1;
    while k < b.len() {
        let c = b[k];
        // `{{` is a literal brace in C#.
        if braces && c == b'{' && b.get(k + 1) == Some(&b'{') {
            k += 2;
            continue;
        }
        if dollar && c == b'$' && b.get(k + 1) == Some(&b'{') || braces && c == b'{' {
            k = skip_braces(b, if c == b'$' { k + 1 } else { k });
            continue;
        }
        if c == b'\\' && !verbatim && !(raw && lang == Lang::Go) {
            k += 2;
            continue;
        }
        if c == q {
            if verbatim && b.get(k + 1) == Some(&q) {
                k += 2;
                continue;
            }
            return Some(k + 1);
        }
        // An unterminated one-line string ends with its line (no runaway);
        // Rust's strings and C#'s verbatim ones may span lines.
        if c == b'\n' && q != b'`' && lang != Lang::Rust && !verbatim {
            return Some(k);
        }
        k += 1;
    }
    Some(b.len())
}

/// The index after the `}` that closes the `{` at `open`, quoted text
/// inside skipped (escapes honoured); the end of the text if none does.
fn skip_braces(b: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    let mut k = open;
    while k < b.len() {
        match b[k] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            q @ (b'"' | b'\'' | b'`') => {
                k += 1;
                while k < b.len() && b[k] != q {
                    k += if b[k] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        k += 1;
    }
    b.len()
}

/// For each opening bracket token, the index of its closing one (if any).
pub fn matching(toks: &[Tok]) -> Vec<Option<usize>> {
    let mut out = vec![None; toks.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            Kind::Open(_) => stack.push(i),
            Kind::Close(_) => {
                if let Some(o) = stack.pop() {
                    out[o] = Some(i);
                }
            }
            _ => {}
        }
    }
    out
}

/// The top-level entries between the tokens `open` and `close` (exclusive):
/// each entry's token index range, comments apart; and whether the last
/// entry is followed by a comma.
pub fn entries(toks: &[Tok], open: usize, close: usize) -> (Vec<std::ops::Range<usize>>, bool) {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut first: Option<usize> = None;
    let mut last = 0;
    let mut trailing = false;
    for (i, t) in toks.iter().enumerate().take(close).skip(open + 1) {
        match t.kind {
            Kind::Comment => continue,
            Kind::Open(_) => depth += 1,
            Kind::Close(_) => depth = depth.saturating_sub(1),
            Kind::Comma if depth == 0 => {
                if let Some(f) = first.take() {
                    out.push(f..last + 1);
                }
                trailing = true;
                continue;
            }
            _ => {}
        }
        trailing = false;
        first.get_or_insert(i);
        last = i;
    }
    if let Some(f) = first {
        out.push(f..last + 1);
    }
    (out, trailing)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str, lang: Lang) -> Vec<Kind> {
        tokens(text, lang).into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn strings_and_comments_hide_structure() {
        let k = kinds("f(\"a, (b\", x)  # c)", Lang::Python);
        assert_eq!(
            k,
            vec![Kind::Ident, Kind::Open(b'('), Kind::Str, Kind::Comma, Kind::Ident, Kind::Close(b')'), Kind::Comment]
        );
        let k = kinds("f('it''s') // )", Lang::TypeScript);
        assert_eq!(k.iter().filter(|k| matches!(k, Kind::Close(_))).count(), 1);
        let k = kinds("a(r#\"x)\"#, 'y', 'z)", Lang::Rust);
        assert_eq!(k.iter().filter(|k| matches!(k, Kind::Close(_))).count(), 1);
        let k = kinds("A(@\"a\"\")\", \"\"\"", Lang::CSharp);
        assert_eq!(k[2], Kind::Str);
    }

    #[test]
    fn rust_strings_span_lines() {
        let k = kinds("#[tool(description = \"a \\\\\n (b \\\\\")]", Lang::Rust);
        assert_eq!(k.iter().filter(|k| matches!(k, Kind::Close(_))).count(), 2, "{k:?}");
    }

    #[test]
    fn interpolations_may_span_lines() {
        let text = "put(\"Env (${\n x(\"a)\")\n}) y\"), f(z)";
        let k = kinds(text, Lang::Kotlin);
        assert_eq!(k.iter().filter(|k| matches!(k, Kind::Close(b')'))).count(), 2, "{k:?}");
        let k = kinds("g(`a ${ \"}\" + `b` } c`)", Lang::TypeScript);
        assert_eq!(k, vec![Kind::Ident, Kind::Open(b'('), Kind::Str, Kind::Close(b')')]);
        let k = kinds("g($\"a {x(\")\")} {{ b\")", Lang::CSharp);
        assert_eq!(k, vec![Kind::Ident, Kind::Open(b'('), Kind::Str, Kind::Close(b')')]);
    }

    #[test]
    fn entries_and_trailing_comma() {
        let text = "f(a, g(b, c), d,)";
        let toks = tokens(text, Lang::Python);
        let m = matching(&toks);
        let close = m[1].unwrap();
        let (es, trailing) = entries(&toks, 1, close);
        assert_eq!(es.len(), 3);
        assert!(trailing);
        let (es, trailing) = entries(&toks, 5, m[5].unwrap());
        assert_eq!((es.len(), trailing), (2, false));
    }

    #[test]
    fn unterminated_input_ends() {
        for text in ["f(\"abc", "f('''", "/* x", "`${"] {
            let _ = matching(&tokens(text, Lang::TypeScript));
            let _ = matching(&tokens(text, Lang::Python));
        }
    }
}
