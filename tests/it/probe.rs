//! `mcp-lint probe` against servers that really run: our stdlib server in
//! every mode (stdio, Streamable HTTP, HTTP+SSE, broken ones), and — in
//! `real` — the reference memory server from npm at two versions and our
//! notes server on the `mcp` SDK from PyPI. After every probe the servers'
//! logs must show that nothing but the allow-listed methods was sent and
//! that no tool was called.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::{bin, repo};

const ALLOWED: [&str; 3] = ["initialize", "notifications/initialized", "tools/list"];

fn raw_server() -> String {
    repo().join("tests/fixtures/probe/raw/server.py").display().to_string()
}

/// A scratch dir with the method and call logs the servers write.
struct Logs {
    dir: tempfile::TempDir,
}

impl Logs {
    fn new() -> Logs {
        Logs { dir: tempfile::tempdir().expect("tempdir") }
    }
    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
    fn cmd(&self) -> assert_cmd::Command {
        let mut c = bin();
        c.env("PROBE_METHOD_LOG", self.path("methods.log"))
            .env("PROBE_CALL_LOG", self.path("calls.log"))
            .env("NOTES_CALL_LOG", self.path("calls.log"));
        c
    }
    fn methods(&self) -> Vec<String> {
        std::fs::read_to_string(self.path("methods.log")).unwrap_or_default().lines().map(str::to_string).collect()
    }
    /// The guarantee: only allow-listed methods, never a tool call.
    fn assert_safe(&self) {
        let methods = self.methods();
        for m in &methods {
            assert!(ALLOWED.contains(&m.as_str()) || m == "HTTP DELETE", "the probe sent `{m}`: {methods:?}");
        }
        let calls = std::fs::read_to_string(self.path("calls.log")).unwrap_or_default();
        assert!(calls.is_empty(), "a tool was called:\n{calls}");
    }
}

