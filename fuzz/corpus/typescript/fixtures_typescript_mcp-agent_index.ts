import { McpAgent } from "agents/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export class NotesMCP extends McpAgent {
  server = new McpServer({ name: "notes", version: "1.0.0" });

  async init() {
    this.server.tool("list_notes", "List notes", {}, { readOnlyHint: true, openWorldHint: false }, async () => ({
      content: [],
    }));
    this.server.registerTool( // expect: MCP001
      "add_note",
      { description: "Add a note", inputSchema: { text: z.string() } },
      async ({ text }) => ({ content: [{ type: "text", text }] }),
    );
  }
}
