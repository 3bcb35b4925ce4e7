//! `--format junit`: JUnit XML, one test suite per file with findings and
//! one failed test case per finding (CI systems show them as test results).

use crate::finding::Finding;
use crate::source::SourceMap;

/// XML text and attribute escaping; control characters XML 1.0 forbids are
/// dropped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

pub fn render(findings: &[Finding], sources: &SourceMap) -> String {
    // Findings arrive sorted by file: group consecutive runs.
    let mut suites: Vec<(String, Vec<&Finding>)> = Vec::new();
    for f in findings {
        let display = &sources.get(f.file).display;
        match suites.last_mut() {
            Some((d, list)) if d == display => list.push(f),
            _ => suites.push((display.clone(), vec![f])),
        }
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<testsuites name=\"mcp-lint\" tests=\"{n}\" failures=\"{n}\" errors=\"0\">\n",
        n = findings.len()
    ));
    for (display, list) in &suites {
        let file = escape(display);
        out.push_str(&format!(
            "  <testsuite name=\"{file}\" tests=\"{n}\" failures=\"{n}\" errors=\"0\">\n",
            n = list.len()
        ));
        for f in list {
            let (line, col) = f.span.map_or((1, 1), |s| sources.get(f.file).line_col(s.start));
            let name = match &f.tool {
                Some(t) => format!("{} {} ({t})", f.code, f.name),
                None => format!("{} {}", f.code, f.name),
            };
            let mut body = format!("{file}:{line}:{col}: {}", f.message);
            if let Some(help) = &f.help {
                body.push_str(&format!("\nhelp: {help}"));
            }
            out.push_str(&format!(
                "    <testcase name=\"{}\" classname=\"{file}\" file=\"{file}\" line=\"{line}\">\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n    </testcase>\n",
                escape(&name),
                f.severity.as_str(),
                escape(&f.message),
                escape(&body)
            ));
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markup_and_drops_control_characters() {
        assert_eq!(escape("a<b>&\"c\"'\u{1}"), "a&lt;b&gt;&amp;&quot;c&quot;&apos;");
        assert_eq!(escape("x\ny"), "x&#10;y");
    }
}
