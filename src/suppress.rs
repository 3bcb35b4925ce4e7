//! Inline suppressions: `mcp-lint: ignore[CODES]`, bare `mcp-lint: ignore`
//! and `mcp-lint: ignore-file[...]`, written in the file's line-comment
//! syntax ([`Lang::line_comment`]).
//!
//! A small hand-written scanner over the source text, not the parser: it
//! only needs comments, and it works the same for every language. A
//! directive counts only after its comment leader (`# mcp-lint:` /
//! `// mcp-lint:`), and only when that leader is not inside a string
//! literal opened earlier on the same line. (A directive-shaped line inside
//! a multi-line string is still read as one: rare, and then harmless.)
//!
//! - A directive on a line of its own covers the next line; one after code
//!   covers its own line. The line of a finding is where it is reported:
//!   the registration's first line for tool findings.
//! - `ignore-file` covers the whole file, and must be near the top: in the
//!   first [`FILE_DIRECTIVE_LINES`] lines or the leading comment block.
//! - Whether a suppression is used is judged against what *every* rule would
//!   report, whatever the profile or `--select`: switching profiles never
//!   turns a needed suppression into an "unused" one (MCP092).

use std::collections::{BTreeSet, HashMap};

use memchr::memmem;

use crate::finding::Finding;
use crate::model::Lang;
use crate::rules::{self, RuleSet};
use crate::source::{FileId, SourceMap, Span};

/// How far down a file an `ignore-file` directive may sit (unless the
/// comment block at the top of the file is longer).
pub const FILE_DIRECTIVE_LINES: u32 = 10;

const MARKER: &str = "mcp-lint:";

#[derive(Clone, Debug, PartialEq)]
pub enum Scope {
    /// Findings reported on these lines (1-based).
    Lines(u32, u32),
    File,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Directive {
    pub scope: Scope,
    /// From the comment leader to the end of the directive.
    pub span: Span,
    /// The directive as written, for messages.
    pub text: String,
    /// `None`: every code (a bare `ignore`).
    pub codes: Option<Vec<(&'static str, Span)>>,
}

/// Something wrong with a directive itself (reported as MCP092).
#[derive(Clone, Debug, PartialEq)]
pub struct Malformed {
    pub span: Span,
    pub message: String,
}

#[derive(Debug, Default)]
pub struct Scan {
    pub directives: Vec<Directive>,
    pub malformed: Vec<Malformed>,
}

/// The characters that open a string literal on one line, per language.
fn quotes(lang: Lang) -> &'static [u8] {
    match lang {
        Lang::Python => b"\"'",
        Lang::TypeScript | Lang::JavaScript => b"\"'`",
        // Rust `'` starts lifetimes as well as chars; Go's are runes only.
        Lang::Go => b"\"`'",
        Lang::Rust => b"\"",
    }
}

/// Whether byte `at` of `line` is outside any string literal opened on it.
fn outside_strings(line: &[u8], at: usize, lang: Lang) -> bool {
    let quotes = quotes(lang);
    let mut open: Option<u8> = None;
    let mut i = 0;
    while i < at {
        let b = line[i];
        match open {
            Some(_) if b == b'\\' => i += 1,
            Some(q) if b == q => open = None,
            None if quotes.contains(&b) => open = Some(b),
            _ => {}
        }
        i += 1;
    }
    open.is_none()
}

/// Find every directive in `text`.
pub fn scan(text: &str, lang: Lang, file: FileId) -> Scan {
    let mut out = Scan::default();
    if memmem::find(text.as_bytes(), MARKER.as_bytes()).is_none() {
        return out;
    }
    let leader = lang.line_comment();
    let mut offset = 0;
    let mut in_header = true;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let number = i as u32 + 1;
        let start = offset;
        offset += line.len();
        let trimmed = line.trim();
        let comment_only = trimmed.starts_with(leader);
        let at_top = in_header || number <= FILE_DIRECTIVE_LINES;
        in_header &= trimmed.is_empty() || comment_only;
        let Some(pos) = directive_start(line, leader, lang) else { continue };
        let scope = if comment_only { Scope::Lines(number, number + 1) } else { Scope::Lines(number, number) };
        parse_directive(line, start, pos, leader, scope, at_top, file, &mut out);
    }
    out
}

