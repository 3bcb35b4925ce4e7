//! From a `tools/list` listing to the language-neutral [`Tool`]s the rules
//! see. The listing is printed as indented JSON into a virtual source file
//! (`<tools/list>`), and every span points into that text, so findings
//! located by the wire alone underline the tool's name there (renderers
//! that need a file on disk fall back to the tool name).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::finding::{Finding, Label};
use crate::model::{Annotations, Hint, HintKind, Origin, Syntax, Tool, UnknownKey};
use crate::resolve::keys::{classify_key, KeyClass, SnakeRule};
use crate::rules;
use crate::source::{FileId, SourceMap, Span};

/// The name the listing is shown under.
pub const WIRE_FILE: &str = "<tools/list>";

/// At most `max` characters of `text`, with `…` when cut.
pub fn excerpt(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

/// The spans of one printed tool.
#[derive(Default)]
struct Spans {
    name: Option<Span>,
    /// Top-level key → (key span, value span).
    keys: BTreeMap<String, (Span, Span)>,
    /// `annotations` key → (key span, value span).
    annotations: BTreeMap<String, (Span, Span)>,
    whole: Option<Span>,
}

impl Spans {
    fn retarget(&mut self, file: FileId) {
        let fix = |s: &mut Span| s.file = file;
        self.name.iter_mut().chain(self.whole.iter_mut()).for_each(fix);
        for (k, v) in self.keys.values_mut().chain(self.annotations.values_mut()) {
            fix(k);
            fix(v);
        }
    }
}

/// Indented JSON of the tools, with the spans of what rules point at.
struct Printer {
    out: String,
    file: FileId,
}

impl Printer {
    fn span(&self, start: usize) -> Span {
        Span::new(self.file, start, self.out.len())
    }
    /// A value printed at `indent`, its continuation lines indented too.
    fn value(&mut self, v: &Value, indent: usize) -> Span {
        let start = self.out.len();
        let text = serde_json::to_string_pretty(v).expect("JSON values serialize");
        let pad = " ".repeat(indent);
        for (i, line) in text.lines().enumerate() {
            if i > 0 {
                self.out.push('\n');
                self.out.push_str(&pad);
            }
            self.out.push_str(line);
        }
        self.span(start)
    }
    fn key(&mut self, k: &str, indent: usize) -> Span {
        self.out.push_str(&" ".repeat(indent));
        let start = self.out.len();
        self.out.push_str(&serde_json::to_string(k).expect("strings serialize"));
        let span = self.span(start);
        self.out.push_str(": ");
        span
    }
    fn object(&mut self, obj: &Map<String, Value>, indent: usize, spans: &mut Spans, top: bool) {
        self.out.push_str("{\n");
        let n = obj.len();
        for (i, (k, v)) in obj.iter().enumerate() {
            let ks = self.key(k, indent + 2);
            let vs = match (top, k.as_str(), v) {
                (true, "annotations", Value::Object(inner)) => {
                    let start = self.out.len();
                    self.object(inner, indent + 2, spans, false);
                    self.span(start)
                }
                _ => self.value(v, indent + 2),
            };
            if top {
                if k == "name" {
                    spans.name = Some(vs);
                }
                spans.keys.insert(k.clone(), (ks, vs));
            } else {
                spans.annotations.insert(k.clone(), (ks, vs));
            }
            self.out.push_str(if i + 1 < n { ",\n" } else { "\n" });
        }
        self.out.push_str(&" ".repeat(indent));
        self.out.push('}');
    }
}

/// What the wire says, as tools and as findings no single tool's rules can make.
pub struct Wire {
    pub file: FileId,
    pub tools: Vec<Tool>,
    /// Duplicate names, malformed entries.
    pub findings: Vec<Finding>,
    pub notes: Vec<String>,
}

/// Read the listed tools into `sources` (as the virtual file [`WIRE_FILE`]).
pub fn read(listed: &[Value], sources: &SourceMap) -> Wire {
    // Spans are made against a placeholder id: the file exists once printed.
    let mut p = Printer { out: String::from("{\n  \"tools\": [\n"), file: FileId(u32::MAX) };
    let mut all = Vec::new();
    for (i, t) in listed.iter().enumerate() {
        let mut spans = Spans::default();
        p.out.push_str("    ");
        let start = p.out.len();
        match t {
            Value::Object(obj) => p.object(obj, 4, &mut spans, true),
            other => {
                p.value(other, 4);
            }
        }
        spans.whole = Some(p.span(start));
        p.out.push_str(if i + 1 < listed.len() { ",\n" } else { "\n" });
        all.push(spans);
    }
    p.out.push_str("  ]\n}\n");
    let file = sources.add_virtual(WIRE_FILE, Arc::from(p.out.as_str()));
    for spans in &mut all {
        spans.retarget(file.id);
    }

    let mut wire = Wire { file: file.id, tools: vec![], findings: vec![], notes: vec![] };
    let mut seen: BTreeMap<String, Span> = BTreeMap::new();
    for (i, (t, spans)) in listed.iter().zip(&all).enumerate() {
        let whole = spans.whole.expect("printed");
        let Some(obj) = t.as_object() else {
            wire.notes.push(format!("{WIRE_FILE}: entry {} of the listing is not an object; skipped", i + 1));
            continue;
        };
        let Some(name) = obj.get("name").and_then(Value::as_str) else {
            wire.notes.push(format!("{WIRE_FILE}: entry {} of the listing has no string `name`; skipped", i + 1));
            continue;
        };
        let at = spans.name.unwrap_or(whole);
        if let Some(first) = seen.get(name) {
            let mut f = finding(
                "MCP043",
                at,
                format!("the server lists the tool `{name}` more than once; clients keep one of them, unpredictably"),
            );
            f.labels.push(Label { span: *first, message: format!("`{name}` first listed here") });
            f.tool = Some(name.to_string());
            f.help = Some("give every tool a unique name".into());
            wire.findings.push(f);
            continue;
        }
        seen.insert(name.to_string(), at);
        wire.tools.push(tool(name, obj, spans, at));
    }
    wire
}

fn tool(name: &str, obj: &Map<String, Value>, spans: &Spans, at: Span) -> Tool {
    let text_hint = |v: Option<&Value>, span: Option<Span>| -> Hint<String> {
        match (v, span) {
            (None, _) | (_, None) => Hint::Absent,
            (Some(Value::String(s)), Some(span)) => Hint::Declared { value: s.clone(), span },
            (Some(other), Some(span)) => Hint::Invalid { text: other.to_string(), span },
        }
    };
    let mut a = Annotations::none();
    match (obj.get("annotations"), spans.keys.get("annotations")) {
        (Some(Value::Object(inner)), Some((_, vs))) => {
            a.origin = Origin::Inline(*vs);
            let wire_keys = SnakeRule::Ignored("on the wire".into());
            for (k, v) in inner {
                let Some(&(ks, vs)) = spans.annotations.get(k) else { continue };
                match classify_key(k, &wire_keys) {
                    KeyClass::Hint(kind) => *a.hint_mut(kind) = bool_hint(v, vs),
                    KeyClass::Title => a.title = text_hint(Some(v), Some(vs)),
                    KeyClass::Misspelt(intended, reason) => {
                        a.unknown_keys.push(UnknownKey { key: k.clone(), span: ks, intended, reason });
                    }
                    KeyClass::Undecided(intended) => {
                        let reason = format!("`{k}` is not a hint key on the wire");
                        a.unknown_keys.push(UnknownKey { key: k.clone(), span: ks, intended, reason });
                    }
                    KeyClass::Other => {}
                }
            }
        }
        (Some(Value::Null) | None, _) => {}
        (Some(other), Some((_, vs))) => {
            // Not an object: no hint can be read from it.
            a.origin = Origin::Inline(*vs);
            for kind in HintKind::ALL {
                *a.hint_mut(kind) = Hint::Invalid { text: excerpt(&other.to_string(), 40), span: *vs };
            }
        }
        (Some(_), None) => {}
    }
    // Hints written next to `annotations` instead of inside it.
    for (k, (ks, _)) in &spans.keys {
        if matches!(k.as_str(), "title" | "name" | "annotations") {
            continue;
        }
        let intended = match classify_key(k, &SnakeRule::Accepted) {
            KeyClass::Hint(kind) | KeyClass::Misspelt(kind, _) | KeyClass::Undecided(kind) => kind,
            _ => continue,
        };
        a.unknown_keys.push(UnknownKey {
            key: k.clone(),
            span: *ks,
            intended,
            reason: format!(
                "`{k}` is sent at the top level of the tool, outside `annotations`, where clients do not read it"
            ),
        });
    }
    let params = obj
        .get("inputSchema")
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
        .map(|props| props.keys().cloned().collect());
    Tool {
        name: Some(name.to_string()),
        name_span: Some(at),
        site: at,
        registered_at: None,
        definition: None,
        language: None,
        api: "tools/list",
        params,
        description: obj.get("description").and_then(Value::as_str).map(str::to_string),
        title: text_hint(obj.get("title"), spans.keys.get("title").map(|(_, v)| *v)),
        annotations: a,
        syntax: Syntax::JsObject,
        // A listing says nothing about how a handler confirms.
        confirms: vec![],
        unserved: false,
        generated: false,
        slot: None,
        unfixable: None,
        handler: None,
    }
}

/// A hint's value as listed: only `true`/`false` count; `null` and
/// anything else are invalid (clients may read them either way).
fn bool_hint(v: &Value, span: Span) -> Hint {
    match v {
        Value::Bool(b) => Hint::Declared { value: *b, span },
        other => Hint::Invalid { text: excerpt(&other.to_string(), 40), span },
    }
}

/// A finding the probe itself makes (not a per-tool rule).
pub fn finding(code: &'static str, span: Span, message: String) -> Finding {
    let info = rules::info(code).expect("probe findings have rule docs");
    Finding {
        code,
        name: info.name,
        severity: info.severity.unwrap_or(info.level),
        message,
        file: span.file,
        span: Some(span),
        labels: vec![],
        help: None,
        tool: None,
        notes: vec![],
        site: None,
        hints: vec![],
        fix: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read_one(tool: Value) -> (SourceMap, Wire) {
        let sources = SourceMap::new("/".into());
        let w = read(&[tool], &sources);
        (sources, w)
    }

    #[test]
    fn hints_are_known_exactly_and_spans_point_into_the_listing() {
        let (sources, w) = read_one(json!({"name": "search", "title": "Search",
            "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}},
            "annotations": {"readOnlyHint": true, "openWorldHint": false}}));
        let t = &w.tools[0];
        assert_eq!(sources.get(w.file).slice(t.site), "\"search\"");
        assert!(t.annotations.read_only.is(true) && t.annotations.open_world.is(false));
        assert!(t.annotations.destructive.is_absent());
        assert_eq!(t.params, Some(vec!["q".to_string()]));
        let span = t.annotations.read_only.span().unwrap();
        assert_eq!(sources.get(w.file).slice(span), "true");
        // The text is valid JSON: the listing itself.
        let v: Value = serde_json::from_str(&sources.get(w.file).text).unwrap();
        assert_eq!(v["tools"][0]["name"], "search");
    }

    #[test]
    fn null_non_boolean_misplaced_and_misspelt_hints() {
        let (_, w) = read_one(json!({"name": "t", "destructiveHint": false,
            "annotations": {"readOnlyHint": null, "idempotentHint": "yes", "openworldHint": true}}));
        let a = &w.tools[0].annotations;
        assert!(matches!(&a.read_only, Hint::Invalid { text, .. } if text == "null"));
        assert!(matches!(&a.idempotent, Hint::Invalid { text, .. } if text == "\"yes\""));
        let keys: Vec<(&str, HintKind)> = a.unknown_keys.iter().map(|k| (k.key.as_str(), k.intended)).collect();
        assert_eq!(keys, [("openworldHint", HintKind::OpenWorld), ("destructiveHint", HintKind::Destructive)]);
        assert!(a.unknown_keys[1].reason.contains("outside `annotations`"));
    }

    #[test]
    fn duplicates_are_reported_once_and_not_linted_twice() {
        let sources = SourceMap::new("/".into());
        let w = read(&[json!({"name": "a"}), json!({"name": "a"}), json!({"name": "b"}), json!(3)], &sources);
        assert_eq!(w.tools.len(), 2);
        assert_eq!(w.findings.iter().map(|f| f.code).collect::<Vec<_>>(), ["MCP043"]);
        assert_eq!(w.notes.len(), 1, "{:?}", w.notes);
    }
}
