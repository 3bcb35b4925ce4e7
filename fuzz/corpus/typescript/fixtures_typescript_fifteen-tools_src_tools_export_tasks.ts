import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { READ_ONLY } from "../annotations.js";

export function exportTasksTool(server: McpServer) {
  server.registerTool(
    "export_tasks",
    {
      description: "Tool 5",
      inputSchema: { id: z.string() },
      annotations: READ_ONLY,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
