//! String escapes, decoded as each language's compiler does, so that a
//! literal's value (a tool's name or title) is the text the server sends.
//! `None` when an escape's value is not known here (Python's `\N{NAME}`
//! needs the Unicode name table; JavaScript's legacy octal escapes).

/// The value of the body of a Python string literal that is not raw
/// (Python's lexer: `Objects/unicodeobject.c`, `_PyUnicode_DecodeUnicodeEscape`).
/// An unrecognised escape (`\d`) keeps its backslash.
pub fn python(raw: &str) -> Option<String> {
    if !raw.contains('\\') {
        return Some(raw.to_string());
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            '\n' => {}
            '\r' => {
                chars.next_if_eq(&'\n');
            }
            '\\' | '\'' | '"' => out.push(e),
            'a' => out.push('\u{7}'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\u{b}'),
            '0'..='7' => {
                let mut n = e.to_digit(8)?;
                for _ in 0..2 {
                    match chars.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            n = n * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(n)?);
            }
            'x' => out.push(hex(&mut chars, 2)?),
            'u' => out.push(hex(&mut chars, 4)?),
            'U' => out.push(hex(&mut chars, 8)?),
            'N' => return None,
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    Some(out)
}

/// The value of one JavaScript escape sequence as written (`\n`, `\x41`,
/// `\u00e9`, `\u{1F600}`, a backslash before a line break), in a string
/// or a template literal (ECMA-262, *EscapeSequence*).
pub fn javascript(escape: &str) -> Option<String> {
    let mut chars = escape.strip_prefix('\\')?.chars().peekable();
    let e = chars.next()?;
    let out = match e {
        // A line continuation is no character at all.
        '\n' | '\r' | '\u{2028}' | '\u{2029}' => String::new(),
        'n' => "\n".into(),
        'r' => "\r".into(),
        't' => "\t".into(),
        'b' => "\u{8}".into(),
        'f' => "\u{c}".into(),
        'v' => "\u{b}".into(),
        '0' if chars.peek().is_none() => "\0".into(),
        // Legacy octal escapes: not decoded here.
        '0'..='9' => return None,
        'x' => hex(&mut chars, 2)?.to_string(),
        'u' if chars.peek() == Some(&'{') => {
            chars.next();
            let digits: String = chars.by_ref().take_while(|c| *c != '}').collect();
            char::from_u32(u32::from_str_radix(&digits, 16).ok()?)?.to_string()
        }
        'u' => {
            // Half of a surrogate pair (`\uD83D\uDE00`: tree-sitter gives
            // each escape alone) is no `char`: the string stays unknown.
            char::from_u32(hex_code(&mut chars, 4)?)?.to_string()
        }
        other => other.to_string(),
    };
    Some(out)
}

fn hex_code(chars: &mut std::iter::Peekable<std::str::Chars>, digits: usize) -> Option<u32> {
    let text: String = (0..digits).map_while(|_| chars.next()).collect();
    if text.len() != digits {
        return None;
    }
    u32::from_str_radix(&text, 16).ok()
}

fn hex(chars: &mut std::iter::Peekable<std::str::Chars>, digits: usize) -> Option<char> {
    char::from_u32(hex_code(chars, digits)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_escapes_are_the_values_cpython_gives() {
        assert_eq!(python("Fetch the \\\nreport").as_deref(), Some("Fetch the report"));
        assert_eq!(python("Col\\tB").as_deref(), Some("Col\tB"));
        assert_eq!(python("It\\'s").as_deref(), Some("It's"));
        assert_eq!(python("caf\\xe9 \\u00e9 \\U0001F600 \\101").as_deref(), Some("café é 😀 A"));
        // An escape Python does not know keeps its backslash.
        assert_eq!(python("\\d+").as_deref(), Some("\\d+"));
        assert_eq!(python("\\N{BULLET}"), None);
    }

    #[test]
    fn javascript_escapes_are_the_values_the_engine_gives() {
        assert_eq!(javascript("\\'").as_deref(), Some("'"));
        assert_eq!(javascript("\\t").as_deref(), Some("\t"));
        assert_eq!(javascript("\\u00e9").as_deref(), Some("é"));
        assert_eq!(javascript("\\u{1F600}").as_deref(), Some("😀"));
        assert_eq!(javascript("\\x41").as_deref(), Some("A"));
        assert_eq!(javascript("\\\n").as_deref(), Some(""));
        assert_eq!(javascript("\\d").as_deref(), Some("d"));
        assert_eq!(javascript("\\07"), None);
        assert_eq!(javascript("\\uD83D"), None);
    }
}
