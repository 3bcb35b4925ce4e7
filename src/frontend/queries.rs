//! Tree-sitter helpers shared by the frontends: parsing under a time
//! budget, comments, syntax errors and depth checks.

use std::cell::Cell;
use std::time::{Duration, Instant};

use tree_sitter::{Parser, Tree};

// Tree-sitter's error recovery is quadratic on some broken inputs (20,000
// adjacent string literals on one line take 6 s for 60 KB), and nothing it
// reports while parsing says how much work is left. Two limits bound a
// parse; past either the parse is cancelled, the file is reported (MCP090)
// and the run goes on:
// - a wall-clock budget far above what any ordinary file needs (they parse
//   at tens of MB/s), for every file;
// - a floor on the rate of every parse, in the CPU time of its thread (a
//   thread waiting for a core on a loaded machine is not slow): once it has
//   used a grace period, it must have read its input at a rate no ordinary
//   parse comes near. Only a stalled error recovery is that slow
//   (tree-sitter's `has_error` stays false while it recovers, so the floor
//   cannot wait for an error).
// Only tree-sitter's own work runs under these, so a slow machine cannot
// change which ordinary files are searched.
thread_local! {
    static STARTED: Cell<Option<Duration>> = const { Cell::new(None) };
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    static GAVE_UP: Cell<bool> = const { Cell::new(false) };
}

/// The time one file may take to parse: 10 s, plus 10 s per MiB. Ordinary
/// files parse over 100 times faster even in a debug build on a loaded
/// machine, so which files are searched does not depend on the machine.
pub fn budget_for(len: usize) -> Duration {
    Duration::from_secs(10) + Duration::from_micros(len as u64 * 10_000_000 / (1 << 20))
}

/// Starts the budget of the file about to be parsed on this thread; it ends
/// when the guard drops.
pub fn start_budget(len: usize) -> BudgetGuard {
    STARTED.set(Some(thread_cpu()));
    DEADLINE.set(Some(Instant::now() + budget_for(len)));
    GAVE_UP.set(false);
    BudgetGuard
}

pub struct BudgetGuard;

impl Drop for BudgetGuard {
    fn drop(&mut self) {
        STARTED.set(None);
        DEADLINE.set(None);
    }
}

/// How much CPU time a parse uses before its rate counts.
const GRACE: Duration = Duration::from_millis(250);
/// The slowest rate (bytes per CPU second) a parse may keep past [`GRACE`]:
/// 64 KiB/s, over 15 times under what an ordinary parse does even in a
/// debug build (over 1 MB/s), and over twice what a stalled recovery does
/// (30 KB/s at a quarter of a second on the string-literal case, falling
/// as it goes).
const FLOOR: u64 = 64 * 1024;

/// The CPU time this thread has used.
#[cfg(unix)]
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime only writes the timespec it is given.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } != 0 {
        return Duration::ZERO; // no clock: the floor never applies
    }
    Duration::new(ts.tv_sec.max(0) as u64, ts.tv_nsec.clamp(0, 999_999_999) as u32)
}

/// Wall time since the first call, where no thread clock is at hand.
#[cfg(not(unix))]
fn thread_cpu() -> Duration {
    static EPOCH: std::sync::LazyLock<Instant> = std::sync::LazyLock::new(Instant::now);
    EPOCH.elapsed()
}

fn out_of_time(state: &tree_sitter::ParseState) -> bool {
    if GAVE_UP.get() {
        return true;
    }
    let late = DEADLINE.get().is_some_and(|d| Instant::now() > d) || stalled(state.current_byte_offset());
    GAVE_UP.set(late);
    late
}

/// Whether a parse that has read `offset` bytes is past its grace period
/// and under the [`FLOOR`] rate.
fn stalled(offset: usize) -> bool {
    let Some(started) = STARTED.get() else { return false };
    let used = thread_cpu().saturating_sub(started);
    used > GRACE && (offset as u128) * 1000 < u128::from(FLOOR) * used.as_millis()
}

