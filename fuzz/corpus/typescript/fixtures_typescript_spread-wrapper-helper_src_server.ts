import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { pantryTools, renamedTool } from "./tools";

const server = new McpServer({ name: "pantry", version: "1.0.0" });

for (const t of pantryTools) {
  server.registerTool( // expect: MCP005
    t.name,
    { description: t.description, inputSchema: t.inputSchema, annotations: t.annotations },
    t.handler as never,
  );
}

server.registerTool("pantry_note", { annotations: renamedTool.annotations }, async () => ({ content: [] })); // expect: MCP003
