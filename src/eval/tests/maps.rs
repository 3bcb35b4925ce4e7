//! JavaScript's `Map`: entries set, read, deleted and listed.

use super::ts_source::run_ts;
use super::*;

const HEAD: &str = r#"import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
"#;

#[test]
fn a_map_registry_is_followed_through_set_delete_get_and_its_views() {
    let src = format!(
        "{HEAD}
const m = new Map([[\"a\", {{ title: \"A\" }}]]);
m.set(\"b\", {{ title: \"B\" }}).set(\"c\", {{ title: \"C\" }});
m.delete(\"c\");
for (const [name] of m) server.registerTool(name, {{}}, async () => ({{}}));
Array.from(m.keys(), (k) => k + \"_2\").forEach((n) => server.registerTool(n, {{}}, async () => ({{}})));
[...m.values()].forEach((v) => server.registerTool(v.title, {{}}, async () => ({{}})));
if (m.has(\"a\") && m.size === 2) server.registerTool(\"sized\", {{ annotations: m.get(\"b\") }}, async () => ({{}}));
server.registerTool(\"entry_is_no_property\", {{ title: m.a }}, async () => ({{}}));
"
    );
    let out = run_ts(&[("main", &src)]);
    assert_eq!(names(&out), ["A", "B", "a", "a_2", "b", "b_2", "entry_is_no_property", "sized"]);
    let r = super::ts_source::named(&out, "entry_is_no_property");
    assert!(matches!(r.title, None | Some(Value::Undefined(_))), "absent, not unknown: {:?}", r.title);
}

#[test]
fn a_value_set_under_an_unknown_key_is_listed_but_its_key_is_unknown() {
    let src = format!(
        "{HEAD}
const m = new Map();
m.set(process.env.K, {{ title: \"T\" }});
m.forEach((v, k) => server.registerTool(k, {{ title: v.title }}, async () => ({{}})));
server.registerTool(\"probe\", {{ title: m.get(\"x\") }}, async () => ({{}}));
"
    );
    let out = run_ts(&[("main", &src)]);
    assert_eq!(names(&out), ["<computed>", "probe"]);
    let r = super::ts_source::named(&out, "probe");
    assert!(matches!(r.title, Some(Value::Unknown(_))), "a key the map may hold: {:?}", r.title);
}
