//! Inline suppressions: `mcp-lint: ignore[CODES]`, bare `mcp-lint: ignore`
//! and `mcp-lint: ignore-file[...]`, in a comment.
//!
//! Directives are read only from real comments, as each frontend's parse
//! tree reports them ([`crate::frontend::comments`]): a directive-shaped
//! line in a string or docstring is text, not a suppression. The comment
//! must start with the directive (`# mcp-lint:`, `// mcp-lint:`,
//! `/* mcp-lint: … */`); files without the marker are never parsed for comments.
//!
//! - A directive on a line of its own covers the next line; one after code
//!   covers its own line. A finding is covered on any line it points at:
//!   where it is reported (the registration's first line for tool findings)
//!   and every label (the offending key, a preset's definition).
//! - `ignore-file` covers the whole file, and must be near the top: in the
//!   first [`FILE_DIRECTIVE_LINES`] lines or the leading comment block.
//! - Whether a suppression is used is judged against what *every* rule would
//!   report, whatever the profile or `--select`: switching profiles never
//!   turns a needed suppression into an "unused" one (MCP092).

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;

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

/// Find every directive in `text`, reading only the `comments` (byte
/// ranges from the file's parse tree, in order): text in a string or a
/// docstring is never a directive.
pub fn scan(text: &str, comments: &[Range<usize>], lang: Lang, file: FileId) -> Scan {
    let mut out = Scan::default();
    if memmem::find(text.as_bytes(), MARKER.as_bytes()).is_none() {
        return out;
    }
    let leader = lang.line_comment();
    // The leading comment block: everything before `header_end` is blank or comment.
    let mut header_end = 0;
    for c in comments {
        if text.get(header_end..c.start).is_some_and(|gap| gap.trim().is_empty()) {
            header_end = c.end;
        } else {
            break;
        }
    }
    for c in comments {
        let Some(comment) = text.get(c.clone()) else { continue };
        // A block comment's directive must sit on its first line.
        let first = comment.split('\n').next().unwrap_or("");
        let body = first.trim_start_matches(['#', '/', '*', '!', ' ', '\t']);
        if !body.starts_with(MARKER) {
            continue;
        }
        let line_start = text[..c.start].rfind('\n').map_or(0, |n| n + 1);
        let number = text[..c.start].bytes().filter(|&b| b == b'\n').count() as u32 + 1;
        let own_line = text[line_start..c.start].trim().is_empty();
        let scope = if own_line { Scope::Lines(number, number + 1) } else { Scope::Lines(number, number) };
        let at_top = c.start <= header_end || number <= FILE_DIRECTIVE_LINES;
        parse_directive(first, c.start, 0, leader, scope, at_top, file, &mut out);
    }
    out
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
    let marker = pos + line[pos..].find(MARKER).expect("checked by scan");
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
/// what the enabled rules report; `rules` gives each file's rule set (its
/// closest configuration).
pub fn apply<'r>(
    sources: &SourceMap,
    linted: &[FileId],
    all: &[Finding],
    output: Vec<Finding>,
    rules: &dyn Fn(FileId) -> &'r RuleSet,
) -> Vec<Finding> {
    let labelled = all.iter().flat_map(|f| f.labels.iter().map(|l| l.span.file));
    let files: BTreeSet<FileId> = linted.iter().copied().chain(all.iter().map(|f| f.file)).chain(labelled).collect();
    let mut scans: HashMap<FileId, Scan> = HashMap::new();
    for id in files {
        let file = sources.get(id);
        let Some(lang) = file.lang else { continue };
        if memmem::find(file.text.as_bytes(), MARKER.as_bytes()).is_none() {
            continue;
        }
        let comments = crate::frontend::comments(lang, &file.path, &file.text);
        let s = scan(&file.text, &comments, lang, id);
        if !s.directives.is_empty() || !s.malformed.is_empty() {
            scans.insert(id, s);
        }
    }
    // used[file][directive][code index, or 0 for a bare directive]
    let mut used: HashMap<FileId, Vec<Vec<bool>>> = scans
        .iter()
        .map(|(id, s)| (*id, s.directives.iter().map(|d| vec![false; d.codes.as_ref().map_or(1, Vec::len)]).collect()))
        .collect();
    // Every line the finding points at: where it is reported, and each label
    // (the offending key, a preset's definition), in whichever file.
    let lines_of = |f: &Finding| -> Vec<(FileId, u32)> {
        let line = |s: Span| (s.file, sources.get(s.file).line_col(s.start).0);
        f.span.into_iter().chain(f.labels.iter().map(|l| l.span)).map(line).collect()
    };
    let mut covered = |f: &Finding, record: bool| -> bool {
        let mut hit = false;
        for (file, line) in lines_of(f) {
            let Some(scan) = scans.get(&file) else { continue };
            for (i, d) in scan.directives.iter().enumerate() {
                if !d.covers(f.code, line) {
                    continue;
                }
                hit = true;
                if !record {
                    return true;
                }
                let u = &mut used.get_mut(&file).expect("a use slot per scanned file")[i];
                match &d.codes {
                    None => u[0] = true,
                    Some(codes) => {
                        for (j, (c, _)) in codes.iter().enumerate() {
                            if *c == f.code {
                                u[j] = true;
                            }
                        }
                    }
                }
            }
        }
        hit
    };
    for f in all.iter().filter(|f| f.code != "MCP092") {
        covered(f, true);
    }
    // The same question, without recording uses.
    let hit = |f: &Finding| -> bool {
        lines_of(f).into_iter().any(|(file, line)| {
            scans.get(&file).is_some_and(|scan| scan.directives.iter().any(|d| d.covers(f.code, line)))
        })
    };
    // The findings some directive covers: what they replaced goes too.
    let suppressed: Vec<&Finding> = if scans.is_empty() { vec![] } else { all.iter().filter(|s| hit(s)).collect() };
    let mut kept: Vec<Finding> = output
        .into_iter()
        .filter(|f| rules(f.file).is_enabled_in(f.code, &sources.get(f.file).path))
        .filter(|f| f.code == "MCP092" || !hit(f))
        // Suppressing a finding suppresses the findings it replaced, whether
        // or not its rule is enabled (one finding per cause).
        .filter(|f| !suppressed.iter().any(|s| rules::replaced_by(all, s, rules(s.file)).any(|r| r.is(f))))
        .collect();

    let mut ids: Vec<&FileId> = scans.keys().filter(|id| linted.contains(id)).collect();
    ids.sort();
    for id in ids {
        let file = sources.get(*id);
        if !rules(*id).is_enabled_in("MCP092", &file.path) {
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
        fix: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scan with the comments the language's frontend reports.
    fn scan_str(text: &str, lang: Lang, file: FileId) -> Scan {
        let path = match lang {
            Lang::Python => "a.py",
            Lang::TypeScript => "a.ts",
            Lang::JavaScript => "a.js",
            Lang::Go => "a.go",
            Lang::Rust => "a.rs",
            Lang::CSharp => "a.cs",
            Lang::Java => "a.java",
            Lang::Kotlin => "a.kt",
        };
        scan(text, &crate::frontend::comments(lang, std::path::Path::new(path), text), lang, file)
    }

    #[test]
    fn strings_and_docstrings_are_not_comments() {
        let py = "\"\"\"Notes.\n# mcp-lint: ignore-file\n\"\"\"\nx = '''\n# mcp-lint: ignore\n'''\ny = 1  # mcp-lint: ignore[MCP001]\n";
        let s = scan_str(py, Lang::Python, FileId(0));
        assert_eq!(s.directives.len(), 1, "{:?}", s.directives);
        assert_eq!(s.directives[0].scope, Scope::Lines(7, 7));
        let ts = "const doc = `\n// mcp-lint: ignore-file\n`;\n/* mcp-lint: ignore[MCP001] */\nf();\n";
        let s = scan_str(ts, Lang::TypeScript, FileId(0));
        assert_eq!(s.directives.len(), 1, "{:?}", s.directives);
        assert_eq!(s.directives[0].scope, Scope::Lines(4, 5));
        let go = "package p\n\nvar doc = `\n// mcp-lint: ignore-file\n`\n";
        assert!(scan_str(go, Lang::Go, FileId(0)).directives.is_empty());
        let rs = "const DOC: &str = r#\"\n// mcp-lint: ignore-file\n\"#;\nfn f() {} // mcp-lint: ignore\n";
        let s = scan_str(rs, Lang::Rust, FileId(0));
        assert_eq!(s.directives.len(), 1, "{:?}", s.directives);
        assert_eq!(s.directives[0].scope, Scope::Lines(4, 4));
    }

    fn codes(d: &Directive) -> Vec<&'static str> {
        d.codes.as_ref().map(|c| c.iter().map(|(x, _)| *x).collect()).unwrap_or_default()
    }

    #[test]
    fn python_comments() {
        let text = "import x\n# mcp-lint: ignore[MCP002]\n@mcp.tool()  # mcp-lint: ignore[MCP003, implicit-open-world]\nx = '# mcp-lint: ignore'\ny = 1  # mcp-lint: ignore\n";
        let s = scan_str(text, Lang::Python, FileId(0));
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
            let s = scan_str(text, lang, FileId(0));
            assert_eq!(s.directives.len(), 2, "{lang:?}: {:?}", s.directives);
            assert_eq!(s.directives[0].scope, Scope::File);
            assert_eq!(codes(&s.directives[1]), ["MCP001", "MCP004"]);
            assert_eq!(s.directives[1].scope, Scope::Lines(3, 3));
        }
        // A Rust lifetime is not a string opener.
        let s = scan_str("fn f<'a>(x: &'a str) {} // mcp-lint: ignore\n", Lang::Rust, FileId(0));
        assert_eq!(s.directives.len(), 1);
    }

    #[test]
    fn slash_comments_for_csharp_java_kotlin() {
        for (lang, text) in [
            (Lang::CSharp, "// mcp-lint: ignore-file[MCP032]\nclass A {\n  string u = \"http://x // mcp-lint: ignore\";\n  void F() {} // mcp-lint: ignore[MCP001,MCP004]\n}\n"),
            (Lang::Java, "// mcp-lint: ignore-file[MCP032]\nclass A {\n  String u = \"http://x // mcp-lint: ignore\";\n  void f() {} // mcp-lint: ignore[MCP001,MCP004]\n}\n"),
            (Lang::Kotlin, "// mcp-lint: ignore-file[MCP032]\nclass A {\n  val u = \"http://x // mcp-lint: ignore\"\n  fun f() {} // mcp-lint: ignore[MCP001,MCP004]\n}\n"),
        ] {
            let s = scan_str(text, lang, FileId(0));
            assert_eq!(s.directives.len(), 2, "{lang:?}: {:?}", s.directives);
            assert_eq!(s.directives[0].scope, Scope::File);
            assert_eq!(codes(&s.directives[1]), ["MCP001", "MCP004"]);
            assert_eq!(s.directives[1].scope, Scope::Lines(4, 4));
        }
    }

    #[test]
    fn malformed_and_misplaced() {
        let mut text =
            String::from("# mcp-lint: ignore[MCP999, MCP002]\n# mcp-lint: ignroe\n# mcp-lint: ignore[MCP002\n");
        for _ in 0..12 {
            text.push_str("x = 1\n");
        }
        text.push_str("# mcp-lint: ignore-file\n");
        let s = scan_str(&text, Lang::Python, FileId(0));
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
                let _ = scan_str(text, lang, FileId(0));
                let _ = scan_str(&text.replace('#', "//"), lang, FileId(0));
            }
        }
        let s = scan_str("# mcp-lint: ignore[ , ]\n", Lang::Python, FileId(0));
        assert!(s.directives.is_empty() && s.malformed[0].message.contains("no codes"));
        let s = scan_str("#mcp-lint:ignore-file[MCP001]\n", Lang::Python, FileId(0));
        assert_eq!(s.directives[0].scope, Scope::File);
    }

    #[test]
    fn file_directive_in_a_long_header() {
        let mut text = String::from("#!/usr/bin/env python\n");
        for _ in 0..15 {
            text.push_str("# licence text\n");
        }
        text.push_str("# mcp-lint: ignore-file\nimport x\n");
        let s = scan_str(&text, Lang::Python, FileId(0));
        assert!(s.malformed.is_empty());
        assert_eq!(s.directives[0].scope, Scope::File);
    }
}
