//! A known string's own methods, as each language spells them: case,
//! trimming, replacing (with a regular expression too, `regex_replace.rs`),
//! slicing, splitting and joining. A result longer than the budget's
//! string limit is unknown, checked before it is built.

use std::cell::RefCell;
use std::rc::Rc;

use super::regex_replace::{is_regex, regex_of, replace, Dialect};
use super::value::{PendingCall, Value};
use crate::model::Lang;
use crate::source::Span;

/// A string's own methods that a tool's name is commonly made with, on a
/// known string and known arguments: case, trimming, replacing. A result
/// longer than `max` bytes is unknown (checked before it is built).
pub(super) fn str_method(lang: Lang, s: &str, name: &str, call: &PendingCall, max: usize, span: Span) -> Option<Value> {
    if !call.keywords.is_empty() {
        return None;
    }
    if let Some(v) = str_method_counted(lang, s, name, &call.positional, max, span) {
        return Some(v);
    }
    if let Some(v) = regex_method(lang, s, name, &call.positional, max, span) {
        return Some(v);
    }
    let args: Option<Vec<&str>> = call.positional.iter().map(Value::as_str).collect();
    let args = args?;
    if let [from, to] = &args[..] {
        let grows = to.len().saturating_sub(from.len());
        if !from.is_empty() && s.len() + s.matches(from).count().saturating_mul(grows) > max {
            return Some(Value::Unknown(span));
        }
    }
    let py = lang == Lang::Python;
    let js = matches!(lang, Lang::TypeScript | Lang::JavaScript);
    let kt = lang == Lang::Kotlin;
    let jvm = matches!(lang, Lang::Kotlin | Lang::Java);
    let cs = lang == Lang::CSharp;
    // Questions about the string (`c.isupper()` in a name made letter by letter).
    let cased =
        |f: fn(char) -> bool| s.chars().any(char::is_alphabetic) && s.chars().filter(|c| c.is_alphabetic()).all(f);
    let answer = match (name, &args[..]) {
        ("isupper", []) if py => Some(cased(char::is_uppercase)),
        ("islower", []) if py => Some(cased(char::is_lowercase)),
        ("isdigit", []) if py => Some(!s.is_empty() && s.chars().all(|c| c.is_ascii_digit())),
        ("isalpha", []) if py => Some(!s.is_empty() && s.chars().all(char::is_alphabetic)),
        ("startswith", [p]) if py => Some(s.starts_with(p)),
        ("endswith", [p]) if py => Some(s.ends_with(p)),
        ("startsWith", [p]) if js || jvm => Some(s.starts_with(p)),
        ("endsWith", [p]) if js || jvm => Some(s.ends_with(p)),
        ("StartsWith", [p]) if cs && s.is_ascii() && p.is_ascii() => Some(s.starts_with(p)),
        ("EndsWith", [p]) if cs && s.is_ascii() && p.is_ascii() => Some(s.ends_with(p)),
        _ => None,
    };
    if let Some(b) = answer {
        return Some(Value::Bool(b, span));
    }
    let out = match (name, &args[..]) {
        ("lower", []) if py => s.to_lowercase(),
        ("upper", []) if py => s.to_uppercase(),
        ("toLowerCase", []) if js => s.to_lowercase(),
        ("toUpperCase", []) if js => s.to_uppercase(),
        ("strip", []) if py => s.trim().to_string(),
        ("lstrip", []) if py => s.trim_start().to_string(),
        ("rstrip", []) if py => s.trim_end().to_string(),
        ("trim", []) if js => s.trim().to_string(),
        ("trimStart", []) if js => s.trim_start().to_string(),
        ("trimEnd", []) if js => s.trim_end().to_string(),
        ("replace", [from, to]) if py && !from.is_empty() => s.replace(from, to),
        // `strip("_")`: the characters given, from either end.
        ("strip", [cs]) if py => s.trim_matches(|c| cs.contains(c)).to_string(),
        ("lstrip", [cs]) if py => s.trim_start_matches(|c| cs.contains(c)).to_string(),
        ("rstrip", [cs]) if py => s.trim_end_matches(|c| cs.contains(c)).to_string(),
        ("removeprefix", [p]) if py => s.strip_prefix(p).unwrap_or(s).to_string(),
        ("removesuffix", [p]) if py => s.strip_suffix(p).unwrap_or(s).to_string(),
        // Kotlin (`lowercase` is `Locale.ROOT`'s), Java, C# (the invariant
        // culture's; the current culture's on ASCII only).
        ("lowercase", []) if kt => s.to_lowercase(),
        ("uppercase", []) if kt => s.to_uppercase(),
        ("toLowerCase", []) if jvm && s.is_ascii() => s.to_lowercase(),
        ("toUpperCase", []) if jvm && s.is_ascii() => s.to_uppercase(),
        ("trim", []) if kt => s.trim().to_string(),
        // Java's `trim` drops every character up to the space.
        ("trim", []) if lang == Lang::Java => s.trim_matches(|c| c <= ' ').to_string(),
        ("strip", []) if lang == Lang::Java => s.trim().to_string(),
        ("removePrefix", [p]) if kt => s.strip_prefix(p).unwrap_or(s).to_string(),
        ("removeSuffix", [p]) if kt => s.strip_suffix(p).unwrap_or(s).to_string(),
        // A string pattern is literal in these, and every occurrence goes.
        ("replace", [from, to]) if (jvm || cs) && !from.is_empty() => s.replace(from, to),
        ("Replace", [from, to]) if cs && !from.is_empty() => s.replace(from, to),
        ("ToLowerInvariant", []) if cs => s.to_lowercase(),
        ("ToUpperInvariant", []) if cs => s.to_uppercase(),
        ("ToLower", []) if cs && s.is_ascii() => s.to_lowercase(),
        ("ToUpper", []) if cs && s.is_ascii() => s.to_uppercase(),
        ("Trim", []) if cs => s.trim().to_string(),
        ("TrimStart", []) if cs => s.trim_start().to_string(),
        ("TrimEnd", []) if cs => s.trim_end().to_string(),
        _ => return None,
    };
    Some(Value::str(&out, span))
}

