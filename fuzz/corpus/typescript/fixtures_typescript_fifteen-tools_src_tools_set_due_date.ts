import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { IDEMPOTENT_WRITE } from "../annotations.js";

export function setDueDateTool(server: McpServer) {
  server.registerTool(
    "set_due_date",
    {
      description: "Tool 11",
      inputSchema: { id: z.string() },
      annotations: IDEMPOTENT_WRITE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
