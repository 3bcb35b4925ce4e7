import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ADDITIVE } from "../annotations.js";

export function attachFileTool(server: McpServer) {
  server.registerTool( // expect: MCP005
    "attach_file",
    {
      description: "Tool 8",
      inputSchema: { id: z.string() },
      annotations: ADDITIVE,
    },
    async ({ id }) => ({ content: [{ type: "text", text: id }] }),
  );
}
