//! `--format full`: rustc-style diagnostics rendered by annotate-snippets.
//! The primary annotation sits on the registration (or the offending key);
//! labels in other files (a preset's definition) get a snippet of their own.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::finding::{Finding, Severity};
use crate::source::{SourceFile, SourceMap};

/// An annotation: its kind, byte range in its file and label.
type Ann<'a> = (AnnotationKind, std::ops::Range<usize>, Option<&'a str>);

/// Annotations of one file further apart than this get snippets of their own
/// (`:::` headers): the renderer reads every line between the annotations of a
/// snippet, so a label at the top of a 4 MB file on every finding made the
/// output quadratic. Closer ones share a snippet, the lines between folded.
const MAX_GAP: usize = 16 * 1024;

pub fn render(findings: &[Finding], sources: &SourceMap, styled: bool) -> String {
    let renderer = if styled { Renderer::styled() } else { Renderer::plain() };
    let mut out = String::new();
    for f in findings {
        out.push_str(&render_one(f, sources, &renderer));
        out.push_str("\n\n");
    }
    out
}

fn level(s: Severity) -> Level<'static> {
    match s {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Info => Level::INFO,
    }
}

fn render_one(f: &Finding, sources: &SourceMap, renderer: &Renderer) -> String {
    let file = sources.get(f.file);
    let title = level(f.severity).primary_title(f.message.as_str()).id(f.code);
    let Some(span) = f.span else {
        let mut group = Group::with_title(title);
        for note in &f.notes {
            group = group.element(Level::NOTE.message(note.as_str()));
        }
        if let Some(help) = &f.help {
            group = group.element(Level::HELP.message(help.as_str()));
        }
        return renderer.render(&[group]).to_string();
    };
    // Annotations in the finding's file, the primary first, then in other
    // files (a preset's definition), each other file kept alive for its text.
    let mut here = vec![(AnnotationKind::Primary, clamp(span.range(), &file.text), None)];
    here.extend(
        f.labels
            .iter()
            .filter(|l| l.span.file == f.file)
            .map(|l| (AnnotationKind::Context, clamp(l.span.range(), &file.text), Some(l.message.as_str()))),
    );
    let others: Vec<_> =
        f.labels.iter().filter(|l| l.span.file != f.file).map(|l| (l, sources.get(l.span.file))).collect();
    let mut parts: Vec<(&SourceFile, Vec<Ann>)> = excerpts(here).into_iter().map(|a| (&*file, a)).collect();
    for (l, other) in &others {
        let ann = (AnnotationKind::Context, clamp(l.span.range(), &other.text), Some(l.message.as_str()));
        parts.push((other, vec![ann]));
    }
    // Each part is the whole lines its annotations sit on, numbered as in the file.
    let texts: Vec<_> = parts
        .iter()
        .map(|(file, anns)| {
            let lo = anns.iter().map(|a| a.1.start).min().unwrap_or(0);
            let hi = anns.iter().map(|a| a.1.end).max().unwrap_or(0);
            let (line, lines) = file.lines_holding(lo..hi);
            (line, lines.start, file.display_lines(lines))
        })
        .collect();
    let mut group = Group::with_title(title);
    for ((file, anns), (line, base, text)) in parts.iter().zip(&texts) {
        let mut snippet = Snippet::source(&**text).path(file.display.as_str()).line_start(*line as usize);
        for (kind, r, label) in anns {
            let ann = kind.span(r.start - base..r.end - base);
            snippet = snippet.annotation(match label {
                Some(l) => ann.label(*l),
                None => ann,
            });
        }
        group = group.element(snippet);
    }
    for note in &f.notes {
        group = group.element(Level::NOTE.message(note.as_str()));
    }
    if let Some(help) = &f.help {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    renderer.render(&[group]).to_string()
}

/// The annotations of one file, grouped into snippets: the primary's first,
/// then the others in source order.
fn excerpts(mut anns: Vec<Ann<'_>>) -> Vec<Vec<Ann<'_>>> {
    anns.sort_by_key(|a| (a.1.start, a.1.end));
    let mut groups: Vec<Vec<Ann<'_>>> = Vec::new();
    let mut reach = 0usize;
    for a in anns {
        match groups.last_mut() {
            Some(g) if a.1.start <= reach.saturating_add(MAX_GAP) => {
                reach = reach.max(a.1.end);
                g.push(a);
            }
            _ => {
                reach = a.1.end;
                groups.push(vec![a]);
            }
        }
    }
    if let Some(i) = groups.iter().position(|g| g.iter().any(|a| matches!(a.0, AnnotationKind::Primary))) {
        let g = groups.remove(i);
        groups.insert(0, g);
    }
    groups
}

/// Keep a range inside the text and on character boundaries.
fn clamp(r: std::ops::Range<usize>, text: &str) -> std::ops::Range<usize> {
    let mut start = r.start.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = r.end.clamp(start, text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

#[cfg(test)]
mod tests {
    use crate::finding::{Finding, Label, Severity};
    use crate::source::{SourceMap, Span};

    /// A finding on the registration at the last line of `text`, labelled at
    /// the preset on its first.
    fn render(text: &str) -> String {
        let sources = SourceMap::new("/w".into());
        let file = sources.add(std::path::Path::new("/w/s.py"), text.into(), None);
        let reg = text.rfind("@mcp.tool()").unwrap();
        let f = Finding {
            code: "MCP002",
            name: "destructive-by-default",
            severity: Severity::Warning,
            message: "m".into(),
            file: file.id,
            span: Some(Span::new(file.id, reg, reg + 11)),
            labels: vec![Label { span: Span::new(file.id, 0, 4), message: "preset".into() }],
            help: None,
            notes: vec![],
            tool: None,
            site: None,
            hints: vec![],
            fix: None,
        };
        super::render(&[f], &sources, false)
    }

    #[test]
    fn near_labels_share_the_snippet_and_far_ones_get_their_own() {
        let near = render("RW = {}\nx = 1\ny = 2\nz = 3\n@mcp.tool()\n");
        assert!(near.contains("--> s.py:5:1") && near.contains("1 | RW = {}") && near.contains("...\n"), "{near}");
        assert!(!near.contains(":::"), "{near}");
        // Far apart: the registration's lines alone, numbered as in the file,
        // then the preset's under a `:::` header.
        let far = format!("RW = {{}}\n{}@mcp.tool()\n", "# filler line\n".repeat(2000));
        let out = render(&far);
        assert!(out.contains("--> s.py:2002:1") && out.contains("2002 | @mcp.tool()"), "{out}");
        assert!(out.contains("::: s.py:1:1") && out.contains("1 | RW = {}"), "{out}");
        assert!(out.find("2002 |").unwrap() < out.find("   1 |").unwrap(), "{out}");
        assert!(!out.contains("filler"), "{out}");
    }
}
