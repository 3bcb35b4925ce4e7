//! The search for files `syn` cannot parse (a syntax error, unbalanced
//! brackets, nesting too deep to hand to a recursive parser).
//!
//! A small lexer blanks comments, strings and char literals (offsets kept),
//! so that what remains is code. The scan then cuts out the pieces that
//! matter — `use …;`, `mod x;`, `const`/`static` items, `struct`s and the
//! `#[tool(…)]` / `#[mcp_tool(…)]` attributes with the item they sit on —
//! and parses each piece on its own with `syn`. It never recurses on the
//! input's nesting.

use syn::parse::Parser;

use super::attrs::attr_name;
use super::paths::ident;
use super::Cx;
use crate::model::Import;

/// Pieces nesting deeper than this are not handed to `syn`.
const MAX_PIECE_NESTING: usize = 128;
/// Pieces longer than this are not parsed.
const MAX_PIECE_LEN: usize = 256 * 1024;

/// The text with comments, string and char literals replaced by spaces
/// (newlines kept), byte for byte.
pub(super) fn blank(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let n = b.len();
    let mut i = 0;
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
    let wipe = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in out.iter_mut().take(to.min(n)).skip(from) {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < n {
        let c = b[i];
        let prev_ident = i > 0 && is_ident(b[i - 1]);
        if c == b'/' && i + 1 < n && b[i + 1] == b'/' {
            let end = b[i..].iter().position(|&x| x == b'\n').map_or(n, |p| i + p);
            wipe(&mut out, i, end);
            i = end;
        } else if c == b'/' && i + 1 < n && b[i + 1] == b'*' {
            let (mut j, mut depth) = (i + 2, 1);
            while j < n && depth > 0 {
                if b[j] == b'/' && j + 1 < n && b[j + 1] == b'*' {
                    depth += 1;
                    j += 2;
                } else if b[j] == b'*' && j + 1 < n && b[j + 1] == b'/' {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            wipe(&mut out, i, j);
            i = j;
        } else if !prev_ident && (c == b'r' || ((c == b'b' || c == b'c') && i + 1 < n && b[i + 1] == b'r')) {
            // Raw string `r#"…"#`, `br"…"`, `cr"…"`, or an identifier.
            let mut j = if c == b'r' { i + 1 } else { i + 2 };
            let hashes_start = j;
            while j < n && b[j] == b'#' {
                j += 1;
            }
            let hashes = j - hashes_start;
            if j < n && b[j] == b'"' {
                let mut k = j + 1;
                loop {
                    if k >= n {
                        break;
                    }
                    if b[k] == b'"' && b[k + 1..].iter().take(hashes).filter(|&&h| h == b'#').count() == hashes {
                        k += 1 + hashes;
                        break;
                    }
                    k += 1;
                }
                wipe(&mut out, i, k);
                i = k;
            } else {
                i += 1;
            }
        } else if c == b'"' {
            let mut j = i + 1;
            while j < n && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            wipe(&mut out, i, j + 1);
            i = j + 1;
        } else if c == b'\'' {
            // A char literal, or a lifetime / label.
            if i + 1 < n && b[i + 1] == b'\\' {
                let mut j = i + 2;
                while j < n && b[j] != b'\'' && b[j] != b'\n' {
                    j += 1;
                }
                wipe(&mut out, i, j + 1);
                i = j + 1;
            } else {
                let ch_len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                if i + 1 + ch_len < n && b[i + 1 + ch_len] == b'\'' {
                    wipe(&mut out, i, i + 2 + ch_len);
                    i += 2 + ch_len;
                } else {
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

struct Scan<'c> {
    code: &'c [u8],
}

impl Scan<'_> {
    fn is_ident(c: u8) -> bool {
        c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
    }

    /// Whether `word` starts at `i` as a whole word.
    fn word_at(&self, i: usize, word: &str) -> bool {
        let w = word.as_bytes();
        self.code.get(i..i + w.len()) == Some(w)
            && (i == 0 || !Self::is_ident(self.code[i - 1]))
            && self.code.get(i + w.len()).is_none_or(|&c| !Self::is_ident(c))
    }

    fn skip_ws(&self, mut i: usize) -> usize {
        while i < self.code.len() && self.code[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    }

    /// An identifier at `i` (without the `r#` of a raw identifier).
    fn ident_at(&self, mut i: usize) -> Option<(usize, usize)> {
        if self.code.get(i..i + 2) == Some(b"r#") && self.code.get(i + 2).is_some_and(|&c| Self::is_ident(c)) {
            i += 2;
        }
        let mut j = i;
        while j < self.code.len() && Self::is_ident(self.code[j]) {
            j += 1;
        }
        (j > i).then_some((i, j))
    }

    /// The end (exclusive) of the bracket group opening at `open`, and its
    /// nesting depth.
    fn group_end(&self, open: usize) -> Option<(usize, usize)> {
        let (mut depth, mut max) = (0usize, 0usize);
        for (k, &c) in self.code.iter().enumerate().skip(open) {
            match c {
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    max = max.max(depth);
                }
                b')' | b']' | b'}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some((k + 1, max));
                    }
                }
                _ => {}
            }
            if k - open > MAX_PIECE_LEN {
                return None;
            }
        }
        None
    }

    /// The end (after `;`) of an item starting at `start`, with its nesting.
    fn item_end(&self, start: usize, braces_end: bool) -> Option<(usize, usize)> {
        let (mut depth, mut max) = (0usize, 0usize);
        for (k, &c) in self.code.iter().enumerate().skip(start) {
            match c {
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    max = max.max(depth);
                }
                b')' | b']' | b'}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 && c == b'}' && braces_end {
                        return Some((k + 1, max));
                    }
                }
                b';' if depth == 0 => return Some((k + 1, max)),
                _ => {}
            }
            if k - start > MAX_PIECE_LEN {
                return None;
            }
        }
        None
    }
}

