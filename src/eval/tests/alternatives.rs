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
