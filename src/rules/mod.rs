//! The rule catalogue. A rule is plain data (its doc in `rules/`) plus a
//! function that looks at one resolved [`Tool`]. Rules never see syntax
//! trees or know which language a tool came from.

pub mod docs;
pub mod words;

mod contradictory_hints;
mod destructive_tool_declared_safe;
mod duplicate_hint;
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
mod unserved_tool;

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
    RuleDef { doc: doc!("MCP014-duplicate-hint.md"), check: Some(duplicate_hint::check) },
    RuleDef { doc: doc!("MCP020-read-tool-default-destructive.md"), check: Some(read_tool_default_destructive::check) },
    RuleDef {
        doc: doc!("MCP021-destructive-tool-declared-safe.md"),
        check: Some(destructive_tool_declared_safe::check),
    },
    RuleDef { doc: doc!("MCP022-unguarded-bulk-destructive.md"), check: Some(unguarded_bulk_destructive::check) },
    RuleDef { doc: doc!("MCP030-required-hint-missing.md"), check: Some(required_hint_missing::check) },
    RuleDef { doc: doc!("MCP031-unresolved-annotations.md"), check: Some(unresolved_annotations::check) },
    RuleDef { doc: doc!("MCP032-missing-title.md"), check: Some(missing_title::check) },
    RuleDef { doc: doc!("MCP033-unserved-tool.md"), check: Some(unserved_tool::check) },
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

