import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { IDEMPOTENT_WRITE } from "../annotations.js";

export function updateTaskTool(server: McpServer) {
  server.registerTool(
    "update_task",
    {
      description: "Tool 9",
      inputSchema: { id: z.string() },
      annotations: IDEMPOTENT_WRITE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
