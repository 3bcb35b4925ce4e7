//! Module namespaces (`eval/namespaces.rs`): `import * as all` enumerated
//! with `Object.values` / `entries` / `keys` or spread gives the module's
//! exports, re-exports included, and nothing else it binds.

use super::ts_source::run_ts;
use super::*;

const SEARCH: &str = "export const searchTool = { name: \"search\", annotations: { readOnlyHint: true } };\n\
                      export default { name: \"not_re_exported_by_star\" };\n";
const CLOSE: &str = "const local = { name: \"never_exported\" };\n\
                     export const closeTool = { name: \"close\" };\n";
const BARREL: &str = "export * from \"./search.js\";\n\
                      export { closeTool as close } from \"./close.js\";\n\
                      export * as nested from \"./close.js\";\n\
                      export interface ToolShape { name: string }\n\
                      export type Alias = ToolShape;\n";

fn main(body: &str) -> String {
    format!(
        "import {{ McpServer }} from \"@modelcontextprotocol/sdk/server/mcp.js\";\n\
         import * as all from \"./barrel.js\";\n\
         const server = new McpServer({{ name: \"x\", version: \"1\" }});\n{body}"
    )
}

fn run_main(body: &str) -> Outcome {
    let src = main(body);
    run_ts(&[("search", SEARCH), ("close", CLOSE), ("barrel", BARREL), ("main", &src)])
}

#[test]
fn object_values_of_a_namespace_gives_its_exports_and_re_exports() {
    let out = run_main("Object.values(all).forEach((t) => server.registerTool(t.name, { annotations: t.annotations }, async () => ({})));\n");
    // `close` and `searchTool`, plus the `nested` namespace (whose `name` is
    // no export of it): no `default`, no types, nothing merely bound.
    assert_eq!(names(&out), ["<computed>", "close", "search"]);
    let search = out.registrations.iter().find(|r| matches!(&r.name, Some(Value::Str(n, _)) if &**n == "search"));
    assert_eq!(hint(search.unwrap(), "readOnlyHint"), "true");
}

#[test]
fn entries_keys_and_spreads_see_the_same_exports_in_key_order() {
    let out = run_main(
        "for (const [key, t] of Object.entries(all)) { if (key !== \"nested\") server.registerTool(key, {}, async () => ({})); }\n\
         for (const key of Object.keys({ ...all })) { if (key === \"close\") server.registerTool(\"spread_\" + key, {}, async () => ({})); }\n",
    );
    assert_eq!(names(&out), ["close", "searchTool", "spread_close"]);
    // Namespace keys are sorted: `close` before `searchTool`.
    let order: Vec<_> = out.registrations.iter().filter_map(|r| r.name.as_ref()?.as_str().map(String::from)).collect();
    assert_eq!(order[..2], ["close", "searchTool"]);
}

#[test]
fn a_name_two_stars_give_differently_is_ambiguous_and_left_out() {
    let a = "export const tool = { name: \"from_a\" };\nexport const onlyA = { name: \"only_a\" };\n";
    let b = "export const tool = { name: \"from_b\" };\n";
    let barrel = "export * from \"./a.js\";\nexport * from \"./b.js\";\n";
    let src = main("Object.values(all).forEach((t) => server.registerTool(t.name, {}, async () => ({})));\n");
    let out = run_ts(&[("a", a), ("b", b), ("barrel", barrel), ("main", &src)]);
    assert_eq!(names(&out), ["only_a"]);
}

#[test]
fn a_star_from_outside_the_program_leaves_the_members_unknown() {
    let barrel = "export * from \"some-package\";\nexport const known = { name: \"known\" };\n";
    let src = main("Object.values(all).forEach((t) => server.registerTool(t.name, {}, async () => ({})));\n");
    let out = run_ts(&[("barrel", barrel), ("main", &src)]);
    assert!(!names(&out).contains(&"known".to_string()), "{:?}", names(&out));
}

#[test]
fn a_namespace_of_a_module_that_holds_no_tools_registers_nothing() {
    let prompts = "export const review = { name: \"review\", text: \"Review this\" };\n\
                   export const summarise = { name: \"summarise\", text: \"Summarise this\" };\n";
    let src = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n\
               import * as prompts from \"./prompts.js\";\n\
               import { generateText } from \"ai\";\n\
               const server = new McpServer({ name: \"x\", version: \"1\" });\n\
               Object.values(prompts).forEach((p) => server.registerPrompt(p.name, {}, async () => ({ messages: [] })));\n\
               export const run = () => generateText({ model: \"m\", tools: { ...prompts }, prompt: \"hi\" });\n";
    assert!(run_ts(&[("prompts", prompts), ("main", src)]).registrations.is_empty());
}

#[test]
fn a_default_exported_declaration_is_the_default_export() {
    let def = "export default function describeTool() { return { name: \"from_default\" }; }\n";
    let src = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n\
               import make from \"./def.js\";\n\
               const server = new McpServer({ name: \"x\", version: \"1\" });\n\
               server.registerTool(make().name, {}, async () => ({}));\n";
    assert_eq!(names(&run_ts(&[("def", def), ("main", src)])), ["from_default"]);
}
