//! Rule documentation: `rules/*.md` are embedded in the binary. Their front
//! matter is the rule's metadata (code, name, default severity, profiles).

use serde::Deserialize;

use crate::finding::Severity;

#[derive(Debug, Deserialize)]
struct FrontMatter {
    code: String,
    name: String,
    severity: String,
    #[serde(default)]
    profiles: Vec<String>,
    #[serde(default)]
    summary: String,
}

/// Metadata and documentation of one rule, as plain data.
#[derive(Clone, Debug)]
pub struct RuleInfo {
    pub code: &'static str,
    pub name: &'static str,
    /// `None` when the rule is off by default.
    pub severity: Option<Severity>,
    pub profiles: Vec<String>,
    pub summary: String,
    /// The Markdown after the front matter.
    pub body: &'static str,
    pub doc: &'static str,
}

/// Split a rule document into its TOML front matter and its body.
pub fn split(doc: &str) -> Option<(&str, &str)> {
    let rest = doc.strip_prefix("+++\n")?;
    let end = rest.find("\n+++\n")?;
    Some((&rest[..end], &rest[end + 5..]))
}

/// Parse a rule document; panics on a malformed embedded doc (a build bug,
/// caught by the test suite).
pub fn parse(doc: &'static str) -> RuleInfo {
    let (front, body) = split(doc).expect("rule doc starts with +++ front matter");
    let fm: FrontMatter = toml::from_str(front).expect("rule doc front matter is valid TOML");
    let severity = match fm.severity.as_str() {
        "off" => None,
        s => Some(Severity::parse(s).expect("rule severity is error, warning, info or off")),
    };
    RuleInfo {
        code: Box::leak(fm.code.into_boxed_str()),
        name: Box::leak(fm.name.into_boxed_str()),
        severity,
        profiles: fm.profiles,
        summary: fm.summary,
        body: body.trim_start(),
        doc,
    }
}
