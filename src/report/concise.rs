//! `--format concise`: one line per finding, `path:line:col: severity[CODE] message`.

use crate::finding::Finding;
use crate::source::SourceMap;

pub fn render(findings: &[Finding], sources: &SourceMap) -> String {
    let mut out = String::new();
    for f in findings {
        let file = sources.get(f.file);
        let (line, col) = f.span.map_or((1, 1), |s| file.line_col(s.start));
        out.push_str(&format!(
            "{}:{line}:{col}: {}[{}] {}\n",
            file.display,
            f.severity.as_str(),
            f.code,
            crate::source::printable(&f.message)
        ));
    }
    out
}
