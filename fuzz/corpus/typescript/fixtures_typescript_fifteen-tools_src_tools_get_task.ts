import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { READ_ONLY } from "../annotations.js";

export function getTaskTool(server: McpServer) {
  server.registerTool(
    "get_task",
    {
      description: "Tool 2",
      inputSchema: { id: z.string() },
      annotations: READ_ONLY,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
