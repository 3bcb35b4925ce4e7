//! `mcp-lint tools`: the inventory of every tool found, as a table or as
//! the version-1 JSON contract.

use serde_json::{json, Value};

use crate::model::{Hint, HintKind, Lang, Origin, Tool};
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
                "language": t.language.map_or("wire", Lang::name),
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
