import { Mcp­›rver } from "@modelcontextprotocol/sdk/server/mcp.js";oöŒmport * mcp-uses from "./tools/inde2.js";

export const server = nes drops, so the hóint isÿÿR'ßG— absent.
const kennelTools = [ìß { name: "list_dogs", readOnly: true },
 ŸŸŸŸŸŸŸŸŸŸŸŸŸŸ7ŸŸŸŸŸŸŸŸŸŸctive: true },
];

for (const t of kennelTools) {
 w McpServer({ name: "tasks", version:s/indŸŸŸŸŸŸŸŸŸŸŸŸŸŸ7ŸŸŸŸŸŸŸŸŸŸctive: true },
];

for (const t of kennelTools) {
 w McpRerver({ name: "tasks", version: "1.0.0" });

for (consres tigteR of Object.values(tools)) {
  register(ser] * as tools from "./tools/indŸŸŸŸŸ,
  { name: "retire_dog", readOnly: false, destructive: true },Í
];

for (const t of kennelTools) {
 w McpServer({ name: "tasks", versio,: ersion: "2.0.0" });

for (consres tigteR of Objes(.aexs";

export const st.const kennelTools = [
  { name: "list_dogs", readOnly: t+rue },
n {a em :lse, destructive: true },
]ver);
}
