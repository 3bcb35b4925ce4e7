//! The rule catalogue. A rule is plain data (its doc in `rules/`) plus a
//! function that looks at one resolved [`Tool`]. Rules never see syntax
//! trees or know which language a tool came from.

pub mod docs;
pub mod words;

mod contradictory_hints;
mod destructive_tool_declared_safe;
mod ignored_hint;
mod implicit_destructive;
mod implicit_non_idempotent;
mod implicit_not_read_only;
mod implicit_open_world;
mod invalid_hint_value;
mod missing_annotations;
mod missing_title;
mod misspelled_hint;
mod read_tool_default_destructive;
mod required_hint_missing;
mod unguarded_bulk_destructive;
mod unresolved_annotations;

use std::sync::LazyLock;

pub use self::docs::RuleInfo;
use self::words::Words;
use crate::finding::{Finding, Label, Severity};
use crate::model::{HintKind, Origin, Tool};
use crate::source::{SourceMap, Span};

type Check = fn(&Tool, &mut Ctx);

pub struct RuleDef {
    pub doc: &'static str,
    /// `None` for findings the run itself makes (parse and I/O errors).
    pub check: Option<Check>,
}

macro_rules! doc {
    ($file:literal) => {
        include_str!(concat!("../../rules/", $file))
    };
}

pub static RULES: &[RuleDef] = &[
    RuleDef { doc: doc!("MCP001-missing-annotations.md"), check: Some(missing_annotations::check) },
    RuleDef { doc: doc!("MCP002-implicit-destructive.md"), check: Some(implicit_destructive::check) },
    RuleDef { doc: doc!("MCP003-implicit-open-world.md"), check: Some(implicit_open_world::check) },
    RuleDef { doc: doc!("MCP004-implicit-not-read-only.md"), check: Some(implicit_not_read_only::check) },
    RuleDef { doc: doc!("MCP005-implicit-non-idempotent.md"), check: Some(implicit_non_idempotent::check) },
    RuleDef { doc: doc!("MCP010-ignored-hint.md"), check: Some(ignored_hint::check) },
    RuleDef { doc: doc!("MCP011-contradictory-hints.md"), check: Some(contradictory_hints::check) },
    RuleDef { doc: doc!("MCP012-misspelled-hint.md"), check: Some(misspelled_hint::check) },
    RuleDef { doc: doc!("MCP013-invalid-hint-value.md"), check: Some(invalid_hint_value::check) },
    RuleDef { doc: doc!("MCP020-read-tool-default-destructive.md"), check: Some(read_tool_default_destructive::check) },
    RuleDef {
        doc: doc!("MCP021-destructive-tool-declared-safe.md"),
        check: Some(destructive_tool_declared_safe::check),
    },
    RuleDef { doc: doc!("MCP022-unguarded-bulk-destructive.md"), check: Some(unguarded_bulk_destructive::check) },
    RuleDef { doc: doc!("MCP030-required-hint-missing.md"), check: Some(required_hint_missing::check) },
    RuleDef { doc: doc!("MCP031-unresolved-annotations.md"), check: Some(unresolved_annotations::check) },
    RuleDef { doc: doc!("MCP032-missing-title.md"), check: Some(missing_title::check) },
    // Reported by `crate::probe`, from a server's `tools/list` listing.
    RuleDef { doc: doc!("MCP040-unsourced-wire-tool.md"), check: None },
    RuleDef { doc: doc!("MCP041-unlisted-source-tool.md"), check: None },
    RuleDef { doc: doc!("MCP042-wire-hint-mismatch.md"), check: None },
    RuleDef { doc: doc!("MCP043-duplicate-tool-name.md"), check: None },
    RuleDef { doc: doc!("MCP090-parse-error.md"), check: None },
    RuleDef { doc: doc!("MCP091-io-error.md"), check: None },
    // Reported by `crate::suppress`, after the rules.
    RuleDef { doc: doc!("MCP092-unused-suppression.md"), check: None },
];

/// Metadata of every rule, in catalogue order.
pub static INFOS: LazyLock<Vec<RuleInfo>> = LazyLock::new(|| RULES.iter().map(|r| docs::parse(r.doc)).collect());

pub fn info(code: &str) -> Option<&'static RuleInfo> {
    INFOS.iter().find(|i| i.code == code)
}

/// Look a rule up by code (`MCP002`) or name (`implicit-destructive`).
pub fn find(code_or_name: &str) -> Option<&'static RuleInfo> {
    INFOS.iter().find(|i| i.code.eq_ignore_ascii_case(code_or_name) || i.name == code_or_name)
}

