//! `--format github`: GitHub Actions workflow commands, which the runner
//! turns into annotations on the pull request's changed lines:
//! `::warning file=F,line=L,col=C,endLine=L,endColumn=C,title=MCP002 implicit-destructive::message`.

use crate::finding::{Finding, Severity};
use crate::source::SourceMap;

/// Escape a command's data (after `::`): `%`, CR and LF.
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escape a property value: the data escapes plus `:` and `,`, which would
/// otherwise end the value.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

fn command(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    }
}

pub fn render(findings: &[Finding], sources: &SourceMap) -> String {
    let mut out = String::new();
    for f in findings {
        let file = sources.get(f.file);
        // Text that is no file on disk (a server's listing) gets no file
        // property: the message names the tool.
        let mut props = vec![];
        if file.on_disk {
            props.push(format!("file={}", escape_property(&file.display)));
        }
        if let Some(span) = f.span.filter(|_| file.on_disk) {
            let l = file.location(span);
            props.push(format!("line={},col={},endLine={},endColumn={}", l.line, l.column, l.end_line, l.end_column));
        }
        props.push(format!("title={}", escape_property(&format!("{} {}", f.code, f.name))));
        // The message, then what the full format shows around it: the
        // related places and the help.
        let mut message = f.message.clone();
        for label in &f.labels {
            let other = sources.get(label.span.file);
            let (line, col) = other.line_col(label.span.start);
            message.push_str(&format!("\n{}:{line}:{col}: {}", other.display, label.message));
        }
        if let Some(help) = &f.help {
            message.push_str(&format!("\nhelp: {help}"));
        }
        // CR and LF are the command's own escapes; other controls are ours.
        let message: String = message
            .split_inclusive(['\r', '\n'])
            .map(|part| {
                let body = part.trim_end_matches(['\r', '\n']);
                format!("{}{}", crate::source::printable(body), &part[body.len()..])
            })
            .collect();
        out.push_str(&format!("::{} {}::{}\n", command(f.severity), props.join(","), escape_data(&message)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_data_and_properties() {
        assert_eq!(escape_data("100% a\r\nb: c, d"), "100%25 a%0D%0Ab: c, d");
        assert_eq!(escape_property("100% a\r\nb: c, d"), "100%25 a%0D%0Ab%3A c%2C d");
        // `%` first, so an escape is never escaped twice.
        assert_eq!(escape_data("%0A"), "%250A");
    }

    #[test]
    fn renders_escaped_messages_and_paths() {
        let sources = SourceMap::new("/w".into());
        let file = sources.add(std::path::Path::new("/w/a,b:c%d\r\ne.py"), "x = 1\n@mcp.tool()\n".into(), None);
        let f = Finding {
            code: "MCP002",
            name: "implicit-destructive",
            severity: Severity::Warning,
            message: "50% sure:\r\nyes, really".into(),
            file: file.id,
            span: Some(crate::source::Span::new(file.id, 6, 15)),
            labels: vec![],
            help: Some("say `destructiveHint=False`".into()),
            notes: vec![],
            tool: Some("t".into()),
            site: None,
            hints: vec![],
            fix: None,
        };
        assert_eq!(
            render(&[f], &sources),
            // Control characters in a file name are escaped once for any
            // output (`\x0D`), before the command's own escapes.
            "::warning file=a%2Cb%3Ac%25d\\x0D\\x0Ae.py,line=2,col=1,endLine=2,endColumn=10,\
             title=MCP002 implicit-destructive::50%25 sure:%0D%0Ayes, really%0Ahelp: say `destructiveHint=False`\n"
        );
    }
}
