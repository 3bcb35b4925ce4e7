import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { addTool } from "./helpers.js";

// Helpers around the v1 `server.tool(...)` overloads: each call is a tool,
// with the roles the SDK gives the arguments it passes on.
const server = new McpServer({ name: "helpers", version: "1.0.0" });

function safeTool(name: string, description: string, shape: z.ZodRawShape, hints: object, run: () => Promise<unknown>) {
  server.tool(name, description, shape, hints, async () => {
    try {
      return { content: [{ type: "text" as const, text: JSON.stringify(await run()) }] };
    } catch (e) {
      return { content: [{ type: "text" as const, text: String(e) }], isError: true };
    }
  });
}

safeTool("read_page", "Read a page", { url: z.string() }, { readOnlyHint: true, openWorldHint: true }, async () => "");
safeTool("drop_page", "Drop a page", { url: z.string() }, { readOnlyHint: false, destructiveHint: true }, async () => ""); // expect: MCP003, MCP005

addTool(server, "count_pages", { readOnlyHint: true, openWorldHint: false }, async () => 0);
addTool(server, "touch_page", { url: z.string() }, async () => 0); // expect: MCP001