/// Parse `text[start..end]` with `parser`, spans placed at `start`.
fn piece<T>(cx: &mut Cx, start: usize, end: usize, parser: impl Parser<Output = T>) -> Option<T> {
    let src = cx.text.get(start..end)?;
    let tokens: proc_macro2::TokenStream = src.parse().ok()?;
    cx.base = start;
    parser.parse2(tokens).ok()
}

pub fn scan(cx: &mut Cx) {
    let code = blank(cx.text);
    let s = Scan { code: &code };
    let n = code.len();
    // Pass 1: module names and structs; pass 2: everything else.
    for pass in 0..2 {
        let mut i = 0;
        while i < n {
            let c = code[i];
            if !(c == b'#' || c.is_ascii_alphabetic()) || (i > 0 && Scan::is_ident(code[i - 1])) {
                i += 1;
                continue;
            }
            i = match pass {
                0 => names_at(cx, &s, i),
                _ => item_at(cx, &s, i),
            }
            .max(i + 1);
        }
    }
    cx.base = 0;
}

/// `mod x;` / `mod x {` and `struct S { .. }`: returns where to go on.
fn names_at(cx: &mut Cx, s: &Scan, i: usize) -> usize {
    if s.word_at(i, "mod") {
        let j = s.skip_ws(i + 3);
        if let Some((a, b)) = s.ident_at(j) {
            let name = cx.text[a..b].to_string();
            match s.code.get(s.skip_ws(b)) {
                Some(b';') => {
                    cx.file_mods.insert(name);
                }
                Some(b'{') => {
                    cx.inline_mods.insert(name);
                }
                _ => {}
            }
        }
    } else if s.word_at(i, "struct") {
        if let Some((end, depth)) = s.item_end(i, true) {
            if depth <= MAX_PIECE_NESTING {
                if let Some(st) = piece(cx, i, end, |input: syn::parse::ParseStream| input.parse::<syn::ItemStruct>()) {
                    if let syn::Fields::Named(f) = &st.fields {
                        let fields = f.named.iter().filter_map(|f| f.ident.as_ref().map(ident)).collect();
                        cx.structs.insert(ident(&st.ident), fields);
                    }
                }
            }
        }
    }
    i + 1
}

