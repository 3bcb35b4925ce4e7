//! Kotlin frontend: tree-sitter-kotlin-ng → the IR ([`to_ir`]). What the
//! official kotlin-sdk's calls mean is decided by the evaluator's SDK
//! tables, not here.

mod to_ir;

use super::grammar::Grammar;
use super::queries::Lexis;
use crate::model::{FileFacts, Lang};
use crate::source::FileId;

/// Files worth parsing up front: they import the SDK, register tools or
/// build annotations, or use Spring AI's tool annotations and providers
/// (as the Java frontend's markers). Others (helpers in the same package,
/// imported constants) are parsed when a package or an import reaches them.
pub const PREFILTER: &[&str] =
    &["modelcontextprotocol", "addTool", "ToolAnnotations", "RegisteredTool", "Hint", "McpTool", "toolObjects"];

pub static GRAMMAR: Grammar = Grammar {
    lang: Lang::Kotlin,
    label: "Kotlin",
    language: || tree_sitter_kotlin_ng::LANGUAGE.into(),
    prefilter: PREFILTER,
    lexis: Lexis { hash_comments: false, backtick_strings: false },
    repair: Some(repair),
};

/// Parse one Kotlin file into its IR and facts (imports, syntax problems).
pub fn parse_file(file: FileId, text: &str) -> (FileFacts, Option<crate::ir::Module>) {
    GRAMMAR.parse_file(file, text, to_ir::lower)
}

/// What tree-sitter-kotlin-ng 1.1 cannot parse and Kotlin accepts, made
/// parseable without moving a byte: each rewrite only turns characters
/// into spaces, so spans and node texts stay the file's.
/// - A second `catch` (or a `finally` after one) that starts a new line
///   (`try { a() }⏎catch (e: A) { b() }⏎catch (e: B) { c() }`) is one
///   error over the whole file: the line breaks before it become spaces.
/// - A context-parameter clause (`context(progress: Reporter)` before a
///   `fun` or `val`, Kotlin 2.2) is not in the grammar: it becomes spaces.
///   The function is then read without its context parameters.
/// - A multi-dollar string (`$$"…"`, `$$"""…"""`, Kotlin 2.2) is not in
///   the grammar: its `$` prefix becomes spaces, so it reads as a plain
///   string (a `$name` in it, literal there, reads as a template).
/// - A member that ends on the line of the `}` closing its class
///   (`class A { val x = 1 }`) fails when a declaration follows the class:
///   the space before that `}` becomes a `;`, which Kotlin allows there.
fn repair(text: &str) -> Option<String> {
    let mut out = text.as_bytes().to_vec();
    let bytes = text.as_bytes();
    let changed = join_handlers(bytes, &mut out)
        | drop_contexts(bytes, &mut out)
        | end_members(bytes, &mut out)
        | plain_dollars(bytes, &mut out);
    // Only ASCII turned into spaces: still UTF-8.
    changed.then(|| String::from_utf8(out).unwrap_or_default())
}

/// Whether `at` starts `word` as a whole word.
fn word_at(bytes: &[u8], at: usize, word: &str) -> bool {
    let ident = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    bytes[at..].starts_with(word.as_bytes())
        && !bytes.get(at + word.len()).is_some_and(ident)
        && !(at > 0 && ident(&bytes[at - 1]))
}

fn join_handlers(bytes: &[u8], out: &mut [u8]) -> bool {
    let mut changed = false;
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'}' {
            continue;
        }
        let gap = bytes[i + 1..].iter().take_while(|c| c.is_ascii_whitespace()).count();
        let next = i + 1 + gap;
        let keyword = word_at(bytes, next, "catch") || word_at(bytes, next, "finally");
        if !keyword || !bytes[i + 1..next].iter().any(|c| matches!(c, b'\n' | b'\r')) {
            continue;
        }
        out[i + 1..next].fill(b' ');
        changed = true;
    }
    changed
}

fn end_members(bytes: &[u8], out: &mut [u8]) -> bool {
    let mut changed = false;
    for line in bytes.split(|&c| c == b'\n') {
        let start = line.as_ptr() as usize - bytes.as_ptr() as usize;
        let trimmed = line.trim_ascii_end();
        // A `}` after a space, ending the line, after code that is not
        // itself an opening or a separator, and outside a string.
        let Some((&b'}', before)) = trimmed.split_last() else { continue };
        let Some((&b' ', code)) = before.split_last() else { continue };
        let Some(&last) = code.trim_ascii_end().last() else { continue };
        let quotes = code.iter().filter(|&&c| c == b'"').count();
        if matches!(last, b'{' | b'}' | b';' | b',' | b'(' | b'[' | b'>')
            || quotes % 2 == 1
            || code.windows(3).any(|w| w == b"\"\"\"")
        {
            continue;
        }
        out[start + before.len() - 1] = b';';
        changed = true;
    }
    changed
}

fn plain_dollars(bytes: &[u8], out: &mut [u8]) -> bool {
    let mut changed = false;
    let mut i = 0;
    while i + 2 < bytes.len() {
        let run = bytes[i..].iter().take_while(|&&c| c == b'$').count();
        // A prefix: two or more `$` right before a quote, not after a word.
        let starts = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || matches!(bytes[i - 1], b'_' | b'"'));
        if run >= 2 && starts && bytes.get(i + run) == Some(&b'"') {
            out[i..i + run].fill(b' ');
            changed = true;
        }
        i += run.max(1);
    }
    changed
}

