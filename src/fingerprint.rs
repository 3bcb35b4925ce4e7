//! Line-independent identities of findings, shared by the baseline and the
//! SARIF `partialFingerprints`: moving unrelated lines must not change them.

use crate::finding::Finding;
use crate::source::SourceMap;

/// FNV-1a, 64 bits, as 16 hex digits. Written out rather than taken from
/// `std` because `DefaultHasher` may change between Rust releases, and a
/// fingerprint must stay the same for as long as a baseline file is kept.
pub fn hash(parts: &[&str]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, part) in parts.iter().enumerate() {
        // A separator that cannot occur in text keeps ("ab", "c") apart from ("a", "bc").
        let sep: &[u8] = if i == 0 { b"" } else { b"\0" };
        for b in sep.iter().chain(part.as_bytes()) {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// The source text of the finding's primary span, whitespace collapsed, so
/// re-indenting a block keeps the identity.
pub fn source_text(f: &Finding, sources: &SourceMap) -> String {
    let Some(span) = f.span else { return String::new() };
    sources.get(f.file).slice(span).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What names a finding without its position: the tool it is about, or —
/// for a tool whose name is computed, or a finding about a file — the text
/// it points at and its message.
pub fn subject(f: &Finding, sources: &SourceMap) -> String {
    match &f.tool {
        Some(tool) => format!("tool:{tool}"),
        None => format!("text:{}\0{}", source_text(f, sources), f.message),
    }
}

/// The baseline identity: rule, file and subject. `file` is the path as the
/// caller wants it compared (relative to the baseline file).
pub fn baseline(f: &Finding, file: &str, sources: &SourceMap) -> String {
    hash(&[f.code, file, &subject(f, sources)])
}

/// The SARIF identity: also the source text and the message, so two
/// findings of one rule on one tool (two misspelt keys) stay apart.
pub fn sarif(f: &Finding, file: &str, sources: &SourceMap) -> String {
    hash(&[f.code, file, &subject(f, sources), &source_text(f, sources), &f.message])
}

#[cfg(test)]
mod tests {
    use super::hash;

    #[test]
    fn fnv_is_stable_and_separates_parts() {
        // FNV-1a of the empty input is the offset basis.
        assert_eq!(hash(&[""]), "cbf29ce484222325");
        assert_eq!(hash(&["a"]), "af63dc4c8601ec8c");
        assert_ne!(hash(&["ab", "c"]), hash(&["a", "bc"]));
    }
}
