//! Go string literals' values: raw (backquoted) and interpreted (escapes
//! decoded).

use tree_sitter::Node;

/// A string literal's value (escapes of interpreted strings decoded).
pub fn string(text: &str, n: Node) -> Option<String> {
    let of = |n: Node| text.get(n.byte_range()).unwrap_or("");
    match n.kind() {
        "raw_string_literal" => Some(of(n).trim_start_matches('`').trim_end_matches('`').replace('\r', "")),
        "interpreted_string_literal" => {
            let mut out = String::new();
            let mut cursor = n.walk();
            for c in n.named_children(&mut cursor) {
                match c.kind() {
                    "interpreted_string_literal_content" => out.push_str(of(c)),
                    "escape_sequence" => out.push_str(&unescape(of(c))?),
                    _ => return None,
                }
            }
            Some(out)
        }
        _ => None,
    }
}

fn unescape(esc: &str) -> Option<String> {
    let body = esc.strip_prefix('\\')?;
    Some(match body {
        "n" => "\n".into(),
        "t" => "\t".into(),
        "r" => "\r".into(),
        "\\" => "\\".into(),
        "\"" => "\"".into(),
        "'" => "'".into(),
        "a" => "\u{7}".into(),
        "b" => "\u{8}".into(),
        "f" => "\u{c}".into(),
        "v" => "\u{b}".into(),
        _ => {
            let (radix, digits) = match body.chars().next()? {
                'x' | 'u' | 'U' => (16, &body[1..]),
                '0'..='7' => (8, body),
                _ => return None,
            };
            char::from_u32(u32::from_str_radix(digits, radix).ok()?)?.to_string()
        }
    })
}