/// Everything a rule may report through; it knows the running rule, so a
/// finding cannot carry the wrong code.
pub struct Ctx<'a> {
    rule: &'static RuleInfo,
    tool: &'a Tool,
    findings: &'a mut Vec<Finding>,
    /// The intent word lists (configurable).
    pub words: &'a Words,
}

impl<'a> Ctx<'a> {
    /// Report at the tool's registration.
    pub fn report(&mut self, message: String) -> FindingBuilder<'_> {
        let span = self.tool.site;
        self.report_at(span, message)
    }

    /// Report at a span of its own (a misspelt key, a bad value); the
    /// registration is labelled when it is elsewhere.
    pub fn report_at(&mut self, span: Span, message: String) -> FindingBuilder<'_> {
        let mut labels = Vec::new();
        if span != self.tool.site {
            labels.push(Label {
                span: self.tool.site,
                message: format!("tool `{}` registered here", self.tool.display_name()),
            });
        }
        if let Some(def) = self.tool.definition {
            if def != span {
                labels.push(Label { span: def, message: format!("tool `{}` defined here", self.tool.display_name()) });
            }
        }
        if let Origin::Preset { symbol, defined_at, .. } = &self.tool.annotations.origin {
            labels.push(Label {
                span: *defined_at,
                message: format!("annotations come from preset `{symbol}`, defined here"),
            });
        }
        self.findings.push(Finding {
            code: self.rule.code,
            name: self.rule.name,
            severity: self.rule.level,
            message,
            file: span.file,
            span: Some(span),
            labels,
            help: None,
            tool: self.tool.name.clone(),
        });
        FindingBuilder { finding: self.findings.last_mut().expect("just pushed") }
    }
}

/// A note for messages about absent hints that the SDK nevertheless puts
/// on the wire with their spec defaults (empty when it does not).
pub fn sdk_sends(tool: &Tool, kinds: &[HintKind]) -> String {
    if kinds.is_empty() || !kinds.iter().all(|k| tool.annotations.sdk_defaults.contains(k)) {
        return String::new();
    }
    if kinds.len() > 1 {
        return " (the SDK sends these defaults on its behalf)".into();
    }
    // What goes on the wire, so in the wire's (JSON) spelling, whatever the language.
    let values: Vec<String> = kinds.iter().map(|k| format!("`{}: {}`", k.wire_name(), k.spec_default())).collect();
    format!(" (the SDK sends {} on its behalf)", values.join(", "))
}

pub struct FindingBuilder<'f> {
    finding: &'f mut Finding,
}

impl FindingBuilder<'_> {
    pub fn label(self, span: Span, message: impl Into<String>) -> Self {
        // The primary span already points there.
        if Some(span) != self.finding.span {
            self.finding.labels.insert(0, Label { span, message: message.into() });
        }
        self
    }
    pub fn help(self, help: impl Into<String>) -> Self {
        self.finding.help = Some(help.into());
        self
    }
}

/// A named reading of the spec: which rules run. Each rule's doc lists the
/// profiles that enable it, so this enum only names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Profile {
    /// Everything that is likely a real problem (the default).
    #[default]
    Recommended,
    /// Only what follows from the schema's defaults: no name heuristics.
    Spec,
    /// OpenAI Apps directory review: three hints explicit on every tool.
    OpenaiApps,
    /// Every rule, a title on every tool.
    Strict,
}

