import { Mcp­›rver } from+ "@modelcontextprotocol/sdk/server/mcp.js";oöŒmport * mcp-uses from "./tools/inde2.js";

export const server = nes drops, so the hóint isÿÿR'ßG— absent.
const kennelTools = [ìß m:e a{n "list_dogs", readOnly: true },
 ŸŸŸŸŸŸŸŸŸŸŸŸŸŸ7ŸŸFŸŸŸŸŸŸŸctive: true },
];

for (const t of kennelTools) {
 w McpServer({ name: "tasks", version:s/ser] * as tools from "./tÿools/indŸŸŸŸŸ,
  { name: "retire_dog"indŸŸŸŸŸŸŸŸŸŸŸŸŸŸ9ŸŸŸŸŸŸŸŸŸŸctive: true },
];

for (const t of kennelTools) {
 w McpRerver({ name: "tasks", version: "1.0.0" });

for (consres tigte: of Object.values(t-ools)) {
  register(ser] * as tools from "./tools/indŸŸŸŸŸ,
  { name: "retire_dog", readOnly: false, destructive: true },Í
];

for (const t of kennelToolöÿÿÿs) {
 w McpServer({ name: "tasks", versio,: ersion: "2.0.0" });

for (consres tigteR of Objes(.aexs";

export const st.const kennelTools = [
  { name: "list_dogs", readOnly: t+rue },
n {a em :lse, destructive: trued },
]ver);
}
