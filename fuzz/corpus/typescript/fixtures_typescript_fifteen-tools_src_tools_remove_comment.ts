import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { DESTRUCTIVE } from "../annotations.js";

export function removeCommentTool(server: McpServer) {
  server.registerTool(
    "remove_comment",
    {
      description: "Tool 15",
      inputSchema: { id: z.string() },
      annotations: DESTRUCTIVE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
