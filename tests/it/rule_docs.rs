//! The rule docs in `rules/` are part of the test suite: their metadata must
//! match the catalogue, their headings are fixed, and every `bad` example
//! must raise its rule while every `good` example must not.

use std::collections::BTreeMap;

use mcp_lint::rules::{docs, INFOS, RULES};

use crate::{repo, run_in};

const HEADINGS: &[&str] = &["## What it does", "## Why it matters", "## Example"];

fn doc_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(repo().join("rules"))
        .expect("rules/ exists")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            let name = p.file_stem().expect("stem").to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("readable"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_doc_is_in_the_catalogue_and_well_formed() {
    let files = doc_files();
    assert_eq!(files.len(), RULES.len(), "one rules/*.md per catalogue entry");
    for (stem, text) in &files {
        let info = INFOS.iter().find(|i| format!("{}-{}", i.code, i.name) == *stem);
        let info = info.unwrap_or_else(|| panic!("{stem}.md: file name must be CODE-name of a catalogue rule"));
        let (_, body) = docs::split(text).expect("front matter");
        let mut at = 0;
        for h in HEADINGS {
            let pos = body[at..].find(h).unwrap_or_else(|| panic!("{stem}.md: missing or misordered `{h}`"));
            at += pos;
        }
        assert!(!info.summary.is_empty(), "{stem}.md: summary");
        assert!(!info.profiles.is_empty(), "{stem}.md: profiles");
        let first = info.summary.chars().next().expect("summary");
        assert!(
            first.is_lowercase() && !info.summary.ends_with('.'),
            "{stem}.md: summary is lowercase, no final period"
        );
    }
}

/// (bad?, files) groups of a doc's fenced examples.
fn examples(text: &str) -> Vec<(bool, BTreeMap<String, String>)> {
    let mut groups: Vec<(bool, BTreeMap<String, String>)> = Vec::new();
    let mut lines = text.lines();
    let mut last_kind: Option<bool> = None;
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            if !line.trim().is_empty() {
                last_kind = None; // prose between blocks ends a multi-file group
            }
            continue;
        };
        let words: Vec<&str> = info.split_whitespace().collect();
        let mut body = String::new();
        for l in lines.by_ref() {
            if l.starts_with("```") {
                break;
            }
            body.push_str(l);
            body.push('\n');
        }
        if words.first() != Some(&"python") {
            // Only Python examples are executed; another language would be skipped silently.
            assert!(!matches!(words.get(1), Some(&"bad" | &"good")), "unexecuted example fence: {info}");
            continue;
        }
        let bad = match words.get(1) {
            Some(&"bad") => true,
            Some(&"good") => false,
            _ => continue,
        };
        let file = words.iter().find_map(|w| w.strip_prefix("file=")).map(str::to_string);
        match (file, last_kind) {
            (Some(f), Some(k)) if k == bad && groups.last().is_some_and(|g| !g.1.contains_key(&f)) => {
                groups.last_mut().expect("group").1.insert(f, body);
            }
            (f, _) => {
                let mut m = BTreeMap::new();
                m.insert(f.unwrap_or_else(|| "server.py".into()), body);
                groups.push((bad, m));
            }
        }
        last_kind = Some(bad);
    }
    groups
}

/// Rules whose cause is not a source file (an I/O error, a running server's
/// listing) or not a Python one (MCP033, C#): their examples are text, not
/// executed.
const TEXT_ONLY: &[&str] = &["MCP033", "MCP040", "MCP041", "MCP042", "MCP043", "MCP091"];

#[test]
fn examples_fire_and_stay_silent() {
    let mut failures = Vec::new();
    for (stem, text) in doc_files() {
        let code = &stem[..6];
        let groups = examples(&text);
        if !TEXT_ONLY.contains(&code) {
            assert!(groups.iter().any(|g| g.0) && groups.iter().any(|g| !g.0), "{stem}: needs bad and good examples");
        }
        for (i, (bad, files)) in groups.iter().enumerate() {
            let dir = tempfile::tempdir().expect("tempdir");
            for (name, body) in files {
                let p = dir.path().join(name);
                std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
                std::fs::write(p, body).expect("write");
            }
            let (_, out, err) = run_in(dir.path(), &["check", "--format", "concise", "--exit-zero", "--select", code]);
            let fired = out.lines().any(|l| l.contains(&format!("[{code}]")));
            // A good example stays silent about something: it must hold a tool.
            let tools = out
                .rsplit_once(" in ")
                .and_then(|(_, rest)| rest.split_whitespace().next())
                .and_then(|n| n.parse::<usize>().ok());
            if !*bad && !TEXT_ONLY.contains(&code) && tools.unwrap_or(0) == 0 {
                failures.push(format!("{stem} good example #{}: no tool found\n{out}{err}", i + 1));
            }
            if fired != *bad {
                failures.push(format!(
                    "{stem} example #{} ({}): fired={fired}\n{out}{err}",
                    i + 1,
                    if *bad { "bad" } else { "good" }
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The README's rule table is generated from the docs; a stale one fails.
#[test]
fn readme_rule_table_is_current() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    for i in INFOS.iter() {
        let default = i.severity.map_or_else(|| format!("off ({})", i.level.as_str()), |s| s.as_str().to_string());
        let row = format!(
            "| [{}](rules/{}-{}.md) | `{}` | {} | {} | {} |",
            i.code,
            i.code,
            i.name,
            i.name,
            default,
            i.profiles.join(", "),
            i.summary
        );
        assert!(readme.contains(&row), "README.md rule table is stale; expected row:\n{row}");
    }
}

/// The default word lists of the intent rules are documented on their pages.
#[test]
fn intent_word_lists_are_documented() {
    use mcp_lint::rules::words;
    let lists = [
        ("MCP020", "read-words", words::READ),
        ("MCP020", "write-words", words::WRITE),
        ("MCP021", "destructive-words", words::DESTRUCTIVE),
        ("MCP022", "bulk-verbs", words::BULK_VERBS),
        ("MCP022", "bulk-words", words::BULK_WORDS),
        ("MCP022", "guard-params", words::GUARDS),
    ];
    for (code, key, list) in lists {
        let info = mcp_lint::rules::info(code).expect("rule");
        let doc = info.doc.split_whitespace().collect::<Vec<_>>().join(" ");
        let line = format!("Default `{key}`: {}.", list.join(", "));
        assert!(doc.contains(&line), "{code} doc must say:\n{line}");
    }
}