impl Profile {
    pub const ALL: [Profile; 4] = [Profile::Recommended, Profile::Spec, Profile::OpenaiApps, Profile::Strict];
    pub const NAMES: [&'static str; 4] = ["recommended", "spec", "openai-apps", "strict"];
    pub fn name(self) -> &'static str {
        match self {
            Profile::Recommended => "recommended",
            Profile::Spec => "spec",
            Profile::OpenaiApps => "openai-apps",
            Profile::Strict => "strict",
        }
    }
    pub fn parse(s: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// `per-file-ignores`: codes switched off in files matching a glob.
#[derive(Clone, Debug)]
pub struct PerFileIgnore {
    pub glob: crate::pathglob::PathGlob,
    pub codes: Vec<&'static str>,
}

/// Which rules run, and at what severity.
#[derive(Clone, Debug)]
pub struct RuleSet {
    enabled: Vec<(&'static str, Severity)>,
    pub words: Words,
    pub per_file_ignores: Vec<PerFileIgnore>,
}

impl RuleSet {
    /// The `recommended` profile, minus `ignore`, plus `select` (which, when
    /// given, replaces the profile's set).
    pub fn new(select: &[&'static RuleInfo], ignore: &[&'static RuleInfo]) -> RuleSet {
        let mut set = RuleSet::profile(Profile::Recommended);
        if !select.is_empty() {
            set.select(select);
        }
        set.ignore(ignore);
        set
    }
    /// The rules a profile enables.
    pub fn profile(profile: Profile) -> RuleSet {
        let enabled = INFOS
            .iter()
            .filter(|i| i.profiles.iter().any(|p| p == profile.name()))
            .map(|i| (i.code, i.level))
            .collect();
        RuleSet { enabled, words: Words::default(), per_file_ignores: vec![] }
    }
    /// Replace the set with exactly these rules.
    pub fn select(&mut self, rules: &[&'static RuleInfo]) {
        self.enabled.clear();
        self.extend(rules);
    }
    pub fn extend(&mut self, rules: &[&'static RuleInfo]) {
        for i in rules {
            if !self.is_enabled(i.code) {
                self.enabled.push((i.code, i.level));
            }
        }
    }
    pub fn ignore(&mut self, rules: &[&'static RuleInfo]) {
        self.enabled.retain(|(c, _)| !rules.iter().any(|i| i.code == *c));
    }
    pub fn is_enabled(&self, code: &str) -> bool {
        self.enabled.iter().any(|(c, _)| *c == code)
    }
    /// Enabled, and not switched off for this file by `per-file-ignores`.
    pub fn is_enabled_in(&self, code: &str, path: &std::path::Path) -> bool {
        self.is_enabled(code) && !self.per_file_ignores.iter().any(|p| p.codes.contains(&code) && p.glob.matches(path))
    }
    pub fn codes(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.enabled.iter().map(|(c, _)| *c)
    }
}

/// Findings of one tool that make others redundant: the more specific or
/// stricter finding replaces the ones it implies. Applied in this order.
const SUPERSEDES: &[(&str, &[&str])] = &[
    // MCP030 demands the hints that MCP001–MCP004 point out, at error.
    ("MCP030", &["MCP001", "MCP002", "MCP003", "MCP004"]),
    // One finding for a tool without hints, not four.
    ("MCP001", &["MCP002", "MCP003", "MCP004", "MCP005"]),
    // The same missing readOnlyHint, with the reason it is likely wrong.
    ("MCP020", &["MCP004"]),
];

/// Run every rule on every tool, enabled or not: one list per tool. This is
/// what inline suppressions are judged against.
pub fn run_all(tools: &[Tool], words: &Words) -> Vec<Vec<Finding>> {
    tools
        .iter()
        .map(|tool| {
            let mut findings = Vec::new();
            for (def, rule) in RULES.iter().zip(INFOS.iter()) {
                if let Some(check) = def.check {
                    check(tool, &mut Ctx { rule, tool, findings: &mut findings, words });
                }
            }
            findings
        })
        .collect()
}

/// The findings of the enabled rules. The engine, not the rules, applies
/// [`SUPERSEDES`] among them, and reports a misspelt key or invalid value
/// shared by several tools (a preset) once.
/// `per-file-ignores` count here too (a rule switched off for a file does
/// not replace others there).
pub fn select(per_tool: &[Vec<Finding>], rules: &RuleSet, sources: &SourceMap) -> Vec<Finding> {
    let mut out = Vec::new();
    for all in per_tool {
        let mut findings: Vec<&Finding> = all
            .iter()
            .filter(|f| {
                rules.is_enabled(f.code)
                    && (rules.per_file_ignores.is_empty() || rules.is_enabled_in(f.code, &sources.get(f.file).path))
            })
            .collect();
        for (code, replaced) in SUPERSEDES {
            if findings.iter().any(|f| f.code == *code) {
                findings.retain(|f| !replaced.contains(&f.code));
            }
        }
        for f in findings {
            let shared = matches!(f.code, "MCP012" | "MCP013");
            if shared && out.iter().any(|o: &Finding| o.code == f.code && o.span == f.span) {
                continue;
            }
            out.push(f.clone());
        }
    }
    out
}

/// Run the enabled rules on every tool.
pub fn run(tools: &[Tool], rules: &RuleSet, sources: &SourceMap) -> Vec<Finding> {
    select(&run_all(tools, &rules.words), rules, sources)
}
