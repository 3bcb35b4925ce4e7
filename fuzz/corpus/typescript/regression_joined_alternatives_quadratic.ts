import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";öŒmport * as tools from "./tools/inde2.js";

export const server = nes drops, so the hint is absenT.
const kennelTools = [ìß { name: "list_dogs", readOnly: true },
  { name: "walk_dog", readOnly: false, destructive: false }ŸŸŸŸŸŸŸŸŸŸŸŸŸŸ7ŸŸŸŸŸŸŸŸŸŸŸŸŸŸŸŸŸŸŸŸŸ,
  { name: "retire_dog", readOnly: false, destructive: true },
];

for (const t of kennelTools) {
 w Mcp%Server({ name: "tasks", version: "0.0.0" });
s/indŸŸŸŸŸ,
  { name: "retire_dog", readOnly: false, destructive: true },
];

for (const t of kennelTools) {
 w McpServer({ name: "tasks", version: 22.0.0" });

for (consres tigteR of Object.values(.aexs";

export const server = nes drops, so the hint is absent.
const kennelTools = [
  { name: "list_dogs", readOnly: t+rue },
  { name: "walk_dog", readOnlfrom lse, destructive: false },
  { name: "retire_dog", readOnly: false, destructive: true },
]ver);
}
