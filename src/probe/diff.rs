//! Source against wire. The rules run on the listed tools (what clients
//! really see); a tool found in the source is matched by name, and then a
//! finding the source has too is reported where the source says it. What
//! only one side shows, and hints that differ, are findings of their own:
//! MCP040 (listed, no source), MCP041 (in the source, not listed) and
//! MCP042 (a hint differs).

use crate::finding::{Finding, Label};
use crate::model::{Hint, HintKind, Tool};
use crate::rules::{self, RuleSet};
use crate::Run;

use super::wire::{self, Wire};

/// Replace the findings of a source run with those of the wire, compared
/// with the source. The run's tools become the source's plus the ones only
/// the wire lists.
pub fn merge(run: &mut Run, wire: Wire, set: &RuleSet) {
    let wire_found = rules::select(&rules::run_all(&wire.tools, &set.words, set.required), set, &run.sources);
    // Every rule on the source, before suppressions and selection: a
    // finding there that was not reported was suppressed or switched off.
    let source_all: Vec<Finding> = rules::run_all(&run.tools, &set.words, set.required).into_iter().flatten().collect();
    let find = |name: &str| run.tools.iter().find(|t| t.name.as_deref() == Some(name));

    // Findings about files (parse and I/O errors), about tools with computed
    // names and about tools the server does not list stay as the source run
    // made them.
    let mut out: Vec<Finding> = run
        .findings
        .iter()
        .filter(|f| f.tool.is_none() || !wire.tools.iter().any(|w| w.name == f.tool))
        .cloned()
        .collect();
    for f in wire_found {
        let name = f.tool.clone().unwrap_or_default();
        match find(&name) {
            Some(_) if source_all.iter().any(|s| s.code == f.code && s.tool == f.tool) => {
                for s in run.findings.iter().filter(|s| s.code == f.code && s.tool == f.tool) {
                    if !out.contains(s) {
                        out.push(s.clone());
                    }
                }
            }
            Some(src) => {
                let mut f = f;
                f.labels.push(Label { span: src.site, message: format!("tool `{name}` registered here") });
                out.push(f);
            }
            None => out.push(f),
        }
    }
    out.extend(wire.findings.iter().filter(|f| set.is_enabled(f.code)).cloned());

    let computed = run.tools.iter().filter(|t| t.name.is_none()).count();
    let mut wire_only = Vec::new();
    for w in &wire.tools {
        let name = w.display_name();
        match find(name) {
            None => {
                wire_only.push(w.clone());
                if run.files_scanned == 0 && run.tools.is_empty() {
                    continue; // no source to compare with
                }
                let mut message = format!(
                    "the server lists the tool `{name}`, but no registration of it was found in the source: it may be \
                     built at run time (a name from config or a loop), added by a framework, proxy or middleware, or \
                     generated from a config or OpenAPI file"
                );
                if computed > 0 {
                    message.push_str(&format!(" ({computed} tools in the source have names computed at run time)"));
                }
                push(&mut out, set, "MCP040", w, w.site, message);
            }
            Some(s) => hint_diffs(&mut out, set, s, w),
        }
    }
    for s in &run.tools {
        let Some(name) = s.name.as_deref() else { continue };
        if !wire.tools.iter().any(|w| w.name.as_deref() == Some(name)) {
            let message = format!(
                "tool `{name}` is registered in the source, but the server did not list it: it may be disabled by \
                 configuration or environment, filtered per client or session, or registered on a code path this \
                 start did not take"
            );
            push(&mut out, set, "MCP041", s, s.site, message);
        }
    }
    run.notes.extend(wire.notes);
    run.tools.extend(wire_only);
    run.findings = out;
    crate::sort_findings(&run.sources, &mut run.findings);
}

fn push(out: &mut Vec<Finding>, set: &RuleSet, code: &'static str, tool: &Tool, at: crate::source::Span, m: String) {
    if set.is_enabled(code) {
        let mut f = wire::finding(code, at, m);
        f.tool = tool.name.clone();
        out.push(f);
    }
}

/// MCP042: per hint, what the source declares against what is listed.
fn hint_diffs(out: &mut Vec<Finding>, set: &RuleSet, s: &Tool, w: &Tool) {
    let name = w.display_name();
    for kind in HintKind::ALL {
        let k = kind.wire_name();
        let wh = w.annotations.hint(kind);
        let sent = match wh {
            Hint::Declared { value, .. } => format!("sends `{k}: {}`", value),
            Hint::Absent => format!("does not send `{k}` (clients assume `{}`)", kind.spec_default()),
            Hint::Invalid { text, .. } => format!("sends `{k}: {text}`"),
            Hint::Unresolved { .. } => continue,
        };
        let mut found = None;
        match (s.annotations.hint(kind), wh) {
            (Hint::Declared { value, span }, Hint::Declared { value: v, .. }) if value != v => {
                found = Some((
                    *span,
                    format!("the source declares `{k}: {value}` for tool `{name}`, but the server {sent}"),
                ));
            }
            (Hint::Declared { value, span }, Hint::Absent | Hint::Invalid { .. }) => {
                found = Some((
                    *span,
                    format!("the source declares `{k}: {value}` for tool `{name}`, but the server {sent}"),
                ));
            }
            (Hint::Absent, Hint::Declared { value, .. }) => {
                let sdk_default = s.annotations.sdk_defaults.contains(&kind) && *value == kind.spec_default();
                let misspelt = s.annotations.unknown_keys.iter().find(|u| u.intended == kind);
                match misspelt {
                    Some(u) => {
                        found = Some((
                            u.span,
                            format!(
                                "the source declares `{}` for tool `{name}`, not `{k}`, and the server {sent}",
                                u.key
                            ),
                        ));
                    }
                    None if !sdk_default => {
                        found = Some((
                            s.site,
                            format!(
                            "the server {sent} for tool `{name}`, which the source does not declare (an SDK default or \
                             a change made at run time)"
                        ),
                        ));
                    }
                    None => {}
                }
            }
            (Hint::Absent, Hint::Absent) => {
                for u in s.annotations.unknown_keys.iter().filter(|u| u.intended == kind) {
                    if !w.annotations.unknown_keys.iter().any(|x| x.key == u.key) {
                        found = Some((u.span, format!(
                            "the source declares `{}` (misspelt) for tool `{name}`, and the SDK dropped it: the server {sent}",
                            u.key
                        )));
                    }
                }
            }
            _ => {}
        }
        if let Some((span, message)) = found {
            if set.is_enabled("MCP042") {
                let mut f = wire::finding("MCP042", span, message);
                f.tool = w.name.clone();
                if let Some(ws) = wh.span() {
                    f.labels.push(Label { span: ws, message: "as listed by the server".into() });
                } else {
                    f.labels.push(Label { span: w.site, message: "as listed by the server".into() });
                }
                f.help = Some(format!(
                    "declare `{}` in the source with the value the server should send, and check which SDK version and \
                     start-up path the server uses",
                    s.syntax.key(kind)
                ));
                out.push(f);
            }
        }
    }
}