/// A string's methods that take positions or counts, or give a list, on a
/// known string and known arguments: `slice`, `substring`, `charAt`,
/// `padStart`/`padEnd`, `split`, `includes` (JavaScript), `split`,
/// `title`, `capitalize`, `zfill` (Python). Positions count characters
/// (for JavaScript, exact on text without surrogate pairs).
fn str_method_counted(lang: Lang, s: &str, name: &str, args: &[Value], max: usize, span: Span) -> Option<Value> {
    let py = lang == Lang::Python;
    let js = lang.is_javascript();
    let int = |i: usize| -> Option<i64> {
        match args.get(i)? {
            Value::Num(n, _) => n.parse::<i64>().ok(),
            _ => None,
        }
    };
    let chars: Vec<char> = s.chars().collect();
    let len = chars.len() as i64;
    // A relative position (negative counts from the end), clamped.
    let at = |i: i64| -> usize { (if i < 0 { (len + i).max(0) } else { i.min(len) }) as usize };
    let text = |a: usize, b: usize| -> Value {
        let t: String = chars[a.min(b)..b.max(a.min(b))].iter().collect();
        Value::str(&t, span)
    };
    let out = match (name, args.len()) {
        ("slice", 1) if js => text(at(int(0)?), chars.len()),
        ("slice", 2) if js => text(at(int(0)?), at(int(1)?)),
        // `substring` clamps negatives to 0 and swaps its bounds.
        ("substring", 1 | 2) if js => {
            let a = int(0)?.clamp(0, len) as usize;
            let b = if args.len() == 2 { int(1)?.clamp(0, len) as usize } else { chars.len() };
            text(a.min(b), a.max(b))
        }
        ("charAt", 1) if js => {
            let i = int(0)?;
            if (0..len).contains(&i) {
                text(i as usize, i as usize + 1)
            } else {
                Value::str("", span)
            }
        }
        ("padStart" | "padEnd", 1 | 2) if js => {
            let width = int(0)?.max(0) as usize;
            let fill: Vec<char> = match args.get(1) {
                Some(f) => f.as_str()?.chars().collect(),
                None => vec![' '],
            };
            if width > max {
                return Some(Value::Unknown(span));
            }
            if width <= chars.len() || fill.is_empty() {
                return Some(Value::str(s, span));
            }
            let pad: String = fill.iter().cycle().take(width - chars.len()).collect();
            let out = if name == "padStart" { format!("{pad}{s}") } else { format!("{s}{pad}") };
            Value::str(&out, span)
        }
        ("zfill", 1) if py => {
            let width = int(0)?.max(0) as usize;
            if width > max {
                return Some(Value::Unknown(span));
            }
            let pad = "0".repeat(width.saturating_sub(chars.len()));
            Value::str(&format!("{pad}{s}"), span)
        }
        ("includes", 1) if js => Value::Bool(s.contains(args[0].as_str()?), span),
        ("split", 1) if js || py => {
            let sep = args[0].as_str()?;
            let parts: Vec<Value> = if sep.is_empty() && js {
                chars.iter().map(|c| Value::str(c.encode_utf8(&mut [0; 4]), span)).collect()
            } else if sep.is_empty() {
                return None;
            } else {
                s.split(sep).map(|p| Value::str(p, span)).collect()
            };
            Value::List(Rc::new(RefCell::new(parts)), span)
        }
        ("split", 0) if py => {
            let parts: Vec<Value> = s.split_whitespace().map(|p| Value::str(p, span)).collect();
            Value::List(Rc::new(RefCell::new(parts)), span)
        }
        ("capitalize", 0) if py => {
            let mut out: String = chars.first().map(|c| c.to_uppercase().collect()).unwrap_or_default();
            out.extend(chars.iter().skip(1).flat_map(|c| c.to_lowercase()));
            Value::str(&out, span)
        }
        // Python's `title()`: each run of letters starts upper case.
        ("title", 0) if py => {
            let mut out = String::with_capacity(s.len());
            let mut prev_cased = false;
            for c in &chars {
                if prev_cased {
                    out.extend(c.to_lowercase());
                } else {
                    out.extend(c.to_uppercase());
                }
                prev_cased = c.is_alphabetic();
            }
            Value::str(&out, span)
        }
        _ => return None,
    };
    Some(out)
}

