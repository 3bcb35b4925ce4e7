//! Rule documentation: `rules/*.md` are embedded in the binary. Their front
//! matter is the rule's metadata: code, name, the severity it reports at, and
//! the profiles that enable it (a rule outside `recommended` is off by default).

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
    /// Severity in a profile where it differs from `severity`.
    #[serde(default)]
    severities: std::collections::BTreeMap<String, String>,
}

/// Metadata and documentation of one rule, as plain data.
#[derive(Clone, Debug)]
pub struct RuleInfo {
    pub code: &'static str,
    pub name: &'static str,
    /// Severity in the default profile (`recommended`); `None` when the
    /// rule is off there.
    pub severity: Option<Severity>,
    /// Severity the rule reports at wherever it is enabled.
    pub level: Severity,
    /// The profiles that enable the rule.
    pub profiles: Vec<String>,
    pub summary: String,
    /// Per-profile severities that differ from `level`.
    pub severities: Vec<(String, Severity)>,
    /// The Markdown after the front matter.
    pub body: &'static str,
    pub doc: &'static str,
}

impl RuleInfo {
    /// The severity in `profile`, `None` when the profile does not enable it.
    pub fn level_in(&self, profile: &str) -> Option<Severity> {
        if !self.profiles.iter().any(|p| p == profile) {
            return None;
        }
        Some(self.severities.iter().find(|(p, _)| p == profile).map_or(self.level, |(_, s)| *s))
    }
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
    let level = Severity::parse(&fm.severity).expect("rule severity is error, warning or info");
    let severities: Vec<(String, Severity)> = fm
        .severities
        .iter()
        .map(|(p, s)| (p.clone(), Severity::parse(s).expect("profile severity is error, warning or info")))
        .collect();
    let in_recommended = severities.iter().find(|(p, _)| p == "recommended").map_or(level, |(_, s)| *s);
    let severity = fm.profiles.iter().any(|p| p == "recommended").then_some(in_recommended);
    RuleInfo {
        code: Box::leak(fm.code.into_boxed_str()),
        name: Box::leak(fm.name.into_boxed_str()),
        severity,
        level,
        profiles: fm.profiles,
        summary: fm.summary,
        severities,
        body: body.trim_start(),
        doc,
    }
}
