import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ADDITIVE } from "../annotations.js";

export function addCommentTool(server: McpServer) {
  server.registerTool( // expect: MCP005
    "add_comment",
    {
      description: "Tool 7",
      inputSchema: { id: z.string() },
      annotations: ADDITIVE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
