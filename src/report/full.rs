//! `--format full`: rustc-style diagnostics rendered by annotate-snippets.
//! The primary annotation sits on the registration (or the offending key);
//! labels in other files (a preset's definition) get a snippet of their own.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::finding::{Finding, Severity};
use crate::source::SourceMap;

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
    // Other files are kept alive for the borrow of their text.
    let others: Vec<_> =
        f.labels.iter().filter(|l| l.span.file != f.file).map(|l| (l, sources.get(l.span.file))).collect();
    // Lone `\r` line endings as `\n` (same offsets), which the renderer splits at.
    let display = file.display_text();
    let others: Vec<_> = others.iter().map(|(l, o)| (*l, o, o.display_text())).collect();
    let mut main = Snippet::source(&*display)
        .path(file.display.as_str())
        .annotation(AnnotationKind::Primary.span(clamp(span.range(), &file.text)));
    for l in f.labels.iter().filter(|l| l.span.file == f.file) {
        main =
            main.annotation(AnnotationKind::Context.span(clamp(l.span.range(), &file.text)).label(l.message.as_str()));
    }
    let mut group = title.element(main);
    for (l, other, other_display) in &others {
        group =
            group.element(Snippet::source(&**other_display).path(other.display.as_str()).annotation(
                AnnotationKind::Context.span(clamp(l.span.range(), &other.text)).label(l.message.as_str()),
            ));
    }
    for note in &f.notes {
        group = group.element(Level::NOTE.message(note.as_str()));
    }
    if let Some(help) = &f.help {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    renderer.render(&[group]).to_string()
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
