import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { READ_ONLY } from "../annotations.js";

export function searchTasksTool(server: McpServer) {
  server.registerTool(
    "search_tasks",
    {
      description: "Tool 3",
      inputSchema: { id: z.string() },
      annotations: READ_ONLY,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
