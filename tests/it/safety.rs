//! Nothing outside the linted roots is read, printed or written; special
//! files and bad flags get a one-line error and exit 2. Every run here has
//! a watchdog: a hang (a FIFO read, `/dev/zero` eaten) fails the test
//! instead of blocking the suite.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BARE: &str = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('n')\n\n@mcp.tool()\ndef delete_note(note_id: str) -> str:\n    return note_id\n";

/// Run `mcp-lint ARGS` in `dir`, killed after 20 s; (exit code, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("mcp-lint"))
        .current_dir(dir)
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mcp-lint starts");
    // Drained while waiting: a full pipe must not look like a hang.
    let drain = |r: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut r) = r {
                let _ = r.read_to_end(&mut buf);
            }
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = drain(child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>));
    let err = drain(child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("mcp-lint {args:?} hung (killed after 20 s)");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (status.code().unwrap_or(-1), out.join().expect("stdout"), err.join().expect("stderr"))
}

/// `root/proj` is linted; `root/outside` holds a server and a secret.
fn layout() -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("tempdir");
    let p = root.path();
    std::fs::create_dir_all(p.join("proj")).expect("mkdir");
    std::fs::create_dir_all(p.join("outside")).expect("mkdir");
    std::fs::write(p.join("proj/server.py"), BARE).expect("write");
    std::fs::write(p.join("outside/secret.py"), BARE.replace("delete_note", "leak_secret")).expect("write");
    std::fs::write(p.join("outside/secret.toml"), "SECRET_TOKEN=hunter2 oops\n").expect("write");
    std::fs::write(p.join("victim"), "precious\n").expect("write");
    root
}

fn link(target: &str, at: &Path) {
    std::os::unix::fs::symlink(target, at).expect("symlink");
}

fn notes(stderr: &str, needle: &str) -> usize {
    stderr.lines().filter(|l| l.starts_with("note: ") && l.contains(needle)).count()
}