/// Byte position of the comment leader that starts a directive on `line`.
fn directive_start(line: &str, leader: &str, lang: Lang) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut from = 0;
    while let Some(rel) = line[from..].find(leader) {
        let pos = from + rel;
        let after = line[pos + leader.len()..].trim_start_matches([' ', '\t', '!', '/']);
        if after.starts_with(MARKER) && outside_strings(bytes, pos, lang) {
            return Some(pos);
        }
        from = pos + leader.len();
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn parse_directive(
    line: &str,
    line_start: usize,
    pos: usize,
    leader: &str,
    scope: Scope,
    at_top: bool,
    file: FileId,
    out: &mut Scan,
) {
    let span = |a: usize, b: usize| Span::new(file, line_start + a, line_start + b);
    let marker = pos + line[pos..].find(MARKER).expect("found by directive_start");
    let mut at = marker + MARKER.len();
    at += line[at..].len() - line[at..].trim_start().len();
    let rest = &line[at..];
    let word_len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_')).unwrap_or(rest.len());
    let word = &rest[..word_len];
    let scope = match word {
        "ignore" => scope,
        "ignore-file" => Scope::File,
        _ => {
            out.malformed.push(Malformed {
                span: span(marker, at + word_len),
                message: format!(
                    "unknown suppression `mcp-lint: {word}`: write `{leader} mcp-lint: ignore[CODES]` or `{leader} mcp-lint: ignore-file`"
                ),
            });
            return;
        }
    };
    at += word_len;
    let mut codes = None;
    if line[at..].starts_with('[') {
        let Some(close) = line[at..].find(']') else {
            out.malformed.push(Malformed {
                span: span(pos, line.trim_end().len().max(at)),
                message: "suppression has no closing `]`".into(),
            });
            return;
        };
        let mut list = Vec::new();
        let mut item_start = at + 1;
        for item in line[at + 1..at + close].split(',') {
            let lead = item.len() - item.trim_start().len();
            let code = item.trim();
            let item_span = span(item_start + lead, item_start + lead + code.len());
            item_start += item.len() + 1;
            if code.is_empty() {
                continue;
            }
            match rules::find(code) {
                Some(info) => list.push((info.code, item_span)),
                None => out.malformed.push(Malformed {
                    span: item_span,
                    message: format!("unknown rule `{code}` in suppression (see `mcp-lint rules`)"),
                }),
            }
        }
        if line[at + 1..at + close].trim().trim_matches(',').trim().is_empty() {
            out.malformed.push(Malformed {
                span: span(pos, at + close + 1),
                message: "suppression names no codes: list them, or drop the brackets to suppress every code".into(),
            });
            return;
        }
        at += close + 1;
        if list.is_empty() {
            return; // nothing valid to suppress: the unknown codes are reported
        }
        codes = Some(list);
    }
    let directive = Directive { scope, span: span(pos, at), text: line[pos..at].to_string(), codes };
    if directive.scope == Scope::File && !at_top {
        out.malformed.push(Malformed {
            span: directive.span,
            message: format!(
                "`ignore-file` has no effect here: put it in the first {FILE_DIRECTIVE_LINES} lines or the comment block at the top of the file"
            ),
        });
        return;
    }
    out.directives.push(directive);
}

impl Directive {
    /// Whether this directive covers `code` reported on `line`.
    pub fn covers(&self, code: &str, line: u32) -> bool {
        let in_scope = match self.scope {
            Scope::File => true,
            Scope::Lines(a, b) => (a..=b).contains(&line),
        };
        in_scope && self.codes.as_ref().is_none_or(|c| c.iter().any(|(x, _)| *x == code))
    }
}

/// Drop suppressed findings and those switched off per file, and add
/// MCP092 for suppressions that suppress nothing in the linted files.
///
/// `all` is what every rule reports (the judge of "unused"); `output` is
/// what the enabled rules report.
pub fn apply(
    sources: &SourceMap,
    linted: &[FileId],
    all: &[Finding],
    output: Vec<Finding>,
    rules: &RuleSet,
) -> Vec<Finding> {
    let files: BTreeSet<FileId> = linted.iter().copied().chain(all.iter().map(|f| f.file)).collect();
    let mut scans: HashMap<FileId, Scan> = HashMap::new();
    for id in files {
        let file = sources.get(id);
        let Some(lang) = file.lang else { continue };
        let s = scan(&file.text, lang, id);
        if !s.directives.is_empty() || !s.malformed.is_empty() {
            scans.insert(id, s);
        }
    }
    // used[file][directive][code index, or 0 for a bare directive]
    let mut used: HashMap<FileId, Vec<Vec<bool>>> = scans
        .iter()
        .map(|(id, s)| (*id, s.directives.iter().map(|d| vec![false; d.codes.as_ref().map_or(1, Vec::len)]).collect()))
        .collect();
    let line_of = |f: &Finding| f.span.map(|s| sources.get(f.file).line_col(s.start).0);
    let covered = |f: &Finding, used: Option<&mut Vec<Vec<bool>>>| -> bool {
        let Some(scan) = scans.get(&f.file) else { return false };
        let Some(line) = line_of(f) else { return false };
        let mut hit = false;
        let mut used = used;
        for (i, d) in scan.directives.iter().enumerate() {
            if d.covers(f.code, line) {
                hit = true;
                if let Some(u) = used.as_deref_mut() {
                    match &d.codes {
                        None => u[i][0] = true,
                        Some(codes) => {
                            for (j, (c, _)) in codes.iter().enumerate() {
                                if *c == f.code {
                                    u[i][j] = true;
                                }
                            }
                        }
                    }
                }
            }
        }
        hit
    };
    for f in all.iter().filter(|f| f.code != "MCP092") {
        covered(f, used.get_mut(&f.file));
    }
    let mut kept: Vec<Finding> = output
        .into_iter()
        .filter(|f| rules.is_enabled_in(f.code, &sources.get(f.file).path))
        .filter(|f| f.code == "MCP092" || !covered(f, None))
        // Suppressing a finding suppresses the findings it replaced, whether
        // or not its rule is enabled (one finding per cause).
        .filter(|f| {
            !scans.contains_key(&f.file)
                || !all.iter().any(|s| covered(s, None) && rules::replaced_by(all, s, rules).any(|r| r.is(f)))
        })
        .collect();

    let mut ids: Vec<&FileId> = scans.keys().filter(|id| linted.contains(id)).collect();
    ids.sort();
    for id in ids {
        let file = sources.get(*id);
        if !rules.is_enabled_in("MCP092", &file.path) {
            continue;
        }
        let scan = &scans[id];
        for m in &scan.malformed {
            kept.push(unused(m.span, m.message.clone(), "fix the comment, or remove it"));
        }
        for (d, u) in scan.directives.iter().zip(&used[id]) {
            match &d.codes {
                None if !u[0] => {
                    kept.push(unused(d.span, format!("`{}` suppresses nothing", d.text.trim()), UNUSED_HELP))
                }
                Some(codes) => {
                    for ((code, span), u) in codes.iter().zip(u) {
                        if !u {
                            let where_ = if d.scope == Scope::File { "in this file" } else { "here" };
                            kept.push(unused(
                                *span,
                                format!("`{code}` is not reported {where_}, so its suppression is unused"),
                                UNUSED_HELP,
                            ));
                        }
                    }
                }
                None => {}
            }
        }
    }
    kept
}

const UNUSED_HELP: &str = "remove the suppression, or the codes that no longer apply";

fn unused(span: Span, message: String, help: &str) -> Finding {
    let info = rules::info("MCP092").expect("MCP092 has a rule doc");
    Finding {
        code: info.code,
        name: info.name,
        severity: info.level,
        message,
        file: span.file,
        span: Some(span),
        labels: vec![],
        help: Some(help.into()),
        notes: vec![],
        tool: None,
        site: None,
        hints: vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(d: &Directive) -> Vec<&'static str> {
        d.codes.as_ref().map(|c| c.iter().map(|(x, _)| *x).collect()).unwrap_or_default()
    }

    #[test]
    fn python_comments() {
        let text = "import x\n# mcp-lint: ignore[MCP002]\n@mcp.tool()  # mcp-lint: ignore[MCP003, implicit-open-world]\nx = '# mcp-lint: ignore'\ny = 1  # mcp-lint: ignore\n";
        let s = scan(text, Lang::Python, FileId(0));
        assert!(s.malformed.is_empty(), "{:?}", s.malformed);
        assert_eq!(s.directives.len(), 3);
        assert_eq!(s.directives[0].scope, Scope::Lines(2, 3));
        assert_eq!(codes(&s.directives[0]), ["MCP002"]);
        assert_eq!(s.directives[1].scope, Scope::Lines(3, 3));
        assert_eq!(codes(&s.directives[1]), ["MCP003", "MCP003"]);
        assert_eq!(s.directives[2].codes, None);
        assert!(s.directives[0].covers("MCP002", 3) && !s.directives[0].covers("MCP003", 3));
        assert_eq!(&text[s.directives[1].span.range()], "# mcp-lint: ignore[MCP003, implicit-open-world]");
    }

    #[test]
    fn slash_comments_for_ts_go_rust() {
        for lang in [Lang::TypeScript, Lang::JavaScript, Lang::Go, Lang::Rust] {
            let text = "// mcp-lint: ignore-file[MCP032]\nconst u = \"http://x // mcp-lint: ignore\";\nserver.tool() // mcp-lint: ignore[MCP001,MCP004]\n# mcp-lint: ignore\n";
            let s = scan(text, lang, FileId(0));
            assert_eq!(s.directives.len(), 2, "{lang:?}: {:?}", s.directives);
            assert_eq!(s.directives[0].scope, Scope::File);
            assert_eq!(codes(&s.directives[1]), ["MCP001", "MCP004"]);
            assert_eq!(s.directives[1].scope, Scope::Lines(3, 3));
        }
        // A Rust lifetime is not a string opener.
        let s = scan("fn f<'a>(x: &'a str) {} // mcp-lint: ignore\n", Lang::Rust, FileId(0));
        assert_eq!(s.directives.len(), 1);
    }

    #[test]
    fn malformed_and_misplaced() {
        let mut text =
            String::from("# mcp-lint: ignore[MCP999, MCP002]\n# mcp-lint: ignroe\n# mcp-lint: ignore[MCP002\n");
        for _ in 0..12 {
            text.push_str("x = 1\n");
        }
        text.push_str("# mcp-lint: ignore-file\n");
        let s = scan(&text, Lang::Python, FileId(0));
        let messages: Vec<&str> = s.malformed.iter().map(|m| m.message.as_str()).collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(messages[0].contains("unknown rule `MCP999`"));
        assert_eq!(&text[s.malformed[0].span.range()], "MCP999");
        assert!(messages[1].contains("unknown suppression"));
        assert!(messages[2].contains("closing"));
        assert!(messages[3].contains("no effect here"));
        assert_eq!(s.directives.len(), 1);
        assert_eq!(codes(&s.directives[0]), ["MCP002"]);
    }

    #[test]
    fn odd_input_never_panics() {
        for text in [
            "# mcp-lint:",
            "# mcp-lint: ignore[",
            "# mcp-lint: ignore[,,]",
            "# mcp-lint: ignore[é, MCP001]",
            "#mcp-lint:ignore-file[MCP001]",
            "x = 'é' # mcp-lint: ignore[MCP001",
            "\\\\ # mcp-lint: ignore",
            "# mcp-lint: ignore]]",
            "🙂 # mcp-lint: ignore-file\r\n",
        ] {
            for lang in [Lang::Python, Lang::TypeScript, Lang::Go, Lang::Rust] {
                let _ = scan(text, lang, FileId(0));
                let _ = scan(&text.replace('#', "//"), lang, FileId(0));
            }
        }
        let s = scan("# mcp-lint: ignore[ , ]\n", Lang::Python, FileId(0));
        assert!(s.directives.is_empty() && s.malformed[0].message.contains("no codes"));
        let s = scan("#mcp-lint:ignore-file[MCP001]\n", Lang::Python, FileId(0));
        assert_eq!(s.directives[0].scope, Scope::File);
    }

    #[test]
    fn file_directive_in_a_long_header() {
        let mut text = String::from("#!/usr/bin/env python\n");
        for _ in 0..15 {
            text.push_str("# licence text\n");
        }
        text.push_str("# mcp-lint: ignore-file\nimport x\n");
        let s = scan(&text, Lang::Python, FileId(0));
        assert!(s.malformed.is_empty());
        assert_eq!(s.directives[0].scope, Scope::File);
    }
}
