//! `--format concise`: one line per finding, `path:line:col: severity[CODE] message`.

use anstyle::{AnsiColor, Style};

use crate::finding::{Finding, Severity};
use crate::source::SourceMap;

/// The same colours as the `full` format's headers (annotate-snippets).
fn severity_style(s: Severity) -> Style {
    let color = match s {
        Severity::Error => AnsiColor::BrightRed,
        Severity::Warning => AnsiColor::BrightYellow,
        Severity::Info => AnsiColor::BrightBlue,
    };
    Style::new().fg_color(Some(color.into())).bold()
}

fn paint(style: Style, text: &str, styled: bool) -> String {
    if styled {
        format!("{}{text}{}", style.render(), style.render_reset())
    } else {
        text.to_string()
    }
}

pub fn render(findings: &[Finding], sources: &SourceMap, styled: bool) -> String {
    let mut out = String::new();
    for f in findings {
        let file = sources.get(f.file);
        let (line, col) = f.span.map_or((1, 1), |s| file.line_col(s.start));
        let place = paint(Style::new().bold(), &format!("{}:{line}:{col}:", file.display), styled);
        let level = paint(severity_style(f.severity), &format!("{}[{}]", f.severity.as_str(), f.code), styled);
        out.push_str(&format!("{place} {level} {}\n", crate::source::printable(&f.message)));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn styles_only_when_asked() {
        let sources = crate::source::SourceMap::new("/w".into());
        let file = sources.add(std::path::Path::new("/w/s.py"), "x\n".into(), None);
        let f = crate::finding::Finding {
            code: "MCP001",
            name: "missing-annotations",
            severity: crate::finding::Severity::Warning,
            message: "m".into(),
            file: file.id,
            span: Some(crate::source::Span::new(file.id, 0, 1)),
            labels: vec![],
            help: None,
            notes: vec![],
            tool: None,
            site: None,
            hints: vec![],
            fix: None,
        };
        assert_eq!(super::render(std::slice::from_ref(&f), &sources, false), "s.py:1:1: warning[MCP001] m\n");
        let styled = super::render(&[f], &sources, true);
        assert!(styled.contains("\u{1b}[") && styled.contains("warning[MCP001]"), "{styled:?}");
    }
}
