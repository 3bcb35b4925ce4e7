//! Replacing with a regular expression, on known strings: JavaScript's
//! `s.replace(/([a-z])([A-Z])/g, "$1_$2")`, Kotlin's
//! `s.replace(Regex(p), r)`, Java's `s.replaceAll(p, r)`: how a tool's
//! name is often made from a class or function name.
//!
//! The pattern runs on the `regex` crate, so the answer is exact only
//! where the engines agree; anywhere else it is unknown, never a guess:
//! - a pattern that crate rejects (look-around, back-references,
//!   possessive quantifiers) gives no answer;
//! - the subject must be ASCII without `\r`: there `\w`, `\d`, `\s`, `\b`
//!   and `.` match the same characters in Java, JavaScript and Rust.
//!
//! Each language's replacement syntax is expanded here: Java's
//! `Matcher.appendReplacement` (`$1`, `${name}`, `\$`), which Kotlin's
//! `replace` follows, and ECMAScript's GetSubstitution (`$1`, `$01`, `$&`,
//! `` $` ``, `$'`, `$<name>`, `$$`).

use std::cell::RefCell;
use std::collections::HashMap;

use regex::{Captures, Regex, RegexBuilder};

use super::value::Value;
use crate::ir;

/// Whose replacement syntax a replacement string is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dialect {
    /// Java and Kotlin.
    Jvm,
    JavaScript,
}

/// The pattern and flags of a regular-expression value ([`ir::regex`]).
pub(super) fn regex_of(v: &Value) -> Option<(String, String)> {
    let Value::Object(o) = v else { return None };
    let o = o.borrow();
    let pattern = o.get(ir::REGEX_PATTERN)?.as_str()?.to_string();
    let flags = o.get(ir::REGEX_FLAGS).and_then(Value::as_str).unwrap_or("").to_string();
    Some((pattern, flags))
}

/// Whether `v` is a regular expression, known or not.
pub(super) fn is_regex(v: &Value) -> bool {
    matches!(v, Value::Object(o) if o.borrow().get(ir::REGEX_PATTERN).is_some())
}

/// `subject` with the first (or every) match of `pattern` replaced, or
/// `None` when the engines may disagree, the replacement is malformed, or
/// the result would be longer than `max` bytes.
pub(super) fn replace(
    dialect: Dialect,
    subject: &str,
    pattern: &str,
    flags: &str,
    replacement: &str,
    all: bool,
    max: usize,
) -> Option<String> {
    if !subject.is_ascii() || subject.contains('\r') {
        return None;
    }
    let re = compile(pattern, flags)?;
    let mut out = String::with_capacity(subject.len());
    let mut last = 0;
    for caps in re.captures_iter(subject) {
        let whole = caps.get(0)?;
        out.push_str(&subject[last..whole.start()]);
        match dialect {
            Dialect::Jvm => expand_jvm(&re, &caps, replacement, &mut out)?,
            Dialect::JavaScript => expand_js(&re, &caps, subject, replacement, &mut out),
        }
        last = whole.end();
        if out.len() > max {
            return None;
        }
        if !all {
            break;
        }
    }
    out.push_str(&subject[last..]);
    (out.len() <= max).then_some(out)
}

/// Compiled patterns, by pattern and flags: a loop replacing with one
/// pattern compiles it once. Cleared when full, so it stays small.
const CACHED: usize = 64;

thread_local! {
    static COMPILED: RefCell<HashMap<(String, String), Option<Regex>>> = RefCell::new(HashMap::new());
}

fn compile(pattern: &str, flags: &str) -> Option<Regex> {
    let key = (pattern.to_string(), flags.to_string());
    if let Some(re) = COMPILED.with(|c| c.borrow().get(&key).cloned()) {
        return re;
    }
    let re = compile_uncached(pattern, flags);
    COMPILED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHED {
            c.clear();
        }
        c.insert(key, re.clone());
    });
    re
}

/// The pattern under JavaScript's flags (`g` says how many to replace,
/// which the caller reads); a flag with no counterpart gives no regex.
fn compile_uncached(pattern: &str, flags: &str) -> Option<Regex> {
    let mut b = RegexBuilder::new(pattern);
    for f in flags.chars() {
        match f {
            'g' | 'u' => {}
            'i' => {
                b.case_insensitive(true);
            }
            'm' => {
                b.multi_line(true);
            }
            's' => {
                b.dot_matches_new_line(true);
            }
            _ => return None,
        }
    }
    // Bounded: a pattern from source text is small, one from a fuzzer need not be.
    b.size_limit(1 << 20).dfa_size_limit(1 << 20).nest_limit(64).build().ok()
}

/// Java's `Matcher.appendReplacement`: `\c` is `c`; `$n` takes digits
/// while they name a group (the first always counts, and must); `${name}`
/// a named group. Anything else Java rejects gives `None`.
fn expand_jvm(re: &Regex, caps: &Captures, replacement: &str, out: &mut String) -> Option<()> {
    let groups = re.captures_len() - 1;
    let mut chars = replacement.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?.1),
            '$' => match chars.peek()?.1 {
                '{' => {
                    let rest = &replacement[i + 2..];
                    let end = rest.find('}')?;
                    let name = &rest[..end];
                    let valid = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                        && name.chars().all(|c| c.is_ascii_alphanumeric());
                    if !valid || re.capture_names().flatten().all(|n| n != name) {
                        return None;
                    }
                    out.push_str(caps.name(name).map_or("", |m| m.as_str()));
                    for _ in 0..end + 2 {
                        chars.next();
                    }
                }
                d if d.is_ascii_digit() => {
                    let mut n = d.to_digit(10)? as usize;
                    chars.next();
                    while let Some(&(_, d)) = chars.peek() {
                        match d.to_digit(10) {
                            Some(d) if n * 10 + (d as usize) <= groups => {
                                n = n * 10 + d as usize;
                                chars.next();
                            }
                            _ => break,
                        }
                    }
                    if n > groups {
                        return None;
                    }
                    out.push_str(caps.get(n).map_or("", |m| m.as_str()));
                }
                _ => return None,
            },
            c => out.push(c),
        }
    }
    Some(())
}

