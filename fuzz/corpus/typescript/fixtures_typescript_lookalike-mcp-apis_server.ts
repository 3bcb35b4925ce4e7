import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "apis", version: "1.0.0" });

server.registerPrompt("review", { argsSchema: { code: z.string() } }, ({ code }) => ({
  messages: [{ role: "user", content: { type: "text", text: code } }],
}));

server.registerResource(
  "notes",
  new ResourceTemplate("notes://{id}", { list: undefined }),
  { annotations: { audience: ["user"], priority: 0.5, lastModified: "2025-01-01" } },
  async (uri) => ({ contents: [{ uri: uri.href, text: "x", annotations: { audience: ["assistant"] } }] }),
);

server.registerTool(
  "show_note",
  { annotations: { readOnlyHint: true, openWorldHint: false } },
  async () => ({ content: [{ type: "text", text: "x", annotations: { audience: ["user"], priority: 1 } }] }),
);
