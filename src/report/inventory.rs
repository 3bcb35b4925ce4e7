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
    CSharp,
    Java,
    Kotlin,
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
            Lang::CSharp => Language::CSharp,
            Lang::Java => Language::Java,
            Lang::Kotlin => Language::Kotlin,
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
    let noun = if tools.len() == 1 { "tool" } else { "tools" };
    out.push_str(&format!("\n{} {noun} ('-' absent: the spec default applies, '?' unresolved)\n", tools.len()));
    out
}

/// `tools --summary`: per linted tree, how many tools declare each hint
/// true or false, leave it out, set it at run time (unresolved), or give it
/// an invalid value. Counted on resolved tools, so a tree that shares
/// presets is counted right (counting hint literals undercounts it).
pub struct Census {
    pub tree: String,
    pub tools: usize,
    /// Per hint, in [`HintKind::ALL`] order.
    pub hints: [Counts; 4],
}

#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Counts {
    pub yes: usize,
    pub no: usize,
    pub absent: usize,
    pub runtime: usize,
    pub invalid: usize,
}

impl Counts {
    fn add(&mut self, h: &Hint) {
        match h {
            Hint::Declared { value: true, .. } => self.yes += 1,
            Hint::Declared { value: false, .. } => self.no += 1,
            Hint::Absent => self.absent += 1,
            Hint::Unresolved { .. } => self.runtime += 1,
            Hint::Invalid { .. } => self.invalid += 1,
        }
    }
}

/// One census per tree (the tools below its root), then a total when there
/// is more than one tree.
pub fn census(tools: &[Tool], sources: &SourceMap, trees: &[super::markdown::Tree]) -> Vec<Census> {
    let count = |name: String, mine: &[&Tool]| {
        let mut hints = [Counts::default(); 4];
        for t in mine {
            for (i, k) in HintKind::ALL.iter().enumerate() {
                hints[i].add(t.annotations.hint(*k));
            }
        }
        Census { tree: name, tools: mine.len(), hints }
    };
    let mut out: Vec<Census> = trees
        .iter()
        .map(|tree| {
            let mine: Vec<&Tool> =
                tools.iter().filter(|t| sources.get(t.site.file).path.starts_with(&tree.root)).collect();
            count(tree.display.clone(), &mine)
        })
        .collect();
    if trees.len() > 1 {
        let all: Vec<&Tool> = tools.iter().collect();
        out.push(count("total".into(), &all));
    }
    out
}

const COLUMNS: [&str; 5] = ["true", "false", "absent", "set at run time", "invalid"];

fn row(c: &Counts) -> [usize; 5] {
    [c.yes, c.no, c.absent, c.runtime, c.invalid]
}

pub fn census_json(census: &[Census], files: usize) -> serde_json::Value {
    let trees: Vec<serde_json::Value> = census
        .iter()
        .map(|c| {
            let mut hints = serde_json::Map::new();
            for (k, n) in HintKind::ALL.iter().zip(&c.hints) {
                hints.insert(
                    k.wire_name().into(),
                    serde_json::json!({"true": n.yes, "false": n.no, "absent": n.absent, "unresolved": n.runtime, "invalid": n.invalid}),
                );
            }
            serde_json::json!({"tree": c.tree, "tools": c.tools, "hints": hints})
        })
        .collect();
    serde_json::json!({"version": 1, "census": trees, "summary": {"files_scanned": files}})
}

pub fn census_table(census: &[Census]) -> String {
    let mut out = String::new();
    for c in census {
        out.push_str(&format!("{}: {} tools\n", c.tree, c.tools));
        let mut rows: Vec<Vec<String>> = vec![std::iter::once("hint").chain(COLUMNS).map(String::from).collect()];
        for (k, n) in HintKind::ALL.iter().zip(&c.hints) {
            rows.push(std::iter::once(k.wire_name().to_string()).chain(row(n).iter().map(|v| v.to_string())).collect());
        }
        let widths: Vec<usize> = (0..6).map(|i| rows.iter().map(|r| r[i].len()).max().unwrap_or(0)).collect();
        for r in &rows {
            let cells: Vec<String> = r
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (v, w))| if i == 0 { format!("  {v:<w$}") } else { format!("{v:>w$}") })
                .collect();
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

pub fn census_markdown(census: &[Census]) -> String {
    let mut out = String::from("## Tool annotations census\n\n");
    out.push_str("| tree | tools |\n|---|--:|\n");
    for c in census {
        out.push_str(&format!("| `{}` | {} |\n", c.tree.replace('`', "'").replace('|', "\\|"), c.tools));
    }
    for c in census {
        out.push_str(&format!("\n### `{}` ({} tools)\n\n", c.tree.replace('`', "'"), c.tools));
        out.push_str(&format!("| hint | {} |\n|---|{}\n", COLUMNS.join(" | "), "--:|".repeat(COLUMNS.len())));
        for (k, n) in HintKind::ALL.iter().zip(&c.hints) {
            let cells: Vec<String> = row(n).iter().map(|v| v.to_string()).collect();
            out.push_str(&format!("| `{}` | {} |\n", k.wire_name(), cells.join(" | ")));
        }
    }
    out.push_str("\n`absent`: the spec default applies; `set at run time`: the value cannot be read from source.\n");
    out
}

/// `tools --format markdown`: the inventory as a Markdown table.
pub fn markdown(tools: &[Tool], sources: &SourceMap) -> String {
    let mut out = String::from(
        "| tool | location | readOnlyHint | destructiveHint | idempotentHint | openWorldHint | annotations |\n|---|---|---|---|---|---|---|\n",
    );
    for t in tools {
        let file = sources.get(t.site.file);
        let (line, col) = file.line_col(t.site.start);
        let a = &t.annotations;
        let cells: Vec<&str> = HintKind::ALL.iter().map(|k| cell(a.hint(*k))).collect();
        out.push_str(&format!(
            "| `{}` | `{}:{line}:{col}` | {} | {} |\n",
            t.display_name().replace('`', "'").replace('|', "\\|"),
            file.display.replace('`', "'").replace('|', "\\|"),
            cells.join(" | "),
            origin_name(t)
        ));
    }
    out
}
