//! `--fix`, `--unsafe-fixes` and `--diff`: a diff snapshot per SDK shape
//! (tests/fixtures/fix, each with an annotated look-alike that must not
//! change), fixes that hold (a second run changes nothing, no absent hint
//! is left, every fixed file parses with its language's own parser) and
//! the safe fixes giving each tool the hint its author meant.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::{files_under, fixtures, repo, run_in};

/// A copy of `case` in a temporary directory (the copy's root).
fn copy(case: &Path) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join(case.file_name().expect("name"));
    for f in files_under(case) {
        let to = root.join(f.strip_prefix(case).expect("below the case"));
        std::fs::create_dir_all(to.parent().expect("parent")).expect("mkdir");
        std::fs::copy(&f, &to).expect("copy");
    }
    (tmp, root)
}

fn contents(root: &Path) -> BTreeMap<PathBuf, String> {
    files_under(root)
        .into_iter()
        .map(|f| (f.clone(), String::from_utf8_lossy(&std::fs::read(&f).expect("read")).into_owned()))
        .collect()
}

fn tools(root: &Path) -> serde_json::Value {
    let (_, out, _) = run_in(root, &["tools", "--format", "json"]);
    serde_json::from_str::<serde_json::Value>(&out).expect("tools JSON")["tools"].clone()
}

#[test]
fn fix_fixtures_expect_markers() {
    crate::fixtures::check_lang("fix");
}

#[test]
fn diffs_per_sdk() {
    for case in fixtures("fix") {
        let name = case.file_name().expect("name").to_string_lossy().into_owned();
        let (_tmp, root) = copy(&case);
        let before = contents(&root);
        let (safe_code, safe, _) = run_in(&root, &["check", "--diff"]);
        let (code, all, err) = run_in(&root, &["check", "--diff", "--unsafe-fixes"]);
        assert_eq!(contents(&root), before, "{name}: --diff wrote to the tree");
        assert!(!err.contains("not applied"), "{name}: a fix was rolled back:\n{err}");
        if name.ends_with("-lookalike") {
            assert!(safe.is_empty() && all.is_empty(), "{name}: a look-alike changed:\n{all}");
            assert_eq!((safe_code, code), (0, 0), "{name}");
            continue;
        }
        assert_eq!(code, 1, "{name}: --diff with changes exits 1");
        assert_eq!(safe_code, if safe.is_empty() { 0 } else { 1 }, "{name}");
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(repo().join("tests/snapshots/fix"));
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| {
            insta::assert_snapshot!(
                format!("{name}.diff"),
                format!("$ check --diff\n{safe}\n$ check --diff --unsafe-fixes\n{all}")
            );
        });
    }
}

const ABSENCE: &[&str] = &["MCP001", "MCP002", "MCP003", "MCP004", "MCP005", "MCP020", "MCP030"];

/// The languages' own parsers the tests re-parse fixed files with. CPython's
/// `ast` and `syn` always; with `MCP_LINT_PARSERS=DIR` (CI, after
/// scripts/parsers/setup.sh DIR) also those DIR/parsers.txt lists:
/// TypeScript's parser from npm, `gofmt -e`, javac's parser.
fn parsers() -> (Option<PathBuf>, Vec<String>) {
    let Some(dir) = std::env::var_os("MCP_LINT_PARSERS").map(PathBuf::from) else { return (None, Vec::new()) };
    let list = std::fs::read_to_string(dir.join("parsers.txt")).unwrap_or_else(|e| {
        panic!("MCP_LINT_PARSERS: {}/parsers.txt: {e} (run scripts/parsers/setup.sh)", dir.display())
    });
    (Some(dir), list.lines().map(str::to_string).collect())
}