/// Declarations a context-parameter clause may stand before.
const CONTEXT_BEFORE: &[&str] = &[
    "fun",
    "val",
    "var",
    "private",
    "public",
    "internal",
    "protected",
    "override",
    "open",
    "suspend",
    "inline",
    "operator",
    "infix",
    "abstract",
    "final",
    "class",
    "object",
    "interface",
    "@",
];

fn drop_contexts(bytes: &[u8], out: &mut [u8]) -> bool {
    let mut changed = false;
    let mut i = 0;
    while i < bytes.len() {
        // At the start of a line, after its indentation.
        let line_start = i == 0 || bytes[i - 1] == b'\n';
        if !line_start {
            i += 1;
            continue;
        }
        let at = i + bytes[i..].iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
        i = at + 1;
        if !word_at(bytes, at, "context") || bytes.get(at + 7) != Some(&b'(') {
            continue;
        }
        // The balanced parentheses, on at most a few lines.
        let mut depth = 0usize;
        let mut end = None;
        for (k, &c) in bytes[at + 7..].iter().enumerate().take(512) {
            match c {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(at + 7 + k + 1);
                        break;
                    }
                }
                b'{' | b'}' | b'"' | b'=' => break,
                _ => {}
            }
        }
        let Some(end) = end else { continue };
        let rest = end + bytes[end..].iter().take_while(|c| c.is_ascii_whitespace()).count();
        if !CONTEXT_BEFORE
            .iter()
            .any(|w| if *w == "@" { bytes.get(rest) == Some(&b'@') } else { word_at(bytes, rest, w) })
        {
            continue;
        }
        for c in &mut out[at..end] {
            if *c != b'\n' && *c != b'\r' {
                *c = b' ';
            }
        }
        changed = true;
        i = end;
    }
    changed
}

/// A test source: one of Gradle's test source sets directly under a `src`
/// (`src/test/kotlin`, `src/jvmTest/kotlin`, `src/integrationTest/...`).
/// Its registrations are the tests', not the server's.
pub fn is_test_path(path: &std::path::Path) -> bool {
    let parts: Vec<&str> = path.components().filter_map(|c| c.as_os_str().to_str()).collect();
    parts.windows(2).any(|w| w[0] == "src" && (w[1] == "test" || (w[1].ends_with("Test") && w[1].len() > 4)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` fails to parse as it is (else the repair can go), and its
    /// repair has the same length and parses clean.
    fn repaired(text: &str) -> String {
        assert!(GRAMMAR.parse(text).unwrap().root_node().has_error(), "the grammar still needs the repair");
        let fixed = repair(text).unwrap();
        assert_eq!(fixed.len(), text.len());
        assert!(!GRAMMAR.parse(&fixed).unwrap().root_node().has_error(), "{fixed}");
        fixed
    }

    #[test]
    fn handlers_on_their_own_lines_parse() {
        let text = "fun f() {\n    try { a() }\n    catch (e: A) { throw e }\n    catch (e: B) { false }\n    finally { c() }\n}\n";
        // Only the line breaks before the handlers change.
        assert_eq!(repaired(text).matches('\n').count(), 3);
        let (facts, module) = parse_file(FileId(0), text);
        assert!(facts.problems.is_empty(), "{:?}", facts.problems);
        assert!(module.is_some());
        // Nothing to join: no rewrite.
        assert_eq!(repair("fun f() { try { a() } catch (e: A) { } }"), None);
        assert_eq!(repair("fun f() {\n    y()\n}\ncatchAll()"), None);
    }

    #[test]
    fn context_parameters_parse() {
        let text = "class A {\n    context(progress: Reporter)\n    private suspend fun f(x: Int): Int = x\n\n    context(Logger, scope: CoroutineScope)\n    fun g() {}\n}\n\ncontext(r: Raise<E>)\nfun h() = 1\n";
        assert_eq!(repaired(text).lines().count(), text.lines().count());
        // A call named `context` is left alone.
        assert_eq!(repair("fun f() {\n    context(a)\n    b()\n}\n"), None);
    }

    #[test]
    fn multi_dollar_strings_parse() {
        repaired("val schema = $$\"\"\"{\"$schema\": \"$${version}\"}\"\"\"\nval x = $$\"a\"\nfun f() = 1\n");
        // A `$` inside a string, or one before a quote: left alone.
        assert_eq!(repair("val a = \"$$\"\nval b = \"x$\"\n"), None);
    }

    #[test]
    fn members_ending_a_class_line_parse() {
        let fixed = repaired("class A { val name = \"a\" }\nclass B {\n    val x = 1 }\nfun f() { g { it } }\n");
        assert_eq!(fixed, "class A { val name = \"a\";}\nclass B {\n    val x = 1;}\nfun f() { g { it } }\n");
        // Inside a string, after an opening: left alone.
        assert_eq!(repair("val s = \"{ a }\"\nval t = { }\n"), None);
    }
}