#[test]
fn a_link_to_a_directory_outside_is_not_walked() {
    let root = layout();
    let proj = root.path().join("proj");
    link("../outside", &proj.join("vendor"));
    let (code, out, err) = run(&proj, &["check", "--format", "concise"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(!out.contains("leak_secret") && out.contains("delete_note"), "{out}");
    assert_eq!(notes(&err, "vendor: not followed"), 1, "{err}");
    assert!(err.contains("--follow-links"), "{err}");
    let (_, _, err) = run(&proj, &["tools"]);
    assert_eq!(notes(&err, "vendor: not followed"), 1, "{err}");
    // Opted in, the link is followed.
    let (_, out, err) = run(&proj, &["check", "--format", "concise", "--follow-links"]);
    assert!(out.contains("leak_secret"), "{out}{err}");
    assert_eq!(notes(&err, "not followed"), 0, "{err}");
    // Named on the command line, a link is the user's choice: walked.
    let (_, out, err) = run(&proj, &["check", "--format", "concise", "vendor"]);
    assert!(out.contains("secret.py:4:1") && out.contains("leak_secret"), "{out}{err}");
}

#[test]
fn a_link_to_a_file_outside_is_not_read() {
    let root = layout();
    let proj = root.path().join("proj");
    link("../outside/secret.py", &proj.join("tools.py"));
    for format in ["full", "concise", "json"] {
        let (code, out, err) = run(&proj, &["check", "--format", format]);
        assert_eq!(code, 1, "{out}{err}");
        assert!(!out.contains("leak_secret"), "{format}: {out}");
        assert_eq!(notes(&err, "tools.py: not followed"), 1, "{err}");
    }
    let (_, table, _) = run(&proj, &["tools"]);
    assert!(!table.contains("leak_secret") && table.contains("delete_note"), "{table}");
}

#[test]
fn links_inside_the_tree_are_linted_once_and_quietly() {
    let root = layout();
    let proj = root.path().join("proj");
    link("server.py", &proj.join("alias.py"));
    std::fs::create_dir_all(proj.join("pkg")).expect("mkdir");
    link("..", &proj.join("pkg/up"));
    let (code, out, err) = run(&proj, &["check", "--format", "concise"]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(out.matches("warning[MCP001]").count(), 1, "{out}");
    assert_eq!(notes(&err, "not followed"), 0, "{err}");
    // Followed, the loop is an error (MCP091) and the alias is still linted once.
    let (code, out, err) = run(&proj, &["check", "--format", "concise", "--follow-links"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.contains("pkg/up:1:1: error[MCP091] cannot read `pkg/up`: symbolic link loop"), "{out}");
    assert_eq!(out.matches("warning[MCP001]").count(), 1, "{out}");
}

#[test]
fn a_config_link_leaving_the_project_is_not_read() {
    let root = layout();
    let proj = root.path().join("proj");
    link("../outside/secret.toml", &proj.join("mcp-lint.toml"));
    let (code, out, err) = run(&proj, &["check"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(!out.contains("hunter2") && !err.contains("hunter2"), "{out}{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("`mcp-lint.toml`") && err.contains("symbolic link"), "{err}");
    // The same through `--config`, relative or absolute below the working directory.
    std::fs::remove_file(proj.join("mcp-lint.toml")).expect("rm");
    link("../outside/secret.toml", &proj.join("ci.toml"));
    let abs = proj.join("ci.toml");
    for config in ["ci.toml", "../outside/secret.toml", abs.to_str().expect("utf8")] {
        let (code, out, err) = run(&proj, &["check", "--config", config]);
        assert_eq!(code, 2, "{config}: {out}{err}");
        assert!(!out.contains("hunter2") && !err.contains("hunter2"), "{config}: {out}{err}");
        assert!(err.contains("leads out of the working directory"), "{err}");
    }
    // A pyproject that is such a link is no config of ours: skipped.
    link("../outside/secret.toml", &proj.join("pyproject.toml"));
    let (code, out, err) = run(&proj, &["check", "--format", "concise"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(!out.contains("hunter2") && !err.contains("hunter2"), "{out}{err}");
}

#[test]
fn a_config_link_inside_the_project_is_read() {
    let root = layout();
    let proj = root.path().join("proj");
    std::fs::create_dir_all(proj.join("ci")).expect("mkdir");
    std::fs::write(proj.join("ci/lint.toml"), "select = [\"MCP002\"]\n").expect("write");
    link("ci/lint.toml", &proj.join("mcp-lint.toml"));
    let (_, out, err) = run(&proj, &["check", "--format", "concise"]);
    assert!(!out.contains("MCP001") && out.contains("MCP002"), "{out}{err}");
    // An absolute `--config` elsewhere is the user's explicit choice.
    let (_, out, err) = run(&proj, &["check", "--format", "concise", "--config", &path(&proj.join("ci/lint.toml"))]);
    assert!(!out.contains("MCP001") && out.contains("MCP002"), "{out}{err}");
}

fn path(p: &Path) -> String {
    p.to_str().expect("utf8").to_string()
}

#[test]
fn outputs_are_never_written_through_a_link_or_out_of_the_tree() {
    let root = layout();
    let proj = root.path().join("proj");
    link("../victim", &proj.join("mcp-lint.sarif"));
    std::fs::write(proj.join("inner.txt"), "inner\n").expect("write");
    link("inner.txt", &proj.join("inner-link.txt"));
    link("..", &proj.join("up"));
    let cases: &[&[&str]] = &[
        &["--format", "sarif", "--output", "mcp-lint.sarif"],
        &["-o", "inner-link.txt"],
        &["--summary", "mcp-lint.sarif"],
        &["--write-baseline", "mcp-lint.sarif"],
        &["--write-baseline", "inner-link.txt"],
        // What the Action runs for `sarif-file: ../x.sarif` or through a committed `up -> ..`.
        &["--exit-zero", "--format", "sarif", "--output", "../x.sarif", "--", "."],
        &["-o", "up/x.sarif"],
        &["--summary", "../summary.md"],
        &["--write-baseline", "../baseline.json"],
    ];
    for args in cases {
        let mut all = vec!["check"];
        all.extend_from_slice(args);
        let (code, out, err) = run(&proj, &all);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("error: cannot write"), "{args:?}: {err}");
        assert_eq!(std::fs::read_to_string(root.path().join("victim")).expect("victim"), "precious\n");
        assert_eq!(std::fs::read_to_string(proj.join("inner.txt")).expect("inner"), "inner\n");
        for name in ["x.sarif", "summary.md", "baseline.json"] {
            assert!(!root.path().join(name).exists(), "{args:?} wrote {name}");
        }
    }
    // Ordinary outputs still work: in the tree, and absolute elsewhere.
    let (code, _, err) = run(&proj, &["check", "-o", "report.txt", "--summary", &path(&root.path().join("sum.md"))]);
    assert_eq!(code, 1, "{err}");
    assert!(std::fs::read_to_string(proj.join("report.txt")).expect("report").contains("MCP001"));
    assert!(std::fs::read_to_string(root.path().join("sum.md")).expect("summary").contains("## mcp-lint"));
    let (code, _, err) = run(&proj, &["check", "-o", "/dev/null"]);
    assert_eq!(code, 1, "{err}");
}

/// A FIFO, devices and a directory where a file is expected: one line, exit 2.
#[test]
fn special_files_are_refused_at_once() {
    let root = layout();
    let proj = root.path().join("proj");
    let status = Command::new("mkfifo").arg(proj.join("pipe.py")).status().expect("mkfifo runs");
    assert!(status.success());
    std::fs::create_dir_all(proj.join("adir")).expect("mkdir");
    let specials = [
        ("pipe.py", "is a FIFO (named pipe), not a regular file"),
        ("/dev/zero", "is a character device, not a regular file"),
        ("/dev/null", "is a character device, not a regular file"),
        ("adir", "is a directory, not a file"),
    ];
    for (file, why) in specials {
        for flag in ["--config", "--baseline"] {
            let (code, out, err) = run(&proj, &["check", flag, file]);
            assert_eq!(code, 2, "{flag} {file}: {out}{err}");
            assert_eq!(err.trim().lines().count(), 1, "{flag} {file}: {err}");
            assert!(err.contains(file) && err.contains(why), "{flag} {file}: {err}");
        }
        if file != "adir" {
            // Named as a file to lint: MCP091, one line in the concise format.
            let (code, out, err) = run(&proj, &["check", "--format", "concise", file]);
            assert_eq!(code, 2, "{file}: {out}{err}");
            let line = out.lines().find(|l| l.contains("MCP091")).unwrap_or_else(|| panic!("{file}: {out}{err}"));
            assert!(line.contains(why), "{line}");
        }
    }
    // Outputs: a FIFO and a directory are refused without blocking.
    for flag in ["-o", "--write-baseline", "--summary"] {
        for file in ["pipe.py", "adir"] {
            let (code, _, err) = run(&proj, &["check", flag, file]);
            assert_eq!(code, 2, "{flag} {file}: {err}");
            assert!(err.contains("cannot write") && err.contains(file), "{flag} {file}: {err}");
        }
    }
    // The walk never opens the FIFO: a run over the tree finishes.
    let (code, out, err) = run(&proj, &["check", "--format", "concise"]);
    assert_eq!(code, 1, "{out}{err}");
}

#[test]
fn invalid_flags_are_refused_by_name() {
    let root = layout();
    let proj = root.path().join("proj");
    let cases: &[(&[&str], &str)] = &[
        (&["--exclude", "src/[", "."], "invalid --exclude glob `src/[`"),
        (&["--exclude", "ok/**", "--exclude", "a{b", "."], "invalid --exclude glob `a{b`"),
        (&["--threads", "0"], "0 threads"),
        (&["-j", "-1"], "`-1` is not a number of threads"),
        (&["--max-file-size", "-5"], "`-5` is not a size"),
        (&["--select", ",,,"], "`--select` names no rules"),
        (&["--ignore", ","], "`--ignore` names no rules"),
        (&["--extend-select", " , "], "`--extend-select` names no rules"),
    ];
    for (args, message) in cases {
        let mut all = vec!["check"];
        all.extend_from_slice(args);
        let (code, out, err) = run(&proj, &all);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("'-- -1'"), "{args:?}: clap's wrong tip: {err}");
    }
    for sub in ["check", "tools"] {
        let (code, _, err) = run(&proj, &[sub, "--exclude", "["]);
        assert_eq!(code, 2, "{sub}: {err}");
    }
    // Valid values still run.
    let (code, out, err) = run(&proj, &["check", "--exclude", "tests/**", "-j", "1", "--select", "MCP001,", "."]);
    assert_eq!(code, 1, "{out}{err}");
}

#[test]
fn unsupported_files_say_what_is_read() {
    let root = layout();
    let proj = root.path().join("proj");
    std::fs::write(proj.join("notes.txt"), "hi\n").expect("write");
    let (code, out, _) = run(&proj, &["check", "--format", "concise", "notes.txt"]);
    assert_eq!(code, 2);
    assert!(out.contains("not a file type mcp-lint reads (.py, .ts, .tsx,") && out.contains(".go, .rs)"), "{out}");
}

#[test]
fn config_errors_use_toml_words() {
    let root = layout();
    let proj = root.path().join("proj");
    for (file, text) in [
        ("mcp-lint.toml", "intent = 3\n"),
        ("mcp-lint.toml", "select = \"MCP001\"\n"),
        ("pyproject.toml", "[tool]\nmcp-lint = 3\n"),
    ] {
        std::fs::write(proj.join(file), text).expect("write");
        let (code, _, err) = run(&proj, &["check", "--color", "never"]);
        assert_eq!(code, 2, "{text}: {err}");
        assert!(!err.contains("struct") && !err.contains("Raw") && !err.contains("sequence"), "{text}: {err}");
        assert!(err.contains("expected a table") || err.contains("expected an array"), "{text}: {err}");
        std::fs::remove_file(proj.join(file)).expect("rm");
    }
}

/// A name with a terminal escape, a newline, a backslash and a byte that is
/// not UTF-8: escaped in every format, and recoverable from the JSON.
#[test]
fn file_names_are_escaped_in_every_format() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let raw: &[u8] = b"a\x1b[31mred\nb\\c\xe9.py";
    std::fs::write(dir.path().join(std::ffi::OsStr::from_bytes(raw)), BARE).expect("write");
    let shown = "a\\x1B[31mred\\x0Ab\\\\c\\xE9.py";
    let formats: &[&[&str]] = &[
        &["check", "--format", "full", "--color", "always"],
        &["check", "--format", "concise"],
        &["check", "--format", "github"],
        &["check", "--format", "markdown"],
        &["check", "--format", "json"],
        &["check", "--format", "sarif"],
        &["tools"],
        &["tools", "--format", "json"],
    ];
    for args in formats {
        let (_, out, err) = run(dir.path(), args);
        let names: Vec<&str> = out.lines().filter(|l| l.contains("red")).collect();
        assert!(!names.is_empty(), "{args:?}: {out}{err}");
        for l in names {
            assert!(!l.contains("\x1b[31mred"), "{args:?}: raw escape in {l:?}");
        }
        if args.contains(&"sarif") {
            assert!(out.contains("a%1B%5B31mred%0Ab%5Cc%E9.py"), "{out}");
        } else if args.contains(&"json") {
            let v: serde_json::Value = serde_json::from_str(&out).expect("json");
            let list = if args[0] == "tools" { &v["tools"] } else { &v["findings"] };
            let file = list[0]["file"].as_str().expect("file");
            assert_eq!(file, shown);
            assert_eq!(mcp_lint::source::unescape(file), raw, "lossless");
        } else {
            assert!(out.contains(shown), "{args:?}: {out}");
        }
    }
}

/// A terminal escape in the source (a tool's name) does not reach the
/// terminal through a message either; JSON keeps the exact text.
#[test]
fn control_characters_from_the_source_are_escaped_in_text_formats() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = BARE.replace("@mcp.tool()", "@mcp.tool(name=\"x\x1b[31mRED\u{202e}\")");
    std::fs::write(dir.path().join("server.py"), server).expect("write");
    let formats: &[&[&str]] = &[
        &["check", "--format", "full"],
        &["check", "--format", "concise"],
        &["check", "--format", "github"],
        &["check", "--format", "markdown"],
        &["tools"],
    ];
    for args in formats {
        let (_, out, err) = run(dir.path(), args);
        assert!(out.contains("RED"), "{args:?}: {out}{err}");
        assert!(!out.contains('\x1b') && !out.contains('\u{202e}'), "{args:?}: {out:?}");
    }
    let (_, out, _) = run(dir.path(), &["tools", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["tools"][0]["name"], "x\x1b[31mRED\u{202e}");
}
