import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

// No annotations here: the project sets them after registration.
export function registerPlayerTools(server: McpServer) {
  server.tool("get_queue", "The play queue", {}, async () => ({ content: [] })); // expect: MCP031
  server.tool("remove_from_queue", "Remove a track", { uri: z.string() }, async () => ({ content: [] })); // expect: MCP031
  // Declared in source: read as written.
  server.registerTool("skip_track", { annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } }, async () => ({ content: [] }));
}
