import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { DESTRUCTIVE } from "../annotations.js";

export function deleteTaskTool(server: McpServer) {
  server.registerTool(
    "delete_task",
    {
      description: "Tool 13",
      inputSchema: { id: z.string() },
      annotations: DESTRUCTIVE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