/// The strings of the list `parts` joined with `sep` (Python's
/// `sep.join(parts)`, JavaScript's `parts.join(sep)`); unknown unless each
/// part is a known string, or when the result is longer than `max` bytes.
pub(super) fn joined(parts: &Value, sep: &str, max: usize, span: Span) -> Value {
    let Value::List(l, _) = parts else { return Value::Unknown(span) };
    let mut out = String::new();
    for (i, p) in l.borrow().iter().enumerate() {
        let Some(p) = p.as_str() else { return Value::Unknown(span) };
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(p);
        if out.len() > max {
            return Value::Unknown(span);
        }
    }
    Value::str(&out, span)
}

/// Replacing with a pattern: a regular expression (JavaScript's
/// `replace(/re/g, r)`, Kotlin's `replace(Regex(re), r)`), Java's
/// `replaceAll(re, r)`, and JavaScript's string patterns, whose
/// replacement still reads `$&` and `$$`. A regular expression nobody can
/// run here gives an unknown string.
fn regex_method(lang: Lang, s: &str, name: &str, args: &[Value], max: usize, span: Span) -> Option<Value> {
    let js = lang.is_javascript();
    let [pattern, to] = args else { return None };
    let literal = |p: &str| (regex::escape(p), String::new());
    let (dialect, (re, flags), all) = match (name, pattern.as_str()) {
        // Without a `$` the replacement is literal, on any text.
        ("replace" | "replaceAll", Some(p)) if js && !p.is_empty() && to.as_str().is_some_and(|t| !t.contains('$')) => {
            let to = to.as_str().unwrap_or_default();
            let grows = to.len().saturating_sub(p.len());
            if s.len() + s.matches(p).count().saturating_mul(grows) > max {
                return Some(Value::Unknown(span));
            }
            let out = if name == "replace" { s.replacen(p, to, 1) } else { s.replace(p, to) };
            return Some(Value::str(&out, span));
        }
        ("replace" | "replaceAll", Some(p)) if js => (Dialect::JavaScript, literal(p), name == "replaceAll"),
        ("replace" | "replaceAll", None) if js && is_regex(pattern) => {
            let (re, flags) = regex_of(pattern)?;
            // `replaceAll` with a regular expression that is not global throws.
            if name == "replaceAll" && !flags.contains('g') {
                return Some(Value::Unknown(span));
            }
            let all = flags.contains('g');
            (Dialect::JavaScript, (re, flags), all)
        }
        ("replace" | "replaceFirst", None) if lang == Lang::Kotlin && is_regex(pattern) => {
            (Dialect::Jvm, regex_of(pattern)?, name == "replace")
        }
        ("replaceAll" | "replaceFirst", Some(p)) if lang == Lang::Java => {
            (Dialect::Jvm, (p.to_string(), String::new()), name == "replaceAll")
        }
        _ => return None,
    };
    if js && pattern.as_str().is_some_and(str::is_empty) {
        return None;
    }
    let out = to.as_str().and_then(|to| replace(dialect, s, &re, &flags, to, all, max));
    Some(out.map_or(Value::Unknown(span), |t| Value::str(&t, span)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir;
    use crate::source::FileId;

    fn at() -> Span {
        Span { file: FileId(0), start: 0, end: 0 }
    }

    fn call(args: &[Value]) -> PendingCall {
        PendingCall { positional: args.to_vec(), ..PendingCall::new(at()) }
    }

    fn text(lang: Lang, s: &str, name: &str, args: &[Value]) -> Option<String> {
        str_method(lang, s, name, &call(args), 1 << 16, at()).and_then(|v| v.as_str().map(String::from))
    }

    fn regex(p: &str, flags: &str) -> Value {
        let mut o = super::super::value::Obj::new(at());
        o.set(ir::REGEX_PATTERN, Value::str(p, at()), None);
        o.set(ir::REGEX_FLAGS, Value::str(flags, at()), None);
        Value::Object(Rc::new(RefCell::new(o)))
    }

    #[test]
    fn each_language_spells_its_own_string_methods() {
        let s = |v: &str| Value::str(v, at());
        assert_eq!(text(Lang::Kotlin, "Get-Item", "lowercase", &[]).as_deref(), Some("get-item"));
        assert_eq!(text(Lang::Kotlin, "a-b-c", "replace", &[s("-"), s("_")]).as_deref(), Some("a_b_c"));
        assert_eq!(text(Lang::Java, "a-b-c", "replace", &[s("-"), s("_")]).as_deref(), Some("a_b_c"));
        assert_eq!(text(Lang::CSharp, "GetItem", "ToLowerInvariant", &[]).as_deref(), Some("getitem"));
        assert_eq!(text(Lang::CSharp, "a.b", "Replace", &[s("."), s("_")]).as_deref(), Some("a_b"));
        // Not the language's own spelling: no answer.
        assert_eq!(text(Lang::Kotlin, "A", "ToLower", &[]), None);
        assert_eq!(text(Lang::Python, "A", "lowercase", &[]), None);
    }

    #[test]
    fn patterns_replace_as_each_language_does() {
        let s = |v: &str| Value::str(v, at());
        let camel = || regex("([a-z])([A-Z])", "");
        assert_eq!(
            text(Lang::Kotlin, "getItemList", "replace", &[camel(), s("$1_$2")]).as_deref(),
            Some("get_Item_List")
        );
        assert_eq!(
            text(Lang::Kotlin, "getItemList", "replaceFirst", &[camel(), s("$1_$2")]).as_deref(),
            Some("get_ItemList")
        );
        assert_eq!(
            text(Lang::Java, "getItemList", "replaceAll", &[s("([a-z])([A-Z])"), s("$1_$2")]).as_deref(),
            Some("get_Item_List")
        );
        assert_eq!(
            text(Lang::TypeScript, "getItemList", "replace", &[regex("([a-z])([A-Z])", "g"), s("$1_$2")]).as_deref(),
            Some("get_Item_List")
        );
        // A string pattern in JavaScript: the first occurrence, `$&` read.
        assert_eq!(text(Lang::TypeScript, "a-b-c", "replace", &[s("-"), s("_")]).as_deref(), Some("a_b-c"));
        assert_eq!(text(Lang::TypeScript, "a-b", "replaceAll", &[s("-"), s("[$&]")]).as_deref(), Some("a[-]b"));
        // `replaceAll` with a regular expression that is not global throws.
        let r = str_method(Lang::TypeScript, "ab", "replaceAll", &call(&[regex("a", ""), s("x")]), 1 << 16, at());
        assert!(matches!(r, Some(Value::Unknown(_))));
    }
}
