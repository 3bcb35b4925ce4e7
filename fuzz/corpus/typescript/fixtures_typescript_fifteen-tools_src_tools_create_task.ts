import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ADDITIVE } from "../annotations.js";

export function createTaskTool(server: McpServer) {
  server.registerTool( // expect: MCP005
    "create_task",
    {
      description: "Tool 6",
      inputSchema: { id: z.string() },
      annotations: ADDITIVE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
