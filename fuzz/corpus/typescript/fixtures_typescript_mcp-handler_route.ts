import { createMcpHandler } from "mcp-handler";
import { z } from "zod";

const handler = createMcpHandler(
  (server) => {
    server.registerTool(
      "roll_dice",
      {
        title: "Roll dice",
        inputSchema: { sides: z.number().int().min(2) },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ sides }) => ({ content: [{ type: "text", text: String(sides) }] }),
    );
    server.tool("reset_dice", "Reset", async () => ({ content: [] })); // expect: MCP001
  },
  {},
  { basePath: "/api" },
);

export { handler as GET, handler as POST };
