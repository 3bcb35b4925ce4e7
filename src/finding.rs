//! A finding: what a rule (or the run itself) has to say about one place.

use serde::Serialize;

use crate::model::HintKind;
use crate::source::{FileId, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
    pub fn parse(s: &str) -> Option<Severity> {
        match s {
            "info" => Some(Severity::Info),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: String,
    pub file: FileId,
    /// `None` for findings about a whole file (e.g. it could not be read).
    pub span: Option<Span>,
    pub labels: Vec<Label>,
    pub help: Option<String>,
    /// Findings this one replaced (one finding per cause), as `= note:` lines.
    pub notes: Vec<String>,
    pub tool: Option<String>,
    /// The registration of the tool the finding is about: with `tool`, what
    /// makes two findings concern the same tool.
    pub site: Option<Span>,
    /// The hints whose absence (or misspelling) the finding is about; a
    /// misspelt key replaces the findings about the hint it meant.
    pub hints: Vec<HintKind>,
    /// The edits that resolve it, when mcp-lint can write them ([`crate::fix`]).
    pub fix: Option<crate::fix::Fix>,
}

impl Finding {
    /// Whether both are the same finding, whatever the severity and notes
    /// the selection gave one of them.
    pub fn is(&self, other: &Finding) -> bool {
        self.code == other.code && self.span == other.span && self.same_tool(other) && self.message == other.message
    }
    /// Whether both findings are about the same tool.
    pub fn same_tool(&self, other: &Finding) -> bool {
        self.site.is_some() && self.site == other.site && self.tool == other.tool
    }
}
