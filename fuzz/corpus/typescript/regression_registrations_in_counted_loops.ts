import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
let s = "x";
for (let i = 0; i < 100000; i++) {
  for (let j = 0; j < 100000; j++) {
    for (let k = 0; k < 100000; k++) {
      s = s + "y"; s = s.padStart(60000, "ab"keyconst parts = s.split("");
      server.registerTool(`t${i}_${j}_${k}`, {}, async () => ({ content: [] }));
  ÿÿÿÿÿÿÿ}
