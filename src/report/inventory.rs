//! `mcp-lint tools`: the inventory of every tool found, as a table or as
//! the version-1 JSON contract.

use serde_json::{json, Value};

use crate::model::{Hint, HintKind, Origin, Tool};
use crate::source::SourceMap;

fn hint_json(h: &Hint) -> Value {
    match h {
        Hint::Declared { value, .. } => json!(value),
        Hint::Absent => json!("absent"),
        Hint::Unresolved { .. } => json!("unresolved"),
        Hint::Invalid { .. } => json!("invalid"),
    }
}

/// The title a client shows: the tool's own title, else `annotations.title`.
fn title(tool: &Tool) -> &Hint<String> {
    match (&tool.title, &tool.annotations.title) {
        (Hint::Absent, t) => t,
        (t, _) => t,
    }
}

fn origin(tool: &Tool) -> &'static str {
    match tool.annotations.origin {
        Origin::None => "none",
        Origin::Inline(_) => "inline",
        Origin::Preset { .. } => "preset",
        Origin::Unresolved(_) => "unresolved",
    }
}

pub fn json(tools: &[Tool], sources: &SourceMap, files: usize) -> Value {
    let list: Vec<Value> = tools
        .iter()
        .map(|t| {
            let file = sources.get(t.site.file);
            let (line, column) = file.line_col(t.site.start);
            let a = &t.annotations;
            let title = match title(t) {
                Hint::Declared { value, .. } => json!(value),
                Hint::Absent => json!("absent"),
                Hint::Unresolved { .. } => json!("unresolved"),
                Hint::Invalid { .. } => json!("invalid"),
            };
            let mut v = json!({
                "name": t.name,
                "file": file.display,
                "line": line,
                "column": column,
                "language": t.language.name(),
                "api": t.api,
                "annotations": origin(t),
                "hints": {
                    "title": title,
                    "readOnlyHint": hint_json(&a.read_only),
                    "destructiveHint": hint_json(&a.destructive),
                    "idempotentHint": hint_json(&a.idempotent),
                    "openWorldHint": hint_json(&a.open_world),
                },
                "params": t.params,
            });
            if let Some(def) = t.definition {
                let f = sources.get(def.file);
                let (line, column) = f.line_col(def.start);
                v["definition"] = json!({"file": f.display, "line": line, "column": column});
            }
            if let Origin::Preset { symbol, defined_at, .. } = &a.origin {
                let f = sources.get(defined_at.file);
                let (line, column) = f.line_col(defined_at.start);
                v["preset"] = json!({"symbol": symbol, "file": f.display, "line": line, "column": column});
            }
            v
        })
        .collect();
    json!({"version": 1, "tools": list, "summary": {"files_scanned": files, "tools": tools.len()}})
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
            t.display_name().to_string(),
            format!("{}:{line}:{col}", file.display),
            cell(a.hint(HintKind::ReadOnly)).into(),
            cell(a.hint(HintKind::Destructive)).into(),
            cell(a.hint(HintKind::Idempotent)).into(),
            cell(a.hint(HintKind::OpenWorld)).into(),
            match &a.origin {
                Origin::Preset { symbol, .. } => format!("preset {symbol}"),
                _ => origin(t).to_string(),
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

pub fn census_json(census: &[Census], files: usize) -> Value {
    let trees: Vec<Value> = census
        .iter()
        .map(|c| {
            let mut hints = serde_json::Map::new();
            for (k, n) in HintKind::ALL.iter().zip(&c.hints) {
                hints.insert(
                    k.wire_name().into(),
                    json!({"true": n.yes, "false": n.no, "absent": n.absent, "unresolved": n.runtime, "invalid": n.invalid}),
                );
            }
            json!({"tree": c.tree, "tools": c.tools, "hints": hints})
        })
        .collect();
    json!({"version": 1, "census": trees, "summary": {"files_scanned": files}})
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
            origin(t)
        ));
    }
    out
}
