//! `examples/notes-server/README.md` works exactly as written: each
//! `$ mcp-lint …` command in it runs from the repository root, prints what
//! the block shows (when it shows output), exits as the text says, and
//! finds exactly the tools the text names. (`scripts/test-notes-server.py`
//! runs the "Run it" commands, in CI.)

use crate::{repo, run_in};

/// (command arguments, the output lines shown under it) per `$ mcp-lint` line.
fn commands(readme: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    let mut in_console = false;
    let mut current: Option<usize> = None;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            current = None;
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            current = None;
            if let Some(args) = cmd.strip_prefix("mcp-lint ") {
                out.push((args.split_whitespace().map(String::from).collect(), vec![]));
                current = Some(out.len() - 1);
            }
        } else if let Some(i) = current {
            out[i].1.push(line.to_string());
        }
    }
    out
}

#[test]
fn the_notes_server_readme_works_as_written() {
    let readme = std::fs::read_to_string(repo().join("examples/notes-server/README.md")).expect("README");
    let cmds = commands(&readme);
    assert!(cmds.len() >= 2, "{cmds:?}");
    for (args, shown) in &cmds {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = run_in(&repo(), &args);
        if !shown.is_empty() {
            assert_eq!(
                out.lines().collect::<Vec<_>>(),
                *shown,
                "`mcp-lint {}` prints otherwise:\n{out}{err}",
                args.join(" ")
            );
        }
        if args.first() == Some(&"check") {
            let stated: i32 = readme
                .split("It exits ")
                .nth(1)
                .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|n| n.parse().ok())
                .expect("the README says how `check` exits");
            assert_eq!(code, stated, "{out}{err}");
        }
    }
    // "Expect findings on `a`, `b` and `c`, and on no other tool."
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let sentence = flat.split("Expect findings on ").nth(1).and_then(|r| r.split(", and on no other").next());
    let mut named: Vec<&str> =
        sentence.expect("the README names the tools with findings").split('`').skip(1).step_by(2).collect();
    named.sort();
    let (_, json, _) = run_in(&repo(), &["check", "--format", "json", "examples/notes-server"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let mut found: Vec<&str> = v["findings"].as_array().unwrap().iter().filter_map(|f| f["tool"].as_str()).collect();
    found.sort();
    found.dedup();
    assert_eq!(found, named, "the README names other tools than those with findings");
}