/// The problem reported for a file whose parse was cancelled by [`parse`].
pub fn gave_up(file: crate::source::FileId, language: &str) -> crate::model::Problem {
    crate::model::Problem {
        span: crate::source::Span::new(file, 0, 0),
        message: format!(
            "the {language} parser gave up on this file: parsing took over its time budget, or stalled recovering from syntax errors"
        ),
    }
}

/// Parse `text` within the file's budget; `None` when it ran out.
pub fn parse(parser: &mut Parser, text: &str) -> Option<Tree> {
    let bytes = text.as_bytes();
    let mut progress = |state: &tree_sitter::ParseState| out_of_time(state);
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut progress);
    let tree = parser.parse_with_options(&mut |i, _| bytes.get(i..).unwrap_or_default(), None, Some(options));
    // A cancelled parse would resume from where it stopped next time.
    parser.reset();
    tree
}

/// Frees a syntax tree once its file is lowered: a large one (a few MiB
/// of source, millions of nodes) on a thread of its own, so the run goes on
/// while tree-sitter walks it down (a twentieth of a 4 MB file's run).
pub fn release(tree: Tree, text_len: usize) {
    const LARGE: usize = 1 << 20;
    if text_len >= LARGE {
        // A thread that cannot start drops the closure, and the tree, here.
        let _ = std::thread::Builder::new().name("drop-tree".into()).spawn(move || drop(tree));
    }
}

/// Unclosed brackets deeper than this make a broken file unsearchable in
/// linear time (see [`unclosed_nesting`]).
pub const MAX_UNCLOSED: usize = 256;

/// How a language writes comments and strings, for [`unclosed_nesting`].
#[derive(Clone, Copy)]
pub struct Lexis {
    /// `#` (Python) or `//` and `/* */` (C family).
    pub hash_comments: bool,
    /// Go's raw strings; in JavaScript a template literal's text is scanned
    /// as code, so its `${` count as brackets.
    pub backtick_strings: bool,
}

/// The deepest bracket nesting of `text` outside strings and comments,
/// counting brackets never closed. Tree-sitter recovers from unclosed
/// brackets by nesting hidden nodes, and every query step walks back up
/// through them: 100,000 unclosed `${` take minutes. Ordinary code, even
/// broken, nests a few dozen levels.
pub fn unclosed_nesting(text: &str, lexis: Lexis) -> usize {
    let b = text.as_bytes();
    let (mut depth, mut max, mut i) = (0usize, 0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'#' if lexis.hash_comments => i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |j| i + j),
            b'/' if !lexis.hash_comments && b.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |j| i + j)
            }
            b'/' if !lexis.hash_comments && b.get(i + 1) == Some(&b'*') => {
                i = memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |j| i + 2 + j + 1)
            }
            b'`' if lexis.backtick_strings => i = memchr::memchr(b'`', &b[i + 1..]).map_or(b.len(), |j| i + 1 + j),
            q @ (b'"' | b'\'') => {
                // To the closing quote or the end of the line.
                let mut j = i + 1;
                while j < b.len() && b[j] != q && b[j] != b'\n' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                i = j;
            }
            _ => {}
        }
        i += 1;
    }
    max
}

/// The problem of a broken file nested too deep to search, if it is.
pub fn too_deep(
    file: crate::source::FileId,
    text: &str,
    root: tree_sitter::Node,
    lexis: Lexis,
) -> Option<crate::model::Problem> {
    if !root.has_error() {
        return None;
    }
    let depth = unclosed_nesting(text, lexis);
    (depth > MAX_UNCLOSED).then(|| crate::model::Problem {
        span: crate::source::Span::new(file, 0, 0),
        message: format!(
            "brackets nest {depth} levels deep around a syntax error (more than {MAX_UNCLOSED}): this file was not searched"
        ),
    })
}

