import { z } from "zod";
import type { MCPServer } from "mcp-use/server";

const clearAlert = {
  name: "clear_alert",
  title: "Clear alert",
  schema: z.object({ id: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

export function registerAlertTools(server: MCPServer) {
  server.tool(clearAlert, async () => ({ content: [] }));
}
