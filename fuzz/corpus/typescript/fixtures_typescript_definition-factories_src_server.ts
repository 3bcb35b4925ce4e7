import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { tableTools } from "./tools/tables.js";

export function createServer(db: unknown) {
  const server = new McpServer({ name: "tables", version: "1.0.0" });
  for (const tool of tableTools(db)) {
    server.registerTool(
      tool.name,
      { title: tool.annotations.title, description: tool.description, inputSchema: tool.inputSchema.shape, annotations: tool.annotations },
      async (args) => ({ content: [{ type: "text" as const, text: JSON.stringify(await tool.handler(args)) }] }),
    );
  }
  return server;
}
