//! Loops with a test: unrolled while the test is known and moves, run once
//! with the locals they assign widened otherwise; paths that throw end.

use super::ts_source::run_ts;
use super::*;

const HEAD: &str = r#"import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
"#;

#[test]
fn a_counted_loop_over_a_known_list_runs_once_per_element() {
    let src = format!(
        "{HEAD}
const DEFS = [\"a\", \"b\", \"c\"];
for (let i = 0; i < DEFS.length; i++) {{
  server.registerTool(`${{DEFS[i]}}_${{i + 1}}`, {{}}, async () => ({{}}));
}}
"
    );
    assert_eq!(names(&run_ts(&[("main", &src)])), ["a_1", "b_2", "c_3"]);
}

#[test]
fn a_loop_that_changes_nothing_it_tests_runs_as_an_unknown_number_of_passes() {
    // `queue` is the same list after a pass (`shift` is not followed): the
    // loop is not unrolled, and the counter it bumps is any value in it.
    let src = format!(
        "{HEAD}
const queue = [\"x\"];
let seen = 0;
while (queue.length > 0) {{
  const next = queue.shift();
  if (seen > 0) {{ server.registerTool(\"later\", {{}}, async () => ({{}})); }}
  seen += 1;
}}
"
    );
    assert_eq!(names(&run_ts(&[("main", &src)])), ["later"]);
}

#[test]
fn a_counter_bumped_in_a_loop_over_an_unknown_list_is_unknown_inside_it() {
    let src = format!(
        "{HEAD}
let n = 0;
for (const d of JSON.parse(process.env.DEFS ?? \"[]\")) {{
  if (n === 0) {{ server.registerTool(\"first\", {{}}, async () => ({{}})); }}
  else {{ server.registerTool(\"other\", {{}}, async () => ({{}})); }}
  n++;
}}
"
    );
    assert_eq!(names(&run_ts(&[("main", &src)])), ["first", "other"]);
}

#[test]
fn a_path_that_throws_registers_nothing_after_it() {
    let src = format!(
        "{HEAD}
function add(name: string) {{
  if (name.length > 3) throw new Error(\"too long\");
  server.registerTool(name, {{}}, async () => ({{}}));
}}
add(\"ok\");
add(\"much_too_long\");
try {{ add(\"again_too_long\"); }} catch (e) {{ server.registerTool(\"fallback\", {{}}, async () => ({{}})); }}
"
    );
    assert_eq!(names(&run_ts(&[("main", &src)])), ["fallback", "ok"]);
}

#[test]
fn arithmetic_and_ordering_follow_known_numbers_and_strings() {
    let src = format!(
        "{HEAD}
const name = \"abcdefghij\";
const short = name.length <= 4 ? name : name.slice(0, 4);
if (\"b\" > \"a\" && 2 * 3 - 1 === 5 && 1.5 < 2) {{
  server.registerTool(`${{short}}_${{name.substring(8)}}_${{name.charAt(1)}}`, {{}}, async () => ({{}}));
}}
if (10 < 9) {{ server.registerTool(\"never\", {{}}, async () => ({{}})); }}
"
    );
    assert_eq!(names(&run_ts(&[("main", &src)])), ["abcd_ij_b"]);
}

#[test]
fn long_strings_built_by_string_methods_are_charged_to_the_budget() {
    // Each pass pads a string to 60,000 characters and splits it: without
    // charging what they build, every pass is a handful of steps.
    let src = format!(
        "{HEAD}
for (let i = 0; i < 1000; i++) {{
  const parts = \"ab\".padStart(60000, \"xy\").split(\"\");
  server.registerTool(`t${{i}}`, {{}}, async () => ({{}}));
}}
"
    );
    let budget = Budget { max_steps: 250_000, max_root_steps: 250_000, ..Budget::default() };
    let out = super::ts_source::run_ts_within(&[("main", &src)], budget);
    assert!(names(&out).len() < 10, "{} tools", names(&out).len());
}

#[test]
fn a_wildcard_import_run_again_by_a_loop_is_kept_once() {
    // Error recovery can leave an `export *` inside a loop body (a fuzz
    // input did): every pass imported the module again, and each name the
    // next pass looked up scanned all of them: 6 s for ten lines.
    let src = format!(
        "{HEAD}
for (let k = 0; k < 500; k++) {{
  export * from \"mcp-handler\";
}}
server.registerTool(\"t\", {{}}, async () => ({{}}));
"
    );
    // The handler closes over the module's frame: it outlives the run.
    let out = run_ts(&[("main", &src)]);
    assert_eq!(out.frames.most_globs(), 1);
}

/// A loop that keeps every closure a call makes (each holding that call's
/// frame) in a list that outlives it.
const KEPT_CLOSURES: &str = "
const kept = [];
function make(n) { return () => n; }
for (let i = 0; i < 60; i++) {
  for (let j = 0; j < 60; j++) {
    kept.push(make({ j }));
  }
}
server.registerTool('after', {}, async () => ({ content: [] }));
";

#[test]
fn frames_kept_alive_past_the_budget_stop_the_run() {
    let src = format!("{HEAD}{KEPT_CLOSURES}");
    let out =
        super::ts_source::run_ts_within(&[("main", &src)], Budget { max_live_frames: 1_000, ..Budget::default() });
    assert!(out.exhausted);
    assert!(names(&out).is_empty(), "{:?}", names(&out));
    // Within the default budget's frames the loop runs to its end and the
    // tool after it is found.
    let out = super::ts_source::run_ts_within(&[("main", &src)], Budget::default());
    assert_eq!(names(&out), ["after"]);
}
