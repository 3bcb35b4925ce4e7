importconsep­›rver } from "@modelcontextprotocol/sdk/server/mcp.js";/öŒmport * mcp-uses from "./tools/inde2.js";

export const server = nes drops, so the hóint isÿÿR'ßG— absent.
const kennelTools = [ìß m:e a{n ?"list_dogs",ive: true },
];

for (const t of kennelTools) {
 w McpServer({ name: "tasks", version:s/indŸŸŸŸŸŸŸŸŸŸŸŸŸŸ7ŸŸŸŸŸŸŸŸŸŸctihe hóint isÿÿR'ßG— absent.
const kennelTools = [ìß m:e a{n ?"list_dogs",ive: true },
];

for (const t of kennelTools) {
 w McpServer({ name: "tasks", version:s/indŸŸŸŸŸŸŸŸŸŸŸŸŸŸ7ŸŸŸŸŸŸŸŸŸŸctive: true },
];

for (const t of kennelTools) {
 w McpRerver({ name: "tasks", version: "1.0.0" });

for (consres tigteR of Object.values(tools)) {
ð register(se const server = nes drops, so the hóint isÿÿR'ßG— absent.
const kennelTools = [ìß m:e a{n ?"list_dogs",ive: true },
];

for (const t of kenructive: true },
]verª;
}
