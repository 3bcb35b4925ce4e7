import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

// The middle argument is a schema or the annotations, as each call decides.
export function addTool(server: McpServer, name: string, schemaOrHints: object, run: () => Promise<unknown>) {
  server.tool(name, schemaOrHints, async () => ({ content: [{ type: "text" as const, text: String(await run()) }] }));
}
