//! The pre-commit hook definition stays in step with what mcp-lint reads.
//! (`scripts/test-pre-commit.sh` runs the hook itself through pre-commit.)

use std::path::Path;

use crate::repo;

#[test]
fn pre_commit_hook_files_match_the_languages_read() {
    let text = std::fs::read_to_string(repo().join(".pre-commit-hooks.yaml")).expect("hook file");
    // pre-commit names changed files explicitly: without --force-exclude the
    // config's `exclude` would never apply under the hook.
    assert!(text.contains("entry: mcp-lint check --force-exclude\n") && text.contains("language: rust\n"), "{text}");
    // identify tags neither .mts nor .cts, so any `types`/`types_or` filter
    // would drop them although `files:` names them: selection is by `files:` only.
    let filters: Vec<&str> =
        text.lines().map(str::trim).filter(|l| l.starts_with("types:") || l.starts_with("types_or:")).collect();
    assert!(filters.is_empty(), "a type filter drops .mts/.cts: {filters:?}");
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
    for ext in ["py", "ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "go", "rs"] {
        assert!(exts.contains(&ext), "the hook leaves out .{ext}");
    }
}
