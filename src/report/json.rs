//! `--format json`: the version-1 contract of design.md, as typed structs
//! that are serialised as they are and from which the committed JSON
//! Schema (`docs/schema/check.json`) is derived. Fields are only ever added
//! within a version; the field order below is the output's key order.

use schemars::JsonSchema;
use serde::Serialize;

use crate::finding::{Finding, Severity};
use crate::source::{SourceMap, Span};

/// The format version: always 1 for this contract.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Version(u32);

pub const VERSION: Version = Version(1);

impl JsonSchema for Version {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Version".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The format version: 1 for this contract (fields are only ever added within a version).",
            "type": "integer",
            "const": 1
        })
    }
}

/// `mcp-lint check --format json`.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(title = "mcp-lint check --format json")]
pub struct CheckReport {
    pub version: Version,
    /// Sorted by file, line, column and code.
    pub findings: Vec<FindingJson>,
    pub summary: CheckSummary,
    /// `probe` / `check --probe` / `check --wire`: the raw `tools/list` pages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wire: Option<serde_json::Value>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Error,
    Warning,
    Info,
}

impl From<Severity> for Level {
    fn from(s: Severity) -> Level {
        match s {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
            Severity::Info => Level::Info,
        }
    }
}

/// One finding. Positions are 1-based; columns count characters.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FindingJson {
    /// The rule code, e.g. `MCP002`.
    pub code: &'static str,
    /// The rule name, e.g. `implicit-destructive`.
    pub name: &'static str,
    pub severity: Level,
    pub message: String,
    /// Relative to the working directory, with `/` separators.
    pub file: String,
    #[schemars(range(min = 1))]
    pub line: u32,
    #[schemars(range(min = 1))]
    pub column: u32,
    #[schemars(range(min = 1))]
    pub end_line: u32,
    #[schemars(range(min = 1))]
    pub end_column: u32,
    /// The tool the finding is about (`null`: not about one tool, or its name is computed).
    pub tool: Option<String>,
    pub help: Option<String>,
    /// The other places the finding points at (the labels of the full format).
    pub related: Vec<Related>,
    /// The edits that resolve it, when mcp-lint can write them (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<FixJson>,
}

/// A finding's fix: what `--fix` (safe) or `--fix --unsafe-fixes` (unsafe) writes.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FixJson {
    pub applicability: crate::fix::Applicability,
    pub message: String,
    /// Replacements of source ranges (an empty range inserts), in file order.
    pub edits: Vec<EditJson>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct EditJson {
    pub file: String,
    #[schemars(range(min = 1))]
    pub line: u32,
    #[schemars(range(min = 1))]
    pub column: u32,
    #[schemars(range(min = 1))]
    pub end_line: u32,
    #[schemars(range(min = 1))]
    pub end_column: u32,
    /// The text that replaces the range.
    pub content: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Related {
    pub file: String,
    #[schemars(range(min = 1))]
    pub line: u32,
    #[schemars(range(min = 1))]
    pub column: u32,
    #[schemars(range(min = 1))]
    pub end_line: u32,
    #[schemars(range(min = 1))]
    pub end_column: u32,
    pub message: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckSummary {
    pub files_scanned: usize,
    pub tools: usize,
    pub findings: usize,
    pub errors: usize,
    pub warnings: usize,
    pub info: usize,
}

/// (line, column, end line, end column); a finding without a place is at 1:1.
fn location(sources: &SourceMap, span: Option<Span>) -> (u32, u32, u32, u32) {
    match span {
        Some(s) => {
            let l = sources.location(s);
            (l.line, l.column, l.end_line, l.end_column)
        }
        None => (1, 1, 1, 1),
    }
}

pub fn findings(findings: &[Finding], sources: &SourceMap, tools: usize, files: usize) -> CheckReport {
    let list = findings
        .iter()
        .map(|f| {
            let (line, column, end_line, end_column) = location(sources, f.span);
            let related = f
                .labels
                .iter()
                .map(|l| {
                    let (line, column, end_line, end_column) = location(sources, Some(l.span));
                    Related {
                        file: sources.get(l.span.file).display.clone(),
                        line,
                        column,
                        end_line,
                        end_column,
                        message: l.message.clone(),
                    }
                })
                .collect();
            FindingJson {
                code: f.code,
                name: f.name,
                severity: f.severity.into(),
                message: f.message.clone(),
                file: sources.get(f.file).display.clone(),
                line,
                column,
                end_line,
                end_column,
                tool: f.tool.clone(),
                help: f.help.clone(),
                related,
                fix: f.fix.as_ref().map(|fix| FixJson {
                    applicability: fix.applicability,
                    message: fix.message.clone(),
                    edits: fix
                        .edits
                        .iter()
                        .map(|e| {
                            let span = Span::new(e.file, e.range.start, e.range.end);
                            let (line, column, end_line, end_column) = location(sources, Some(span));
                            EditJson {
                                file: sources.get(e.file).display.clone(),
                                line,
                                column,
                                end_line,
                                end_column,
                                content: e.content.clone(),
                            }
                        })
                        .collect(),
                }),
            }
        })
        .collect();
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    CheckReport {
        version: VERSION,
        findings: list,
        summary: CheckSummary {
            files_scanned: files,
            tools,
            findings: findings.len(),
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            info: count(Severity::Info),
        },
        wire: None,
    }
}

/// The JSON Schema of [`CheckReport`], as committed in `docs/schema/check.json`.
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(CheckReport)).expect("schemas serialize")
}
