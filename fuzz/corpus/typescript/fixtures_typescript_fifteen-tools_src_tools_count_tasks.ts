import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { READ_ONLY } from "../annotations.js";

export function countTasksTool(server: McpServer) {
  server.registerTool(
    "count_tasks",
    {
      description: "Tool 4",
      inputSchema: { id: z.string() },
      annotations: READ_ONLY,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
