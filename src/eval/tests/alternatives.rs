//! Values chosen by a runtime condition are alternatives, each followed.

use super::ts_source::run_ts;
use super::*;

const HEAD: &str = r#"import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
"#;

#[test]
fn a_method_called_on_alternative_receivers_runs_on_each() {
    let src = format!(
        "{HEAD}
const A = [{{ name: \"a\" }}];
const B = [{{ name: \"b\" }}, {{ name: \"c\" }}];
function pick(k: string) {{ if (k) return A; return B; }}
pick(process.env.K ?? \"\").forEach((t) => server.registerTool(t.name, {{}}, async () => ({{}})));
"
    );
    let out = run_ts(&[("main", &src)]);
    assert_eq!(names(&out), ["a", "b", "c"]);
}

#[test]
fn an_unknown_key_into_a_record_is_any_of_its_values_or_missing() {
    let src = format!(
        "{HEAD}
class P {{ go(s) {{ s.registerTool(\"p\", {{}}, async () => ({{}})); }} }}
class Q {{ go(s) {{ s.registerTool(\"q\", {{}}, async () => ({{}})); }} }}
class D {{ go(s) {{ s.registerTool(\"d\", {{}}, async () => ({{}})); }} }}
const byKey = {{ p: new P(), q: new Q() }};
(byKey[process.argv[2]] ?? new D()).go(server);
// Missing on one path: that path throws, registering nothing unnamed.
byKey[process.argv[3]]?.go(server);
"
    );
    let out = run_ts(&[("main", &src)]);
    assert_eq!(names(&out), ["d", "p", "p", "q", "q"]);
}

#[test]
fn find_gives_the_element_its_predicate_holds_for() {
    let src = format!(
        "{HEAD}
const L = [{{ name: \"a\" }}, {{ name: \"b\" }}];
const hit = L.find((x) => x.name === \"b\");
server.registerTool(hit.name, {{}}, async () => ({{}}));
const none = L.find((x) => x.name === \"z\");
if (none) server.registerTool(none.name, {{}}, async () => ({{}}));
const maybe = L.find((x) => x.name === process.env.N);
server.registerTool(maybe.name, {{}}, async () => ({{}}));
"
    );
    let out = run_ts(&[("main", &src)]);
    // A name that differs by path (the third) is one computed tool.
    assert_eq!(names(&out), ["<computed>", "b"]);
}

#[test]
fn a_spread_of_lists_that_differ_by_path_gives_a_list_per_path() {
    let src = format!(
        "{HEAD}
let xs = [{{ name: \"a\" }}];
if (process.env.C) xs = [];
for (const t of [...xs, {{ name: \"b\" }}]) server.registerTool(t.name, {{}}, async () => ({{}}));
"
    );
    let out = run_ts(&[("main", &src)]);
    // No element nobody knows: `b` (once, one object on both paths) and `a`.
    assert_eq!(names(&out), ["a", "b"]);
}

#[test]
fn a_registrar_nothing_calls_that_passes_its_parameter_on_is_plumbing() {
    let src = format!(
        "{HEAD}
const relay = {{ registerTool: (n, c, cb) => server.registerTool(n, c, cb) }};
export function own(extra) {{
  for (const n of Object.keys(extra)) server.registerTool(n, {{}}, async () => ({{}}));
}}
"
    );
    let out = run_ts(&[("main", &src)]);
    let plumbing: Vec<bool> = out.registrations.iter().map(|r| r.name_from_params).collect();
    // The relay forwards; `own` registers names it derives: a computed tool.
    assert_eq!(plumbing.iter().filter(|p| **p).count(), 1, "{plumbing:?}");
}

#[test]
fn a_spread_of_objects_that_differ_by_path_joins_key_by_key() {
    let src = format!(
        "{HEAD}
const c = process.env.C;
server.registerTool(\"t\", {{ annotations: {{ a: 1, ...(c ? {{ b: true, a: 1 }} : {{ d: false }}) }} }}, async () => ({{}}));
"
    );
    let out = run_ts(&[("main", &src)]);
    let r = super::ts_source::named(&out, "t");
    let Some(Value::Object(o)) = &r.annotations else { panic!("{:?}", r.annotations) };
    let o = o.borrow();
    assert!(o.complete);
    assert!(matches!(o.get("a"), Some(Value::Num(..))), "set alike on both paths: {:?}", o.get("a"));
    assert!(matches!(o.get("b"), Some(Value::OneOf(_))), "set on one path: {:?}", o.get("b"));
    assert!(matches!(o.get("d"), Some(Value::OneOf(_))));
    assert!(o.get("e").is_none(), "a key neither sets stays absent");
}

#[test]
fn a_key_a_root_was_given_picks_one_of_the_records_values() {
    // Whatever key the callers pass, the record is the project's: its
    // values are the names (or definitions) that can be registered.
    let src = r#"import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const NAMES = { a: "alpha", b: "beta" };
export function add(server: McpServer, kind: string) {
  server.registerTool(NAMES[kind], {}, async () => ({}));
}
"#;
    let out = run_ts(&[("main", src)]);
    let names: Vec<String> = out
        .registrations
        .iter()
        .flat_map(|r| r.name.iter().flat_map(|n| n.alternatives()))
        .filter_map(|n| n.as_str().map(String::from))
        .collect();
    assert!(names.contains(&"alpha".to_string()) && names.contains(&"beta".to_string()), "{names:?}");
    assert!(out.registrations.iter().all(|r| !r.name_from_params));
}

#[test]
fn an_empty_array_is_truthy_in_javascript() {
    // `if (extra)` tests that there is a list, not that it has items.
    let src = format!(
        "{HEAD}
const extra: string[] = [];
if (extra) {{ server.registerTool(\"has_extra\", {{}}, async () => ({{}})); }}
if (!extra) {{ server.registerTool(\"never\", {{}}, async () => ({{}})); }}
"
    );
    let out = run_ts(&[("main", &src)]);
    assert_eq!(names(&out), ["has_extra"]);
}

#[test]
fn a_closure_over_a_frame_every_arm_left_reads_what_the_arms_left() {
    // Both arms return the closure after renaming: the name it reads when
    // called is one of theirs (a name that differs by path is unresolved),
    // never the one from before the branch.
    let src = format!(
        "{HEAD}
function setup(flag: boolean) {{
  let name = \"draft\";
  const register = () => server.registerTool(name, {{}}, async () => ({{}}));
  if (flag) {{
    name = \"publish\";
    return register;
  }} else {{
    name = \"archive\";
    return register;
  }}
}}
setup(process.env.MODE === \"1\")();
"
    );
    let out = run_ts(&[("main", &src)]);
    assert_eq!(names(&out), ["<computed>"]);
}
