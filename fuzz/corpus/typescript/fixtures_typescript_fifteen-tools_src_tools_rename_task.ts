import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { IDEMPOTENT_WRITE } from "../annotations.js";

export function renameTaskTool(server: McpServer) {
  server.registerTool(
    "rename_task",
    {
      description: "Tool 10",
      inputSchema: { id: z.string() },
      annotations: IDEMPOTENT_WRITE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
