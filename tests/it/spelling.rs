//! Messages and help lines spell hint keys the way the tool's own language
//! does (`destructive_hint` in Rust, `DestructiveHint` in Go, the wire's
//! `destructiveHint` in Python and TypeScript/JavaScript). The rules never
//! spell a key: the tool's syntax does.

use crate::{fixtures, repo, run_in};

const WIRE: [&str; 4] = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];
const SNAKE: [&str; 4] = ["read_only_hint", "destructive_hint", "idempotent_hint", "open_world_hint"];
const GO: [&str; 4] = ["ReadOnlyHint", "DestructiveHint", "IdempotentHint", "OpenWorldHint"];

/// Every finding's message and help over the language's fixtures, with the
/// parts that quote something else: what the SDK puts on the wire (JSON),
/// and a misspelt key as the user wrote it.
fn texts(lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    for dir in fixtures(lang) {
        let (_, json, err) = run_in(
            &repo(),
            &["check", "--profile", "strict", "--format", "json", "--exit-zero", dir.to_str().unwrap()],
        );
        let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {err}"));
        for f in v["findings"].as_array().unwrap() {
            let mut message = f["message"].as_str().unwrap().to_string();
            if let Some(at) = message.find(" (the SDK sends") {
                message.truncate(at);
            }
            if f["code"] == "MCP012" {
                // What follows the quoted key: "…, so `X` is absent" / "…, while `X` is declared".
                let cut = [", so ", ", while "].iter().filter_map(|p| message.rfind(p).map(|i| i + p.len())).max();
                message = cut.map_or(String::new(), |i| message[i..].to_string());
            }
            out.push(format!("{}: {message} | {}", f["code"], f["help"].as_str().unwrap_or("")));
        }
    }
    assert!(out.len() > 20, "{lang}: too few findings to judge: {out:?}");
    out
}

fn assert_spelt(lang: &str, own: &[&str; 4], foreign: &[&[&str; 4]]) {
    let texts = texts(lang);
    let bad: Vec<&String> =
        texts.iter().filter(|t| foreign.iter().flat_map(|f| f.iter()).any(|k| contains_word(t, k))).collect();
    assert!(
        bad.is_empty(),
        "{lang}: foreign spellings in\n{}",
        bad.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
    assert!(texts.iter().any(|t| own.iter().any(|k| t.contains(k))), "{lang}: no key named at all");
}

/// `key` as a whole identifier (so `ReadOnlyHint` does not match inside
/// `WithReadOnlyHintAnnotation`, and `readOnlyHint` not inside `ReadOnlyHint`).
fn contains_word(text: &str, key: &str) -> bool {
    text.match_indices(key).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + key.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

#[test]
fn rust_messages_use_snake_case_keys() {
    assert_spelt("rust", &SNAKE, &[&WIRE, &GO]);
}

#[test]
fn go_messages_use_the_struct_fields() {
    assert_spelt("go", &GO, &[&WIRE, &SNAKE]);
}

#[test]
fn python_and_typescript_messages_use_the_wire_names() {
    assert_spelt("python", &WIRE, &[&SNAKE, &GO]);
    assert_spelt("typescript", &WIRE, &[&SNAKE, &GO]);
}
