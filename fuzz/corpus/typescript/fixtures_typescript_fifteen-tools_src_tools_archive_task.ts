import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { DESTRUCTIVE } from "../annotations.js";

export function archiveTaskTool(server: McpServer) {
  server.registerTool(
    "archive_task",
    {
      description: "Tool 14",
      inputSchema: { id: z.string() },
      annotations: DESTRUCTIVE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