/// The files of `files` that their language's parser rejects, each with
/// what it said; files with no parser here are taken as parsing.
fn syntax_errors(files: &[PathBuf]) -> BTreeMap<PathBuf, String> {
    let (dir, have) = parsers();
    let has = |p: &str| have.iter().any(|h| h == p);
    let mut bad = BTreeMap::new();
    let mut ts = Vec::new();
    let mut java = Vec::new();
    for file in files {
        let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
        let one = match ext {
            "py" => Some(
                std::process::Command::new("python3")
                    .args(["-c", "import ast, sys; ast.parse(open(sys.argv[1], 'rb').read())"])
                    .arg(file)
                    .output()
                    .expect("python3 runs (the fix tests need it)"),
            ),
            "go" if has("gofmt") => {
                Some(std::process::Command::new("gofmt").args(["-e", "-l"]).arg(file).output().expect("gofmt runs"))
            }
            "rs" => {
                let text = std::fs::read_to_string(file).expect("text");
                if let Err(e) = syn::parse_file(&text) {
                    bad.insert(file.clone(), format!("syn: {e}"));
                }
                None
            }
            "ts" | "tsx" | "mts" | "cts" | "js" | "jsx" | "mjs" | "cjs" if has("typescript") => {
                ts.push(file.clone());
                None
            }
            "java" if has("javac") => {
                java.push(file.clone());
                None
            }
            _ => None,
        };
        if let Some(out) = one.filter(|o| !o.status.success()) {
            bad.insert(file.clone(), String::from_utf8_lossy(&out.stderr).into_owned());
        }
    }
    // One process per language for the slow-starting parsers; each error
    // line names its file.
    let batch = |cmd: &mut std::process::Command, files: &[PathBuf], bad: &mut BTreeMap<PathBuf, String>| {
        if files.is_empty() {
            return;
        }
        let out = cmd.args(files).output().expect("the parser runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        for f in files {
            let said: Vec<&str> = stderr.lines().filter(|l| l.starts_with(&*f.to_string_lossy())).collect();
            if !said.is_empty() {
                bad.insert(f.clone(), said.join("\n"));
            }
        }
        assert!(out.status.success() || !bad.is_empty(), "the parser failed without naming a file:\n{stderr}");
    };
    if let Some(dir) = &dir {
        let script = repo().join("scripts/parsers/ts-parse.cjs");
        batch(std::process::Command::new("node").arg(script).env("NODE_PATH", dir.join("node_modules")), &ts, &mut bad);
    }
    batch(std::process::Command::new("java").arg(repo().join("scripts/parsers/JavaParse.java")), &java, &mut bad);
    bad
}

/// Every file `--fix` changed parses with its language's own parser, unless
/// it did not parse before either (a fixture about broken input).
fn still_parse(original: &BTreeMap<PathBuf, String>, fixed: &BTreeMap<PathBuf, String>, what: &str) {
    let changed: Vec<PathBuf> =
        fixed.iter().filter(|(f, t)| original.get(*f) != Some(*t)).map(|(f, _)| f.clone()).collect();
    let after = syntax_errors(&changed);
    if after.is_empty() {
        return;
    }
    // The originals, under the same names in a directory of their own.
    let tmp = tempfile::tempdir().expect("temp dir");
    let before: Vec<PathBuf> = after
        .keys()
        .enumerate()
        .map(|(i, f)| {
            let to = tmp.path().join(i.to_string()).join(f.file_name().expect("name"));
            std::fs::create_dir_all(to.parent().expect("parent")).expect("mkdir");
            std::fs::write(&to, &original[f]).expect("write");
            to
        })
        .collect();
    let was_bad = syntax_errors(&before);
    for ((file, said), orig) in after.iter().zip(&before) {
        assert!(
            was_bad.contains_key(orig),
            "{what}: {} no longer parses after --fix:\n{said}\n{}",
            file.display(),
            fixed[file]
        );
    }
}