/// The rules a selector names, as in ruff: `ALL`, a code (`MCP002`) or
/// name (`implicit-destructive`), or a code prefix (`MCP0`, `MCP02`).
/// `None` when it names none.
pub fn resolve(selector: &str) -> Option<Vec<&'static RuleInfo>> {
    let s = selector.trim();
    if s == "ALL" {
        return Some(INFOS.iter().collect());
    }
    if let Some(one) = find(s) {
        return Some(vec![one]);
    }
    let upper = s.to_ascii_uppercase();
    let matched: Vec<&'static RuleInfo> = INFOS.iter().filter(|i| i.code.starts_with(&upper)).collect();
    (upper.starts_with("MCP") && !matched.is_empty()).then_some(matched)
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
    /// The hints MCP030 requires (the profile's).
    pub required: &'a [HintKind],
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
        // Where the SDK is called, when the tool is reported elsewhere.
        let registered = self.tool.registered_at.unwrap_or(self.tool.site);
        if span != registered {
            labels.push(Label {
                span: registered,
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
            notes: vec![],
            tool: self.tool.name.clone(),
            site: Some(self.tool.site),
            hints: vec![],
            fix: None,
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
    /// The hints whose absence the finding is about (see [`replaces`]).
    pub fn hints(self, hints: &[HintKind]) -> Self {
        self.finding.hints = hints.to_vec();
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
    /// Anthropic connector directory review: a title, `readOnlyHint` and
    /// `destructiveHint` on every tool.
    AnthropicDirectory,
    /// Every rule, a title on every tool.
    Strict,
}

impl Profile {
    pub const ALL: [Profile; 5] =
        [Profile::Recommended, Profile::Spec, Profile::OpenaiApps, Profile::AnthropicDirectory, Profile::Strict];
    pub const NAMES: [&'static str; 5] = ["recommended", "spec", "openai-apps", "anthropic-directory", "strict"];
    pub fn name(self) -> &'static str {
        match self {
            Profile::Recommended => "recommended",
            Profile::Spec => "spec",
            Profile::OpenaiApps => "openai-apps",
            Profile::AnthropicDirectory => "anthropic-directory",
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
    /// Rules that were enabled and then switched off by `ignore`: their
    /// findings still replace the ones they imply (see [`replaces`]).
    ignored: Vec<&'static str>,
    pub words: Words,
    pub per_file_ignores: Vec<PerFileIgnore>,
    /// The hints MCP030 requires on every tool (set by the profile).
    pub required: &'static [HintKind],
}

/// The hints a directory profile requires explicitly on every tool.
pub const OPENAI_REQUIRED: &[HintKind] = &[HintKind::ReadOnly, HintKind::Destructive, HintKind::OpenWorld];
pub const ANTHROPIC_REQUIRED: &[HintKind] = &[HintKind::ReadOnly, HintKind::Destructive];

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
    /// The rules a profile enables, at the severity it gives them.
    pub fn profile(profile: Profile) -> RuleSet {
        let enabled = INFOS.iter().filter_map(|i| i.level_in(profile.name()).map(|level| (i.code, level))).collect();
        let required = match profile {
            Profile::AnthropicDirectory => ANTHROPIC_REQUIRED,
            _ => OPENAI_REQUIRED,
        };
        RuleSet { enabled, ignored: vec![], words: Words::default(), per_file_ignores: vec![], required }
    }
    /// Replace the set with exactly these rules.
    pub fn select(&mut self, rules: &[&'static RuleInfo]) {
        self.enabled.clear();
        self.ignored.clear();
        self.extend(rules);
    }
    pub fn extend(&mut self, rules: &[&'static RuleInfo]) {
        for i in rules {
            self.ignored.retain(|c| *c != i.code);
            if !self.is_enabled(i.code) {
                self.enabled.push((i.code, i.level));
            }
        }
    }
    pub fn ignore(&mut self, rules: &[&'static RuleInfo]) {
        for i in rules {
            if self.is_enabled(i.code) && !self.ignored.contains(&i.code) {
                self.ignored.push(i.code);
            }
        }
        self.enabled.retain(|(c, _)| !rules.iter().any(|i| i.code == *c));
    }
    /// Report an enabled rule at another severity (`[severity]` in config).
    pub fn set_severity(&mut self, code: &str, severity: Severity) {
        for (c, s) in &mut self.enabled {
            if *c == code {
                *s = severity;
            }
        }
    }
    pub fn severity(&self, code: &str) -> Option<Severity> {
        self.enabled.iter().find(|(c, _)| *c == code).map(|(_, s)| *s)
    }
    pub fn is_enabled(&self, code: &str) -> bool {
        self.enabled.iter().any(|(c, _)| *c == code)
    }
    /// Enabled, and not switched off for this file by `per-file-ignores`.
    pub fn is_enabled_in(&self, code: &str, path: &std::path::Path) -> bool {
        self.is_enabled(code) && !self.ignored_in(code, path)
    }
    fn ignored_in(&self, code: &str, path: &std::path::Path) -> bool {
        self.per_file_ignores.iter().any(|p| p.codes.contains(&code) && p.glob.matches(path))
    }
    /// Switched off on purpose (by `ignore`, or `per-file-ignores` for this
    /// file) after being enabled: such a finding is suppressed, not absent.
    pub fn is_suppressed_in(&self, code: &str, path: &std::path::Path) -> bool {
        self.ignored.contains(&code) || (self.is_enabled(code) && self.ignored_in(code, path))
    }
    /// Enabled, or switched off by `ignore`: its findings link replacements.
    fn counts(&self, code: &str) -> bool {
        self.is_enabled(code) || self.ignored.contains(&code)
    }
    pub fn codes(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.enabled.iter().map(|(c, _)| *c)
    }
}

/// One finding per cause: a finding of the first rule replaces the tool's
/// findings of the others, which follow from the same cause. Replacement is
/// transitive through the tool's findings (MCP030 → MCP001 → MCP005).
const SUPERSEDES: &[(&str, &[&str])] = &[
    // MCP030 demands the hints that MCP001–MCP004 point out, at error.
    ("MCP030", &["MCP001", "MCP002", "MCP003", "MCP004", "MCP020"]),
    // One finding for a tool without hints, not four (or five).
    ("MCP001", &["MCP002", "MCP003", "MCP004", "MCP005", "MCP020"]),
    // The same missing readOnlyHint, with the reason it is likely wrong.
    ("MCP020", &["MCP004"]),
];

/// Replaced findings that say something their replacement does not, and so
/// are carried on it as a note. (MCP012 also carries the findings it
/// replaces that no other replaced finding implies: the consequences of the
/// misspelling.)
const CARRIED: &[&str] = &["MCP020"];

/// Whether `by` makes `f` redundant: both are about the same tool, and `by`
/// names the cause of `f`. A misspelt key (MCP012) is the cause of every
/// finding about the absence of the hint it meant.
/// A misspelt key that leaves the tool with no hint replaces MCP001, and so
/// what MCP001 replaced: the tool gets one finding, whose MCP001 note lists
/// the defaults it takes.
pub fn replaces(by: &Finding, f: &Finding) -> bool {
    if by.code == f.code || !by.same_tool(f) {
        return false;
    }
    if SUPERSEDES.iter().any(|(c, rs)| *c == by.code && rs.contains(&f.code)) {
        return true;
    }
    by.code == "MCP012" && f.hints.iter().any(|h| by.hints.contains(h))
}

/// For each finding of one tool, the indexes of the findings it replaces,
/// directly or through another of the tool's findings of a rule the run has
/// enabled or ignored (a rule that is off is no link: MCP012 → MCP030 →
/// MCP003 would hide a finding with a cause of its own).
fn reach(all: &[Finding], rules: &RuleSet) -> Vec<Vec<usize>> {
    (0..all.len())
        .map(|start| {
            let mut seen = vec![false; all.len()];
            let mut stack = vec![start];
            let mut out = Vec::new();
            while let Some(i) = stack.pop() {
                for (j, f) in all.iter().enumerate() {
                    if !seen[j] && j != start && replaces(&all[i], f) {
                        seen[j] = true;
                        out.push(j);
                        if rules.counts(f.code) {
                            stack.push(j);
                        }
                    }
                }
            }
            out.sort_unstable();
            out
        })
        .collect()
}

/// The findings `all` (every rule's) that `f` replaces, directly or not:
/// for inline suppressions, which hide what they replaced as well.
pub fn replaced_by<'a>(all: &'a [Finding], by: &Finding, rules: &RuleSet) -> impl Iterator<Item = &'a Finding> + 'a {
    let tool: Vec<Finding> = all.iter().filter(|f| f.same_tool(by)).cloned().collect();
    let at = tool.iter().position(|f| f == by);
    let ids = at.map(|i| reach(&tool, rules)[i].clone()).unwrap_or_default();
    let replaced: Vec<Finding> = ids.into_iter().map(|i| tool[i].clone()).collect();
    all.iter().filter(move |f| replaced.contains(f))
}

/// Run every rule on every tool, enabled or not: one list per tool. This is
/// what inline suppressions are judged against.
pub fn run_all(tools: &[Tool], words: &Words, required: &[HintKind]) -> Vec<Vec<Finding>> {
    tools
        .iter()
        .map(|tool| {
            let mut findings = Vec::new();
            for (def, rule) in RULES.iter().zip(INFOS.iter()) {
                // A tool nothing serves is only that (MCP033).
                if tool.unserved != (rule.code == "MCP033") {
                    continue;
                }
                if let Some(check) = def.check {
                    check(tool, &mut Ctx { rule, tool, findings: &mut findings, words, required });
                }
            }
            findings
        })
        .collect()
}

/// The findings of the enabled rules, at their configured severity. The
/// engine, not the rules, applies [`replaces`] among a tool's findings: a
/// finding of an enabled rule, or of one switched off by `ignore` or
/// `per-file-ignores` (suppressing a finding suppresses what it replaced),
/// drops the findings it replaces; the reported one carries those worth
/// keeping as notes. A misspelt key or invalid value shared by several
/// tools (a preset) is reported once.
pub fn select(per_tool: &[Vec<Finding>], rules: &RuleSet, sources: &SourceMap) -> Vec<Finding> {
    let mut out = Vec::new();
    for all in per_tool {
        let path = |f: &Finding| sources.get(f.file).path.clone();
        let active: Vec<bool> = all.iter().map(|f| rules.is_enabled_in(f.code, &path(f))).collect();
        let gone: Vec<bool> = all.iter().map(|f| rules.is_suppressed_in(f.code, &path(f))).collect();
        let reach = reach(all, rules);
        // A finding drops what it replaces when it is suppressed, or reported
        // itself (not dropped in turn): settled from the causes down, so a
        // pass per level of the (acyclic) replacement graph.
        let mut dropped = vec![false; all.len()];
        for _ in 0..=SUPERSEDES.len() + 1 {
            let mut next = vec![false; all.len()];
            for (i, targets) in reach.iter().enumerate() {
                if gone[i] || (active[i] && !dropped[i]) {
                    for &j in targets {
                        next[j] = true;
                    }
                }
            }
            if next == dropped {
                break;
            }
            dropped = next;
        }
        for (i, f) in all.iter().enumerate() {
            if !active[i] || dropped[i] {
                continue;
            }
            let shared = matches!(f.code, "MCP012" | "MCP013");
            if shared && out.iter().any(|o: &Finding| o.code == f.code && o.span == f.span) {
                continue;
            }
            let mut f = f.clone();
            f.severity = rules.severity(f.code).unwrap_or(f.severity);
            for &j in &reach[i] {
                let r = &all[j];
                // MCP012 carries the consequences of the misspelling, each
                // once: not those another carried finding already implies.
                let implied = reach[i].iter().any(|&k| k != j && active[k] && replaces(&all[k], r));
                if active[j] && (CARRIED.contains(&r.code) || f.code == "MCP012" && !implied) {
                    f.notes.push(format!("{} ({}): {}", r.code, r.name, r.message));
                }
            }
            out.push(f);
        }
    }
    out
}

/// Run the enabled rules on every tool.
pub fn run(tools: &[Tool], rules: &RuleSet, sources: &SourceMap) -> Vec<Finding> {
    select(&run_all(tools, &rules.words, rules.required), rules, sources)
}