fn run(cmd: &mut assert_cmd::Command) -> (i32, String, String) {
    let out = cmd.output().expect("mcp-lint runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The process is gone or a zombie (reparented to an init that does not reap).
fn is_dead(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.rsplit_once(')').is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(repo().join("tests/snapshots/probe"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(name, text));
}

#[test]
fn many_pages_are_followed_and_only_allowed_methods_sent() {
    let logs = Logs::new();
    let start = Instant::now();
    let (code, out, err) =
        run(logs.cmd().args(["probe", "--format", "json", "--", "python3", &raw_server(), "pages", "7"]));
    let elapsed = start.elapsed();
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["summary"]["tools"], 350);
    assert_eq!(v["wire"]["pages"].as_array().map(Vec::len), Some(7));
    assert_eq!(v["wire"]["pages"][6]["tools"][0]["name"], "read_record_300");
    assert_eq!(
        logs.methods(),
        ["initialize", "notifications/initialized"].into_iter().chain(["tools/list"; 7]).collect::<Vec<_>>()
    );
    logs.assert_safe();
    // Python's own start-up is well under a second; the probe adds little.
    assert!(elapsed < Duration::from_secs(5), "probe took {elapsed:?}");
}

#[test]
fn wire_only_findings_point_at_the_listing() {
    let logs = Logs::new();
    let (code, out, err) = run(logs.cmd().args(["probe", "--color", "never", "--", "python3", &raw_server(), "odd"]));
    assert_eq!(code, 1, "{out}{err}");
    logs.assert_safe();
    snapshot("odd-full", &out);
    for code in ["MCP043", "MCP013", "MCP012"] {
        assert!(out.contains(&format!("[{code}]")), "{code} missing:\n{out}");
    }
}

#[test]
fn renderers_fall_back_to_the_tool_name_without_a_file() {
    let logs = Logs::new();
    let (_, sarif, _) = run(logs.cmd().args(["probe", "--format", "sarif", "--", "python3", &raw_server(), "odd"]));
    let v: Value = serde_json::from_str(&sarif).expect("sarif");
    let results = v["runs"][0]["results"].as_array().expect("results");
    assert!(!results.is_empty());
    for r in results {
        let loc = &r["locations"][0];
        assert!(loc.get("physicalLocation").is_none(), "{loc}");
        assert_eq!(loc["logicalLocations"][0]["name"], r["properties"]["tool"], "{r}");
    }
    let (_, github, _) = run(logs.cmd().args(["probe", "--format", "github", "--", "python3", &raw_server(), "odd"]));
    let lines: Vec<&str> = github.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(lines.len(), results.len(), "{github}");
    assert!(lines.iter().all(|l| !l.contains("file=") && l.contains("title=MCP")), "{github}");
    logs.assert_safe();
}

#[test]
fn a_server_that_never_answers_times_out_and_its_group_is_killed() {
    let logs = Logs::new();
    let pidfile = logs.path("grandchild.pid");
    let start = Instant::now();
    // A shell starts in milliseconds, so its child exists long before the
    // timeout even on a loaded machine.
    let script = format!("sleep 600 & echo $! > '{}'; sleep 600", pidfile.display());
    let (code, _, err) = run(logs.cmd().args(["probe", "--init-timeout", "2", "--", "sh", "-c", &script]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no answer to `initialize` within 2.0 s"), "{err}");
    // Far under the server's own 600 s: the probe did not wait for it to
    // end (not a speed check; a loaded machine may take seconds).
    assert!(start.elapsed() < Duration::from_secs(120), "{:?}", start.elapsed());
    let pid = std::fs::read_to_string(&pidfile).expect("the server started its child");
    assert!(is_dead(pid.trim()), "the server's child {pid} survived the probe");
}

#[test]
fn ctrl_c_kills_the_server_group_and_exits_130() {
    let logs = Logs::new();
    let pidfile = logs.path("grandchild.pid");
    let exe = assert_cmd::cargo::cargo_bin("mcp-lint");
    let child = std::process::Command::new(exe)
        .args(["probe", "--", "python3", &raw_server(), "sleep", pidfile.to_str().expect("utf-8")])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mcp-lint starts");
    // The shell creates the file before it writes the pid: wait for the pid.
    let until = Instant::now() + Duration::from_secs(60);
    let read = || std::fs::read_to_string(&pidfile).ok().filter(|p| !p.trim().is_empty());
    while read().is_none() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = read().expect("the server started its child");
    let status = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill");
    assert!(status.success());
    let out = child.wait_with_output().expect("mcp-lint exits");
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(is_dead(pid.trim()), "the server's child {pid} survived Ctrl-C");
}

#[test]
fn broken_servers_get_clear_errors_with_their_stderr() {
    let logs = Logs::new();
    let cases: [(&str, &[&str]); 5] = [
        ("exits at once", &["python3", &raw_server(), "exit"]),
        ("writes garbage to stdout", &["python3", &raw_server(), "garbage"]),
        ("answers with an error", &["python3", &raw_server(), "error"]),
        ("sends a message over the cap", &["python3", &raw_server(), "huge"]),
        ("does not exist", &["/nonexistent/mcp-server"]),
    ];
    let mut text = String::new();
    for (name, cmd) in cases {
        let mut args = vec!["probe", "--max-message", "100000", "--list-timeout", "5", "--"];
        args.extend_from_slice(cmd);
        let (code, out, err) = run(logs.cmd().args(&args));
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(out.is_empty(), "{name}: {out}");
        text.push_str(&format!("== {name}\n{}\n", err.replace(&raw_server(), "server.py")));
    }
    snapshot("broken-servers", &text);
    logs.assert_safe();
}

/// An HTTP server of ours, killed and reaped when dropped (also when a test fails).
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Start an HTTP mode of the raw server; returns it and its port.
fn http_server(logs: &Logs, mode: &str) -> (Server, u16) {
    let portfile = logs.path(&format!("{mode}.port"));
    let mut child = std::process::Command::new("python3")
        .args([&raw_server(), mode, portfile.to_str().expect("utf-8")])
        .env("PROBE_METHOD_LOG", logs.path("methods.log"))
        .env("PROBE_CALL_LOG", logs.path("calls.log"))
        .stdout(Stdio::null())
        .spawn()
        .expect("python3 starts");
    let until = Instant::now() + Duration::from_secs(10);
    while Instant::now() < until {
        if let Ok(p) = std::fs::read_to_string(&portfile) {
            return (Server(child), p.trim().parse().expect("port"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the {mode} server did not start");
}

#[test]
fn streamable_http_with_a_session_id_and_event_stream_replies() {
    let logs = Logs::new();
    let (server, port) = http_server(&logs, "http");
    let url = format!("http://127.0.0.1:{port}/mcp");
    let (code, out, err) = run(logs.cmd().args(["probe", "--format", "json", "--url", &url]));
    drop(server);
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    // The server refuses `tools/list` without the session id it handed out.
    assert_eq!(v["summary"]["tools"], 100);
    assert_eq!(v["wire"]["protocolVersion"], "2025-11-25");
    assert_eq!(logs.methods(), ["initialize", "notifications/initialized", "tools/list", "tools/list", "HTTP DELETE"]);
    logs.assert_safe();
}

#[test]
fn falls_back_to_http_sse_when_post_is_refused() {
    let logs = Logs::new();
    let (server, port) = http_server(&logs, "sse");
    let url = format!("http://127.0.0.1:{port}/sse");
    let (code, out, err) = run(logs.cmd().args(["probe", "--format", "json", "--url", &url]));
    drop(server);
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["summary"]["tools"], 100);
    let mut methods = logs.methods();
    methods.sort();
    assert_eq!(methods, ["initialize", "notifications/initialized", "tools/list", "tools/list"]);
    logs.assert_safe();
}

#[test]
fn an_http_server_that_is_not_there() {
    let (code, _, err) = run(bin().args(["probe", "--url", "http://127.0.0.1:9/mcp", "--init-timeout", "2"]));
    assert_eq!(code, 2);
    assert!(err.contains("cannot connect to 127.0.0.1:9"), "{err}");
    let (code, _, err) = run(bin().args(["probe", "--url", "https://example.com/mcp"]));
    assert_eq!(code, 2);
    assert!(err.contains("https is not supported"), "{err}");
    let (code, _, err) = run(bin().args(["probe"]));
    assert_eq!(code, 2);
    assert!(err.contains("name the server to probe"), "{err}");
}

#[test]
fn a_saved_listing_is_checked_without_the_server() {
    let logs = Logs::new();
    let saved = logs.path("wire.json");
    let (code, _, err) = run(logs.cmd().args([
        "probe",
        "--exit-zero",
        "--save",
        saved.to_str().expect("utf-8"),
        "--",
        "python3",
        &raw_server(),
        "odd",
    ]));
    assert_eq!(code, 0, "{err}");
    let live = run(logs.cmd().args(["probe", "--format", "concise", "--", "python3", &raw_server(), "odd"])).1;
    let empty = tempfile::tempdir().expect("tempdir");
    let (code, out, err) = run(bin().current_dir(empty.path()).args([
        "check",
        "--format",
        "concise",
        "--wire",
        saved.to_str().expect("utf-8"),
    ]));
    assert_eq!(code, 1, "{err}");
    let findings = |s: &str| s.lines().filter(|l| l.contains('[')).map(str::to_string).collect::<Vec<_>>();
    assert!(!findings(&live).is_empty());
    assert_eq!(findings(&out), findings(&live));
    // A bare `tools/list` result is accepted too; anything else is refused by name.
    let bare = logs.path("bare.json");
    std::fs::write(&bare, r#"{"tools": [{"name": "x", "annotations": {"readOnlyHint": true}}]}"#).expect("write");
    let (_, out, _) = run(bin().current_dir(empty.path()).args([
        "check",
        "--format",
        "concise",
        "--wire",
        bare.to_str().expect("utf-8"),
    ]));
    assert!(out.contains("in 1 tool"), "{out}");
    let (code, _, err) = run(bin().args(["check", "--wire", "Cargo.toml"]).current_dir(repo()));
    assert_eq!(code, 2);
    assert!(err.contains("`Cargo.toml` is not JSON"), "{err}");
    logs.assert_safe();
}

/// The real servers, installed by `scripts/probe-servers-setup.sh` into
/// `$MCP_LINT_PROBE_SERVERS`. `.ci/run` sets it and runs these with
/// `--ignored`; run without it they fail, never pass vacuously.
mod real {
    use super::*;

    fn servers() -> PathBuf {
        let dir = std::env::var_os("MCP_LINT_PROBE_SERVERS").unwrap_or_else(|| {
            panic!("MCP_LINT_PROBE_SERVERS is not set: run scripts/probe-servers-setup.sh DIR and set it to DIR")
        });
        let dir = PathBuf::from(dir);
        assert!(dir.join("ready").exists(), "{}: the setup did not finish", dir.display());
        dir
    }

    fn memory(version: &str) -> PathBuf {
        servers().join(version).join("node_modules/@modelcontextprotocol/server-memory/dist")
    }

    fn probe_json(logs: &Logs, args: &[&str]) -> Value {
        let mut all = vec!["probe", "--format", "json", "--exit-zero"];
        all.extend_from_slice(args);
        let (code, out, err) = run(logs.cmd().env("MEMORY_FILE_PATH", logs.path("memory.jsonl")).args(&all));
        assert_eq!(code, 0, "{out}{err}");
        logs.assert_safe();
        assert!(!logs.path("memory.jsonl").exists(), "the memory server wrote its store");
        serde_json::from_str(&out).expect("json")
    }

    fn codes(v: &Value) -> Vec<String> {
        let mut c: Vec<String> = v["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|f| f["code"].as_str().expect("code").to_string())
            .collect();
        c.sort();
        c.dedup();
        c
    }

    fn listed_hints(v: &Value) -> usize {
        v["wire"]["pages"]
            .as_array()
            .expect("pages")
            .iter()
            .flat_map(|p| p["tools"].as_array().expect("tools"))
            .map(|t| t["annotations"].as_object().map_or(0, |a| a.keys().filter(|k| k.ends_with("Hint")).count()))
            .sum()
    }

    #[test]
    #[ignore = "needs the real servers of scripts/probe-servers-setup.sh (.ci/run runs it)"]
    fn old_memory_server_lists_no_hints() {
        let logs = Logs::new();
        let dist = memory("memory-old");
        let index = dist.join("index.js");
        let v = probe_json(&logs, &["--", "node", index.to_str().expect("utf-8")]);
        assert_eq!(v["summary"]["tools"], 9);
        assert_eq!(listed_hints(&v), 0);
        let missing = v["findings"].as_array().expect("findings").iter().filter(|f| f["code"] == "MCP001").count();
        assert_eq!(missing, 9, "{v:#}");
        // With its source: every tool is matched, and the findings move there.
        let src = dist.to_str().expect("utf-8");
        let v = probe_json(&logs, &["--source", src, "--", "node", index.to_str().expect("utf-8")]);
        // MCP001 names the cause; MCP020 rides along as its note.
        assert_eq!(codes(&v), ["MCP001"], "{v:#}");
        assert!(v["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .all(|f| f["file"].as_str().expect("file").ends_with("index.js")));
    }

    #[test]
    #[ignore = "needs the real servers of scripts/probe-servers-setup.sh (.ci/run runs it)"]
    fn current_memory_server_lists_all_four_hints() {
        let logs = Logs::new();
        let dist = memory("memory-new");
        let index = dist.join("index.js");
        let v = probe_json(&logs, &["--", "node", index.to_str().expect("utf-8")]);
        assert_eq!(v["summary"]["tools"], 9);
        assert_eq!(listed_hints(&v), 36);
        // Every hint declared: nothing a reviewer would act on (MCP010 is not in the default profile).
        assert!(codes(&v).is_empty(), "a fully annotated server: {v:#}");
        let v = probe_json(
            &logs,
            &["--source", dist.to_str().expect("utf-8"), "--", "node", index.to_str().expect("utf-8")],
        );
        assert!(codes(&v).is_empty(), "source and wire agree: {v:#}");
    }

    #[test]
    #[ignore = "needs the real servers of scripts/probe-servers-setup.sh (.ci/run runs it)"]
    fn old_source_against_the_current_listing_shows_every_hint_as_a_difference() {
        let logs = Logs::new();
        let saved = logs.path("new.json");
        let index = memory("memory-new").join("index.js");
        probe_json(&logs, &["--save", saved.to_str().expect("utf-8"), "--", "node", index.to_str().expect("utf-8")]);
        let old = memory("memory-old");
        let (code, out, err) = run(bin().args([
            "check",
            "--format",
            "json",
            "--wire",
            saved.to_str().expect("utf-8"),
            old.to_str().expect("utf-8"),
        ]));
        assert_eq!(code, 1, "{err}");
        let v: Value = serde_json::from_str(&out).expect("json");
        let diffs = v["findings"].as_array().expect("findings").iter().filter(|f| f["code"] == "MCP042").count();
        assert_eq!(diffs, 36, "{v:#}");
    }

    #[test]
    #[ignore = "needs the real servers of scripts/probe-servers-setup.sh (.ci/run runs it)"]
    fn python_sdk_drops_the_misspelt_key_and_no_tool_is_called() {
        let logs = Logs::new();
        let python = servers().join("venv/bin/python");
        let src = repo().join("tests/fixtures/probe/sdk-server");
        let server = src.join("server.py");
        let (code, out, err) = run(logs.cmd().current_dir(repo()).args([
            "probe",
            "--format",
            "concise",
            "--source",
            "tests/fixtures/probe/sdk-server",
            "--",
            python.to_str().expect("utf-8"),
            server.to_str().expect("utf-8"),
        ]));
        assert_eq!(code, 1, "{out}{err}");
        logs.assert_safe();
        snapshot("sdk-server-diff", &out);
        assert!(out
            .contains("the source declares `readonlyHint` (misspelt) for tool `search_notes`, and the SDK dropped it"));
        // `check --probe` is the same comparison from the other side.
        let (code, out2, err) = run(logs.cmd().current_dir(repo()).args([
            "check",
            "--format",
            "concise",
            "tests/fixtures/probe/sdk-server",
            "--probe",
            "--",
            python.to_str().expect("utf-8"),
            server.to_str().expect("utf-8"),
        ]));
        assert_eq!(code, 1, "{err}");
        assert_eq!(out, out2);
        logs.assert_safe();
    }
}
