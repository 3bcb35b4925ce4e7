// An ES-module TypeScript server (.mts): identify gives the extension no
// tag, so only the hook's `files` pattern selects it.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "archive", version: "1.0.0" });

server.registerTool("purge_archive", { description: "Drop every archived entry" }, async () => ({
  content: [{ type: "text", text: "purged" }],
}));