/// ECMAScript's GetSubstitution: `$$`, `$&`, `` $` ``, `$'`, `$n`/`$nn`
/// for groups that exist, `$<name>` when the pattern names groups; any
/// other `$` is itself.
fn expand_js(re: &Regex, caps: &Captures, subject: &str, replacement: &str, out: &mut String) {
    let groups = re.captures_len() - 1;
    let named = re.capture_names().flatten().next().is_some();
    let whole = caps.get(0).map_or(0..0, |m| m.range());
    let group = |n: usize| caps.get(n).map_or("", |m| m.as_str());
    let bytes = replacement.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &replacement[i..];
        if !rest.starts_with('$') || bytes.len() == i + 1 {
            let c = rest.chars().next().unwrap_or('$');
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        let next = bytes[i + 1];
        let digit = |k: usize| bytes.get(k).filter(|b| b.is_ascii_digit()).map(|b| (b - b'0') as usize);
        match next {
            b'$' => {
                out.push('$');
                i += 2;
            }
            b'&' => {
                out.push_str(&subject[whole.clone()]);
                i += 2;
            }
            b'`' => {
                out.push_str(&subject[..whole.start]);
                i += 2;
            }
            b'\'' => {
                out.push_str(&subject[whole.end..]);
                i += 2;
            }
            b'0'..=b'9' => {
                let one = (next - b'0') as usize;
                let two = digit(i + 2).map(|d| one * 10 + d);
                if let Some(n) = two.filter(|n| (1..=groups).contains(n)) {
                    out.push_str(group(n));
                    i += 3;
                } else if (1..=groups).contains(&one) {
                    out.push_str(group(one));
                    i += 2;
                } else {
                    out.push('$');
                    i += 1;
                }
            }
            b'<' if named => match rest[2..].find('>') {
                Some(end) => {
                    out.push_str(caps.name(&rest[2..2 + end]).map_or("", |m| m.as_str()));
                    i += 3 + end;
                }
                None => {
                    out.push('$');
                    i += 1;
                }
            },
            _ => {
                out.push('$');
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: usize = 1 << 16;

    fn jvm(s: &str, p: &str, r: &str) -> Option<String> {
        replace(Dialect::Jvm, s, p, "", r, true, MAX)
    }

    fn js(s: &str, p: &str, f: &str, r: &str) -> Option<String> {
        replace(Dialect::JavaScript, s, p, f, r, f.contains('g'), MAX)
    }

    #[test]
    fn java_group_references_take_digits_while_a_group_exists() {
        // `$1_$2` is group 1, `_`, group 2 (the `regex` crate would read `$1_` as a name).
        assert_eq!(jvm("SendHttp1Request", "([a-z0-9])([A-Z])", "$1_$2").as_deref(), Some("Send_Http1_Request"));
        assert_eq!(jvm("ab", "(a)", "$10").as_deref(), Some("a0b"));
        assert_eq!(jvm("ab", "(?<x>a)", "[${x}]").as_deref(), Some("[a]b"));
        assert_eq!(jvm("a-b", "-", "\\$").as_deref(), Some("a$b"));
    }

    #[test]
    fn java_rejects_what_its_matcher_rejects() {
        assert_eq!(jvm("ab", "(a)", "$2"), None);
        assert_eq!(jvm("ab", "a", "$"), None);
        assert_eq!(jvm("ab", "a", "$x"), None);
        assert_eq!(jvm("ab", "a", "${nope}"), None);
    }

    #[test]
    fn javascript_substitutions_follow_get_substitution() {
        assert_eq!(js("getUserName", "([a-z])([A-Z])", "g", "$1_$2").as_deref(), Some("get_User_Name"));
        assert_eq!(js("getUserName", "([a-z])([A-Z])", "", "$1_$2").as_deref(), Some("get_UserName"));
        assert_eq!(js("ab", "a", "g", "[$&|$`|$'|$$|$0|$9]").as_deref(), Some("[a||b|$|$0|$9]b"));
        assert_eq!(js("ab", "(a)", "g", "$01$10").as_deref(), Some("aa0b"));
        assert_eq!(js("ab", "(?<x>a)", "g", "$<x>$<y>").as_deref(), Some("ab"));
        assert_eq!(js("ab", "(a)", "g", "$<x>").as_deref(), Some("$<x>b"));
    }

    #[test]
    fn where_the_engines_may_disagree_there_is_no_answer() {
        assert_eq!(js("ab", "(?<=a)b", "g", "x"), None, "look-behind");
        assert_eq!(js("ab", "a", "y", "x"), None, "sticky flag");
        assert_eq!(js("é", ".", "g", "x"), None, "non-ASCII subject");
        assert_eq!(js("a\rb", ".", "g", "x"), None, "carriage return");
        assert_eq!(js("AB", "a", "gi", "x").as_deref(), Some("xB"));
        // JavaScript escapes punctuation that needs none (`\/` in a literal).
        assert_eq!(js("a/b", "\\/", "g", "_").as_deref(), Some("a_b"));
    }

    #[test]
    fn a_result_over_the_limit_is_unknown() {
        let s = "a".repeat(100);
        assert_eq!(replace(Dialect::Jvm, &s, "a", "", "bbbb", true, 200), None);
        assert!(replace(Dialect::Jvm, &s, "a", "", "bb", true, 200).is_some());
    }
}
