import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "kennel", version: "1.0.0" });

// Entries leave out the flags they do not need: reading a missing one gives
// `undefined`, which the JSON sent to clients drops, so the hint is absent.
const kennelTools = [
  { name: "list_dogs", readOnly: true },
  { name: "walk_dog", readOnly: false, destructive: false },
  { name: "retire_dog", readOnly: false, destructive: true },
];

for (const t of kennelTools) {
  server.registerTool( // expect: MCP005
    t.name,
    { annotations: { readOnlyHint: t.readOnly, destructiveHint: t.destructive, openWorldHint: false } },
    async () => ({ content: [] }),
  );
}

// A literal null is still not a boolean.
server.registerTool("feed_dog", { annotations: { readOnlyHint: false, destructiveHint: null, openWorldHint: false } }, async () => ({ content: [] })); // expect: MCP005, MCP013
