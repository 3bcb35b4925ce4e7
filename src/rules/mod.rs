//! The rule catalogue. A rule is plain data (its doc in `rules/`) plus a
//! function that looks at one resolved [`Tool`]. Rules never see syntax
//! trees or know which language a tool came from.

pub mod docs;

mod contradictory_hints;
mod ignored_hint;
mod implicit_destructive;
mod implicit_non_idempotent;
mod implicit_not_read_only;
mod implicit_open_world;
mod invalid_hint_value;
mod missing_annotations;
mod misspelled_hint;
mod unresolved_annotations;

use std::sync::LazyLock;

pub use self::docs::RuleInfo;
use crate::finding::{Finding, Label, Severity};
use crate::model::{HintKind, Origin, Tool};
use crate::source::Span;

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
    RuleDef { doc: doc!("MCP031-unresolved-annotations.md"), check: Some(unresolved_annotations::check) },
    RuleDef { doc: doc!("MCP090-parse-error.md"), check: None },
    RuleDef { doc: doc!("MCP091-io-error.md"), check: None },
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
            severity: self.rule.severity.unwrap_or(Severity::Info),
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

/// Which rules run, and at what severity.
#[derive(Clone, Debug)]
pub struct RuleSet {
    enabled: Vec<(&'static str, Severity)>,
}

impl RuleSet {
    /// Rules on by default, minus `ignore`, plus `select` (which, when
    /// given, replaces the default set).
    pub fn new(select: &[&'static RuleInfo], ignore: &[&'static RuleInfo]) -> RuleSet {
        let base: Vec<&'static RuleInfo> =
            if select.is_empty() { INFOS.iter().filter(|i| i.severity.is_some()).collect() } else { select.to_vec() };
        let enabled = base
            .into_iter()
            .filter(|i| !ignore.iter().any(|x| x.code == i.code))
            .map(|i| (i.code, i.severity.unwrap_or(Severity::Info)))
            .collect();
        RuleSet { enabled }
    }
    pub fn is_enabled(&self, code: &str) -> bool {
        self.enabled.iter().any(|(c, _)| *c == code)
    }
}

/// Run every enabled rule on every tool. The engine, not the rules, applies
/// "MCP001 replaces MCP002–MCP005", and reports a misspelt key or invalid
/// value shared by several tools (a preset) once.
pub fn run(tools: &[Tool], rules: &RuleSet) -> Vec<Finding> {
    let mut out = Vec::new();
    for tool in tools {
        let mut findings = Vec::new();
        for (def, rule) in RULES.iter().zip(INFOS.iter()) {
            let Some(check) = def.check else { continue };
            if !rules.is_enabled(rule.code) {
                continue;
            }
            let mut cx = Ctx { rule, tool, findings: &mut findings };
            check(tool, &mut cx);
        }
        if findings.iter().any(|f| f.code == "MCP001") {
            findings.retain(|f| !matches!(f.code, "MCP002" | "MCP003" | "MCP004" | "MCP005"));
        }
        for f in findings {
            let shared = matches!(f.code, "MCP012" | "MCP013");
            if shared && out.iter().any(|o: &Finding| o.code == f.code && o.span == f.span) {
                continue;
            }
            out.push(f);
        }
    }
    out
}
