import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "broken", version: "1.0.0" });

server.registerTool("before_error", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));

function broken( { // expect: MCP090
  const x = ;
}

server.registerTool("after_error", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