#[test]
fn fixes_hold_and_a_second_run_changes_nothing() {
    for case in fixtures("fix") {
        let name = case.file_name().expect("name").to_string_lossy().into_owned();
        let (_tmp, root) = copy(&case);
        let original = contents(&root);
        let before = tools(&root);
        let (_, _, err) = run_in(&root, &["check", "--fix", "--unsafe-fixes", "--show-fixes"]);
        assert!(!err.contains("not applied"), "{name}: {err}");
        // The tools mcp-lint says it cannot fix (with why) keep their findings.
        let unfixed: Vec<&str> = err
            .lines()
            .filter(|l| !l.contains("no confirmation guard"))
            .filter_map(|l| l.split("no fix for tool `").nth(1)?.split('`').next())
            .collect();
        if name == "python-fastmcp-lookalike" {
            assert!(err.contains("no fix for tool `purge_notes`: no confirmation guard written"), "{err}");
        }
        let fixed = contents(&root);
        assert_eq!(fixed.len(), original.len(), "{name}: files appeared or vanished (a temporary file left?)");
        still_parse(&original, &fixed, &name);
        let (_, _, again) = run_in(&root, &["check", "--fix", "--unsafe-fixes"]);
        assert_eq!(contents(&root), fixed, "{name}: a second --fix changed the tree\n{again}");
        assert!(!again.contains("fixed "), "{name}: {again}");
        // The same tools, every hint they declared kept, every one declared
        // now but the two a read-only tool leaves alone.
        let after = tools(&root);
        assert_eq!(before.as_array().map(Vec::len), after.as_array().map(Vec::len), "{name}");
        for (b, a) in before.as_array().expect("list").iter().zip(after.as_array().expect("list")) {
            assert_eq!(b["name"], a["name"], "{name}");
            if a["name"].as_str().is_some_and(|n| unfixed.contains(&n)) {
                continue;
            }
            for (hint, value) in a["hints"].as_object().expect("hints") {
                let was = &b["hints"][hint];
                if was.is_boolean() {
                    assert_eq!(was, value, "{name}: `{}` {hint} changed", a["name"]);
                }
                let read_only = a["hints"]["readOnlyHint"] == true;
                let optional =
                    hint == "title" || read_only && matches!(hint.as_str(), "destructiveHint" | "idempotentHint");
                assert!(
                    value.is_boolean() || optional,
                    "{name}: `{}` {hint} is {value} after --unsafe-fixes",
                    a["name"]
                );
            }
        }
        let (_, json, _) = run_in(&root, &["check", "--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        for f in json["findings"].as_array().expect("findings") {
            let code = f["code"].as_str().expect("code");
            let exempt = f["tool"].as_str().is_some_and(|t| unfixed.contains(&t));
            assert!(!ABSENCE.contains(&code) || exempt, "{name}: {code} left: {f}");
            assert!(f["fix"].is_null(), "{name}: a fixable finding is left: {f}");
        }
    }
}

#[test]
fn safe_fixes_give_the_hint_the_author_meant() {
    let (_tmp, root) = copy(&repo().join("tests/fixtures/fix/python-fastmcp"));
    let hints = |tools: &serde_json::Value, name: &str| {
        tools.as_array().expect("list").iter().find(|t| t["name"] == name).expect("tool")["hints"].clone()
    };
    let before = tools(&root);
    assert_eq!(hints(&before, "count_notes")["readOnlyHint"], "absent");
    let (_, _, err) = run_in(&root, &["check", "--fix", "--show-fixes"]);
    assert!(
        err.contains("rename `readonlyHint` to `readOnlyHint`") && err.contains("fixed 3 findings in 1 file"),
        "{err}"
    );
    let after = tools(&root);
    assert_eq!(hints(&after, "count_notes")["readOnlyHint"], true);
    assert_eq!(hints(&after, "add_note")["readOnlyHint"], false);
    // A duplicate's earlier entry removed: the hint is the later one, as before.
    assert_eq!(hints(&after, "list_folders"), hints(&before, "list_folders"));
    assert_eq!(hints(&after, "list_folders")["readOnlyHint"], true);
    // Safe only: the hints nobody wrote stay unwritten.
    assert_eq!(hints(&after, "get_note"), hints(&before, "get_note"));
    assert_eq!(hints(&after, "edit_note"), hints(&before, "edit_note"));
}

#[test]
fn fixing_standard_input_prints_the_fixed_text() {
    let case = repo().join("tests/fixtures/fix/python-fastmcp");
    let text = std::fs::read_to_string(case.join("server.py")).expect("server.py");
    let out = crate::bin()
        .current_dir(&case)
        .args(["check", "-", "--stdin-filename", "server.py", "--fix"])
        .write_stdin(text.clone())
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let expected = text
        .replace("\"readonlyHint\"", "\"readOnlyHint\"")
        .replace("\"false\"", "False")
        .replace("{\"readOnlyHint\": True, \"readOnlyHint\": True}", "{\"readOnlyHint\": True}");
    assert_eq!(stdout, expected);
    assert!(stderr.contains("MCP001") && !stderr.contains("MCP012"), "the report goes to stderr:\n{stderr}");
    assert_eq!(
        std::fs::read_to_string(case.join("server.py")).expect("server.py"),
        text,
        "the file on disk is untouched"
    );
}

#[cfg(unix)]
#[test]
fn fixes_are_not_written_through_a_link() {
    let (tmp, root) = copy(&repo().join("tests/fixtures/fix/python-fastmcp"));
    let outside = tmp.path().join("outside.py");
    std::fs::rename(root.join("server.py"), &outside).expect("move");
    std::os::unix::fs::symlink(&outside, root.join("server.py")).expect("link");
    let text = std::fs::read_to_string(&outside).expect("text");
    let (code, _, err) = run_in(&root, &["check", "server.py", "--fix"]);
    assert_eq!(std::fs::read_to_string(&outside).expect("text"), text, "written through the link");
    assert!(code == 1 && err.contains("not applied") && err.contains("symbolic link"), "exit {code}: {err}");
}

/// The done-when of the fix issue, on a copy of every fixture server: after
/// `--fix --unsafe-fixes`, what is left has no fix (or was rolled back).
#[test]
fn every_fixture_tree_is_left_with_nothing_fixable() {
    for lang in ["python", "typescript", "go", "rust", "csharp", "java", "kotlin"] {
        let (_tmp, root) = copy(&repo().join("tests/fixtures").join(lang));
        let original = contents(&root);
        let (_, _, err) = run_in(&root, &["check", "--fix", "--unsafe-fixes"]);
        still_parse(&original, &contents(&root), lang);
        let rolled: Vec<&str> = err.lines().filter_map(|l| l.strip_prefix("note: not applied: ")).collect();
        let (_, json, _) = run_in(&root, &["check", "--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        for f in json["findings"].as_array().expect("findings") {
            if let Some(msg) = f["fix"]["message"].as_str() {
                assert!(rolled.iter().any(|r| r.starts_with(msg)), "{lang}: fixable finding left: {f}\n{err}");
            }
        }
        let (_, _, again) = run_in(&root, &["check", "--fix", "--unsafe-fixes"]);
        assert!(!again.contains("fixed "), "{lang}: a second run fixed more:\n{again}");
    }
}

/// Naming one file of a Java package lints its siblings too (they share
/// the package): only the file named is fixed.
#[test]
fn only_the_paths_given_are_fixed() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let java = std::fs::read_to_string(repo().join("tests/fixtures/fix/java-spring/src/main/java/demo/NoteTools.java"))
        .expect("java");
    let dir = tmp.path().join("src/main/java/demo");
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::copy(repo().join("tests/fixtures/fix/java-spring/build.gradle.kts"), tmp.path().join("build.gradle.kts"))
        .expect("copy");
    std::fs::write(dir.join("NoteTools.java"), &java).expect("write");
    let other = java.replace("class NoteTools", "class MoreTools").replace("_note\"", "_memo\"");
    std::fs::write(dir.join("MoreTools.java"), &other).expect("write");
    let (code, _, err) = run_in(tmp.path(), &["check", "src/main/java/demo/NoteTools.java", "--fix", "--unsafe-fixes"]);
    assert!(code != 2 && !err.contains("cannot write"), "exit {code}: {err}");
    assert_ne!(std::fs::read_to_string(dir.join("NoteTools.java")).expect("read"), java, "the named file is fixed");
    assert_eq!(std::fs::read_to_string(dir.join("MoreTools.java")).expect("read"), other, "its sibling is not");
}
