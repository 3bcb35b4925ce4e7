import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import tools from "./tools/index";

export function registerNoteTools(server: McpServer) {
  for (const [, tool] of Object.entries(tools)) {
    // The annotations object is the fourth argument of the v1 overload.
    server.tool(tool.name, tool.description, tool.inputSchema, tool.annotations, async (args: Record<string, unknown>) => ({ // expect: MCP003, MCP005
      content: [{ type: "text" as const, text: await tool.run(args) }],
    }));
  }
}