/// The first syntax error of a tree-sitter tree that may hide something
/// mcp-lint looks for, as a problem (MCP090): an `ERROR` node is underlined
/// to the end of its first line, a `MISSING` node is named. The frontend
/// still searches the rest of the tree.
///
/// An error whose statement (the nearest enclosing statement, declaration,
/// definition or JSX element) holds none of the language's `markers` (the
/// prefilter's: SDK names, registration methods, hint keys) cannot hide a
/// registration or a preset, so it is not reported: grammar gaps on valid
/// code (a bare `&` in JSX text, `typeof import("m")` as a type argument)
/// in a UI component or a test that merely mentions the SDK would
/// otherwise be findings nobody can act on.
pub fn first_syntax_error(
    file: crate::source::FileId,
    text: &str,
    root: tree_sitter::Node,
    language: &str,
    markers: &[&str],
) -> Option<crate::model::Problem> {
    use crate::model::Problem;
    use crate::source::Span;
    // Each statement is scanned once; past MAX_SCANNED errors the next one
    // is reported unread, so a file of many errors stays cheap.
    let mut scanned: std::collections::HashMap<usize, bool> = Default::default();
    let mut seen = 0;
    let mut may_hide = |n: tree_sitter::Node| {
        seen += 1;
        if seen > MAX_SCANNED {
            return true;
        }
        let at = statement_of(n, root);
        *scanned.entry(at.id()).or_insert_with(|| {
            let region = text.get(at.start_byte()..at.end_byte()).unwrap_or("");
            markers.iter().any(|m| region.contains(m))
        })
    };
    let mut cursor = root.walk();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let (start, end) = (n.start_byte(), n.end_byte());
        if n.is_error() && !may_hide(n) {
            continue;
        }
        if n.is_missing() && !may_hide(n) {
            continue;
        }
        if n.is_error() {
            let line_end = text[start..].find('\n').map_or(end, |i| (start + i).min(end));
            return Some(Problem {
                span: Span::new(file, start, line_end.max(start + 1).min(text.len())),
                message: format!("syntax error: this {language} could not be parsed"),
            });
        }
        if n.is_missing() {
            return Some(Problem {
                span: Span::new(file, start, end),
                message: format!("syntax error: missing `{}`", n.kind()),
            });
        }
        if n.has_error() {
            let children: Vec<tree_sitter::Node> = n.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }
    None
}

/// Errors [`first_syntax_error`] weighs before it reports one unread.
const MAX_SCANNED: usize = 256;

/// The nearest node at or above `n` that is a statement, declaration,
/// definition or JSX element, or a child of `root`.
fn statement_of<'t>(n: tree_sitter::Node<'t>, root: tree_sitter::Node<'t>) -> tree_sitter::Node<'t> {
    let mut at = n;
    while let Some(parent) = at.parent() {
        let kind = at.kind();
        let boundary = ["statement", "declaration", "definition"].iter().any(|k| kind.ends_with(k))
            || kind == "jsx_element"
            || parent.id() == root.id();
        if boundary {
            break;
        }
        at = parent;
    }
    at
}

/// Byte ranges of every comment node of a tree, in source order (for inline
/// suppressions: a directive counts only inside a real comment, never in a
/// string or docstring). Iterative: deep trees cannot overflow the stack.
pub fn comment_ranges(root: tree_sitter::Node) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        // `comment` in every grammar we use; JS adds `html_comment` (`<!--`).
        if node.is_named() && node.kind().ends_with("comment") {
            out.push(node.byte_range());
        }
        if node.child_count() > 0 && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn javascript() -> Parser {
        let mut p = Parser::new();
        p.set_language(&tree_sitter_javascript::LANGUAGE.into()).unwrap();
        p
    }

    #[test]
    fn a_stalled_error_recovery_is_cancelled() {
        // Seconds of quadratic recovery without the floor.
        let text = "\"\" ".repeat(20_000);
        let _budget = start_budget(text.len());
        assert!(parse(&mut javascript(), &text).is_none());
    }

    #[test]
    fn a_large_ordinary_file_is_not() {
        let text =
            "server.registerTool(\"t\", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n"
                .repeat(20_000);
        let _budget = start_budget(text.len());
        assert!(parse(&mut javascript(), &text).is_some_and(|t| !t.root_node().has_error()));
    }
}