fn item_at(cx: &mut Cx, s: &Scan, i: usize) -> usize {
    if s.word_at(i, "use") {
        if let Some((end, depth)) = s.item_end(i, false) {
            if depth <= MAX_PIECE_NESTING {
                if let Some(u) = piece(cx, i, end, |input: syn::parse::ParseStream| input.parse::<syn::ItemUse>()) {
                    let span = cx.sspan(&u);
                    cx.use_tree(&u.tree, &mut vec![], u.leading_colon.is_some(), span);
                }
                return end;
            }
        }
    } else if s.word_at(i, "mod") {
        let j = s.skip_ws(i + 3);
        if let Some((a, b)) = s.ident_at(j) {
            if s.code.get(s.skip_ws(b)) == Some(&b';') {
                let name = cx.text[a..b].to_string();
                let module = if cx.mod_rs { format!("@::{name}") } else { format!("@::{}::{name}", cx.stem) };
                let span = crate::source::Span::new(cx.file, i, b);
                cx.facts.imports.push(Import { local: name, module, member: None, span });
            }
        }
    } else if s.code[i] == b'#' {
        return attribute_at(cx, s, i);
    }
    i + 1
}

/// `#[tool(..)]` / `#[mcp_tool(..)]` and the `fn` / `struct` it is on.
fn attribute_at(cx: &mut Cx, s: &Scan, i: usize) -> usize {
    let open = s.skip_ws(i + 1);
    if s.code.get(open) != Some(&b'[') {
        return i + 1;
    }
    let Some((end, depth)) = s.group_end(open) else { return i + 1 };
    if depth > MAX_PIECE_NESTING {
        return end;
    }
    // The path's last segment, read from the code.
    let head = String::from_utf8_lossy(&s.code[open + 1..end - 1]);
    let path: String =
        head.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
    let last = path.rsplit("::").next().unwrap_or("");
    if last != "tool" && last != "mcp_tool" {
        return end;
    }
    // What the attribute is on: skip other attributes and modifiers.
    let mut j = s.skip_ws(end);
    loop {
        if s.code.get(j) == Some(&b'#') {
            let o = s.skip_ws(j + 1);
            match s.group_end(o) {
                Some((e, _)) if s.code.get(o) == Some(&b'[') => j = s.skip_ws(e),
                _ => return end,
            }
        } else if let Some(w) =
            ["pub", "async", "unsafe", "const", "extern", "default"].iter().find(|w| s.word_at(j, w))
        {
            j = s.skip_ws(j + w.len());
            if s.code.get(j) == Some(&b'(') {
                match s.group_end(j) {
                    Some((e, _)) => j = s.skip_ws(e),
                    None => return end,
                }
            }
        } else {
            break;
        }
    }
    let keyword = if last == "tool" { "fn" } else { "struct" };
    if !s.word_at(j, keyword) {
        return end;
    }
    let Some((a, b)) = s.ident_at(s.skip_ws(j + keyword.len())) else { return end };
    let item_name = cx.text[a..b].to_string();
    let attrs = piece(cx, i, end, syn::Attribute::parse_outer);
    let Some(attr) = attrs.and_then(|mut v| v.pop()) else { return end };
    if attr_name(&attr) != last {
        return end;
    }
    let site = if last == "tool" {
        let params = fn_params(cx, s, b);
        let name_span = crate::source::Span::new(cx.file, a, b);
        cx.tool_attr(&attr, (item_name, name_span), params)
    } else {
        let params = cx.structs.get(&item_name).cloned();
        cx.mcp_tool_attr(&attr, params)
    };
    cx.facts.tools.push(site);
    end
}

/// The fields of `T` in a `Parameters<T>` argument, read from the code
/// between the fn name and its body.
fn fn_params(cx: &Cx, s: &Scan, from: usize) -> Option<Vec<String>> {
    let open = s.skip_ws(from);
    let (close, _) = s.group_end(s.code[open..].iter().position(|&c| c == b'(').map(|p| open + p)?)?;
    let sig = String::from_utf8_lossy(&s.code[open..close]).into_owned();
    let Some(pos) = sig.find("Parameters") else {
        // Only a receiver and extractors: no input.
        return (!sig.contains(':')).then(Vec::new);
    };
    let rest = sig[pos + "Parameters".len()..].trim_start().strip_prefix('<')?;
    let ty: String = rest.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
    let name = ty.rsplit("::").next()?;
    cx.structs.get(name).cloned()
}
