//! `mcp-lint tools`: the inventory of every tool found, as a table or as
//! the version-1 JSON contract.

use schemars::JsonSchema;
use serde::Serialize;

use crate::model::{Hint, HintKind, Lang, Origin, Tool};
use crate::report::json::{Version, VERSION};
use crate::source::SourceMap;

/// `mcp-lint tools --format json`; the field order is the key order.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(title = "mcp-lint tools --format json")]
pub struct Inventory {
    pub version: Version,
    /// Sorted by file, line and column.
    pub tools: Vec<ToolJson>,
    pub summary: InventorySummary,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct InventorySummary {
    pub files_scanned: usize,
    pub tools: usize,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Python,
    TypeScript,
    JavaScript,
    Go,
    Rust,
    /// Read off a running server (`mcp-lint probe`), not from source.
    Wire,
}

impl From<Lang> for Language {
    fn from(l: Lang) -> Language {
        match l {
            Lang::Python => Language::Python,
            Lang::TypeScript => Language::TypeScript,
            Lang::JavaScript => Language::JavaScript,
            Lang::Go => Language::Go,
            Lang::Rust => Language::Rust,
        }
    }
}

/// Where the tool's annotations come from.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AnnotationSource {
    /// None given.
    None,
    /// Written at the registration.
    Inline,
    /// A shared value defined elsewhere (see `preset`).
    Preset,
    /// Not followable statically.
    Unresolved,
}

/// A hint that is not a boolean literal.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HintState {
    /// Not declared: the spec default applies.
    Absent,
    /// Declared, but not followable statically.
    Unresolved,
    /// Declared as something that is not a boolean.
    Invalid,
}

/// `true`/`false` when declared, else why not.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum HintValue {
    Declared(bool),
    Other(HintState),
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Hints {
    /// The title when declared (the tool's own, else `annotations.title`), else `absent`, `unresolved` or `invalid`.
    pub title: String,
    #[serde(rename = "readOnlyHint")]
    pub read_only: HintValue,
    #[serde(rename = "destructiveHint")]
    pub destructive: HintValue,
    #[serde(rename = "idempotentHint")]
    pub idempotent: HintValue,
    #[serde(rename = "openWorldHint")]
    pub open_world: HintValue,
}

/// A place: 1-based line and column (characters).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Place {
    pub file: String,
    #[schemars(range(min = 1))]
    pub line: u32,
    #[schemars(range(min = 1))]
    pub column: u32,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct PresetPlace {
    /// The preset's name as the registration refers to it.
    pub symbol: String,
    pub file: String,
    #[schemars(range(min = 1))]
    pub line: u32,
    #[schemars(range(min = 1))]
    pub column: u32,
}

/// One tool registration.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ToolJson {
    /// `null` when the name is computed.
    pub name: Option<String>,
    /// Where the registration starts, relative to the working directory.
    pub file: String,
    #[schemars(range(min = 1))]
    pub line: u32,
    #[schemars(range(min = 1))]
    pub column: u32,
    pub language: Language,
    /// The registration API, e.g. `python.fastmcp.decorator`.
    pub api: &'static str,
    pub annotations: AnnotationSource,
    pub hints: Hints,
    /// The tool's parameter names; `null` when they cannot be known statically.
    pub params: Option<Vec<String>>,
    /// The tool-definition object, when the registration only refers to it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub definition: Option<Place>,
    /// The preset the annotations come from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<PresetPlace>,
}

fn hint_value(h: &Hint) -> HintValue {
    match h {
        Hint::Declared { value, .. } => HintValue::Declared(*value),
        Hint::Absent => HintValue::Other(HintState::Absent),
        Hint::Unresolved { .. } => HintValue::Other(HintState::Unresolved),
        Hint::Invalid { .. } => HintValue::Other(HintState::Invalid),
    }
}

/// The title a client shows: the tool's own title, else `annotations.title`.
fn title(tool: &Tool) -> &Hint<String> {
    match (&tool.title, &tool.annotations.title) {
        (Hint::Absent, t) => t,
        (t, _) => t,
    }
}

