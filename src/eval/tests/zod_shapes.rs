//! zod object schemas keep their shape (`sdk/zod.rs`, `eval/shapes.rs`):
//! the fields are a tool's parameters wherever the SDK or a conversion
//! (`zodToJsonSchema`, `z.toJSONSchema`) turns them into JSON schema.

use super::ts_source::{named, params, run_ts};
use crate::eval::value::Value;

const SERVER: &str = "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n\
                      import { z } from \"zod\";\n\
                      const server = new McpServer({ name: \"demo\", version: \"1.0.0\" });\n";

fn register(schema: &str) -> String {
    format!(
        "{SERVER}const Base = z.object({{ folder: z.string(), confirm: z.boolean() }});\n\
             const Extra = z.object({{ force: z.boolean() }});\n\
             server.registerTool(\"t\", {{ inputSchema: {schema} }}, async () => ({{ content: [] }}));\n"
    )
}

fn params_of(schema: &str) -> Option<Vec<String>> {
    let src = register(schema);
    params(named(&run_ts(&[("main", &src)]), "t"))
}

fn keys(v: &[&str]) -> Option<Vec<String>> {
    Some(v.iter().map(|s| s.to_string()).collect())
}

#[test]
fn a_zod_object_input_schema_gives_its_fields_through_its_methods() {
    assert_eq!(params_of("Base"), keys(&["folder", "confirm"]));
    assert_eq!(params_of("Base.strict().describe(\"wipe\")"), keys(&["folder", "confirm"]));
    assert_eq!(params_of("Base.extend({ dryRun: z.boolean() })"), keys(&["folder", "confirm", "dryRun"]));
    assert_eq!(params_of("Base.merge(Extra)"), keys(&["folder", "confirm", "force"]));
    assert_eq!(params_of("Base.pick({ folder: true, confirm: false })"), keys(&["folder"]));
    assert_eq!(params_of("Base.omit({ confirm: true })"), keys(&["folder"]));
    assert_eq!(params_of("z.object({})"), keys(&[]));
    // The raw shape of another object, as v1's raw-shape form takes it.
    assert_eq!(params_of("Base.shape"), keys(&["folder", "confirm"]));
    assert_eq!(params_of("{ ...Base.shape, force: z.boolean() }"), keys(&["folder", "confirm", "force"]));
}

#[test]
fn what_is_not_known_whole_gives_no_parameters_not_a_guess() {
    // Not an object schema, or one derived from something unknown.
    assert_eq!(params_of("z.string().extend({ a: z.string() })"), None);
    assert_eq!(params_of("Base.extend(elsewhere)"), None);
    assert_eq!(params_of("Base.pick(mask)"), None);
    assert_eq!(params_of("Base.optional()"), None);
    // `import { object } from "yup"`: another library's object schema.
    let src = format!("{SERVER}import {{ object, string }} from \"yup\";\n\
                       server.registerTool(\"t\", {{ inputSchema: object({{ folder: string() }}) }}, async () => ({{}}));\n");
    assert_eq!(params(named(&run_ts(&[("main", &src)]), "t")), None);
}

#[test]
fn a_low_level_definition_converted_from_zod_lists_the_fields() {
    let src = "import { Server } from \"@modelcontextprotocol/sdk/server/index.js\";\n\
               import { ListToolsRequestSchema } from \"@modelcontextprotocol/sdk/types.js\";\n\
               import * as z from \"zod\";\n\
               import zodToJsonSchema from \"zod-to-json-schema\";\n\
               const In = z.object({ folder: z.string() });\n\
               const server = new Server({ name: \"x\", version: \"1\" }, { capabilities: { tools: {} } });\n\
               server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [\n\
                 { name: \"converted\", inputSchema: zodToJsonSchema(In) },\n\
                 { name: \"zod4\", inputSchema: z.toJSONSchema(In.extend({ confirm: z.boolean() })) },\n\
                 { name: \"method\", inputSchema: In.toJSONSchema() },\n\
                 { name: \"named\", inputSchema: zodToJsonSchema(In, \"In\") },\n\
                 { name: \"titled\", inputSchema: zodToJsonSchema(In, { name: \"In\" }) },\n\
                 { name: \"plain\", inputSchema: zodToJsonSchema(In, { target: \"openApi3\" }) },\n\
               ] }));\n";
    let out = run_ts(&[("main", src)]);
    assert_eq!(params(named(&out, "converted")), keys(&["folder"]));
    assert_eq!(params(named(&out, "zod4")), keys(&["folder", "confirm"]));
    assert_eq!(params(named(&out, "method")), keys(&["folder"]));
    // A name nests the schema under `definitions`: not where clients read it.
    assert_eq!(params(named(&out, "named")), None);
    assert_eq!(params(named(&out, "titled")), None);
    assert_eq!(params(named(&out, "plain")), keys(&["folder"]));
}

#[test]
fn a_zod_object_handed_to_something_that_is_not_mcp_registers_nothing() {
    let src = "import { z } from \"zod\";\n\
               import { tool } from \"ai\";\n\
               export const wipe = tool({ description: \"Wipe\", parameters: z.object({ folder: z.string() }) });\n\
               const schema = z.toJSONSchema(z.object({ folder: z.string() }));\n";
    assert!(run_ts(&[("main", src)]).registrations.is_empty());
}

/// typescript-sdk v1 `tool(name, ...rest)` ignores what follows the
/// callback; a reading that uses every argument still comes first.
#[test]
fn arguments_after_the_v1_tool_callback_are_ignored() {
    let src = r#"import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "s", version: "1" });
server.tool("late", "d", { q: z.string() }, async () => ({}), { readOnlyHint: true });
server.tool("inline", "d", { q: z.string() }, { readOnlyHint: true }, async () => ({}));
server.tool("unknown_middle", "d", process.env.X, async () => ({}));
"#;
    let out = super::ts_source::run_ts(&[("main", src)]);
    let late = super::ts_source::named(&out, "late");
    assert!(
        late.annotations.is_none() || matches!(late.annotations, Some(Value::Undefined(_))),
        "{:?}",
        late.annotations
    );
    assert_eq!(super::ts_source::params(late), Some(vec!["q".to_string()]));
    let inline = super::ts_source::named(&out, "inline");
    assert!(matches!(inline.annotations, Some(Value::Object(_))));
    // An argument of unknown kind before the callback: a shape or annotations, unknown.
    let unknown = super::ts_source::named(&out, "unknown_middle");
    assert!(matches!(unknown.annotations, Some(Value::Unknown(_))), "{:?}", unknown.annotations);
}
