//! The pre-commit hook definition stays in step with what mcp-lint reads.
//! (`scripts/test-pre-commit.sh` runs the hook itself through pre-commit.)

use std::path::Path;

use crate::repo;

#[test]
fn pre_commit_hook_files_match_the_languages_read() {
    let text = std::fs::read_to_string(repo().join(".pre-commit-hooks.yaml")).expect("hook file");
    assert!(text.contains("entry: mcp-lint check\n") && text.contains("language: rust\n"), "{text}");
    assert!(text.contains("types_or: [python, ts, tsx, javascript, jsx, go, rust]\n"), "{text}");
    let files = text.lines().find_map(|l| l.trim().strip_prefix("files: ")).expect("a files: pattern");
    let inner = files.trim_matches('\'').strip_prefix("\\.(").and_then(|s| s.strip_suffix(")$")).expect("\\.(…)$");
    let exts: Vec<&str> = inner.split('|').collect();
    for ext in &exts {
        let path = format!("a.{ext}");
        assert!(
            mcp_lint::frontend::lang_for(Path::new(&path)).is_some(),
            "the hook passes .{ext}, which mcp-lint does not read"
        );
    }
    for ext in ["py", "ts", "tsx", "js", "jsx", "mjs", "cjs", "go", "rs"] {
        assert!(exts.contains(&ext), "the hook leaves out .{ext}");
    }
}