fn origin(tool: &Tool) -> AnnotationSource {
    match tool.annotations.origin {
        Origin::None => AnnotationSource::None,
        Origin::Inline(_) => AnnotationSource::Inline,
        Origin::Preset { .. } => AnnotationSource::Preset,
        Origin::Unresolved(_) => AnnotationSource::Unresolved,
    }
}

fn origin_name(tool: &Tool) -> &'static str {
    match origin(tool) {
        AnnotationSource::None => "none",
        AnnotationSource::Inline => "inline",
        AnnotationSource::Preset => "preset",
        AnnotationSource::Unresolved => "unresolved",
    }
}

pub fn json(tools: &[Tool], sources: &SourceMap, files: usize) -> Inventory {
    let list = tools
        .iter()
        .map(|t| {
            let file = sources.get(t.site.file);
            let (line, column) = file.line_col(t.site.start);
            let a = &t.annotations;
            let title = match title(t) {
                Hint::Declared { value, .. } => value.clone(),
                Hint::Absent => "absent".into(),
                Hint::Unresolved { .. } => "unresolved".into(),
                Hint::Invalid { .. } => "invalid".into(),
            };
            let definition = t.definition.map(|def| {
                let f = sources.get(def.file);
                let (line, column) = f.line_col(def.start);
                Place { file: f.display.clone(), line, column }
            });
            let preset = match &a.origin {
                Origin::Preset { symbol, defined_at, .. } => {
                    let f = sources.get(defined_at.file);
                    let (line, column) = f.line_col(defined_at.start);
                    Some(PresetPlace { symbol: symbol.clone(), file: f.display.clone(), line, column })
                }
                _ => None,
            };
            ToolJson {
                name: t.name.clone(),
                file: file.display.clone(),
                line,
                column,
                language: t.language.map_or(Language::Wire, Language::from),
                api: t.api,
                annotations: origin(t),
                hints: Hints {
                    title,
                    read_only: hint_value(&a.read_only),
                    destructive: hint_value(&a.destructive),
                    idempotent: hint_value(&a.idempotent),
                    open_world: hint_value(&a.open_world),
                },
                params: t.params.clone(),
                definition,
                preset,
            }
        })
        .collect();
    Inventory { version: VERSION, tools: list, summary: InventorySummary { files_scanned: files, tools: tools.len() } }
}

/// The JSON Schema of [`Inventory`], as committed in `docs/schema/tools.json`.
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Inventory)).expect("schemas serialize")
}

fn cell(h: &Hint) -> &'static str {
    match h {
        Hint::Declared { value: true, .. } => "true",
        Hint::Declared { value: false, .. } => "false",
        Hint::Absent => "-",
        Hint::Unresolved { .. } => "?",
        Hint::Invalid { .. } => "invalid",
    }
}

pub fn table(tools: &[Tool], sources: &SourceMap) -> String {
    let mut rows: Vec<[String; 7]> = vec![[
        "TOOL".into(),
        "LOCATION".into(),
        "readOnly".into(),
        "destructive".into(),
        "idempotent".into(),
        "openWorld".into(),
        "ANNOTATIONS".into(),
    ]];
    for t in tools {
        let file = sources.get(t.site.file);
        let (line, col) = file.line_col(t.site.start);
        let a = &t.annotations;
        rows.push([
            crate::source::printable(t.display_name()).into_owned(),
            format!("{}:{line}:{col}", file.display),
            cell(a.hint(HintKind::ReadOnly)).into(),
            cell(a.hint(HintKind::Destructive)).into(),
            cell(a.hint(HintKind::Idempotent)).into(),
            cell(a.hint(HintKind::OpenWorld)).into(),
            match &a.origin {
                Origin::Preset { symbol, .. } => format!("preset {symbol}"),
                _ => origin_name(t).to_string(),
            },
        ]);
    }
    let widths: Vec<usize> = (0..7).map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0)).collect();
    let mut out = String::new();
    for r in &rows {
        let line: Vec<String> = r.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out.push_str(&format!("\n{} tools ('-' absent: the spec default applies, '?' unresolved)\n", tools.len()));
    out
}
