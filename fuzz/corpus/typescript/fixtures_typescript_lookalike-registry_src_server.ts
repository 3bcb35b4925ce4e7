import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

// The project's MCP server is the only source of tools.
const server = new McpServer({ name: "agent", version: "1.0.0" });
server.registerTool("ask_agent", { annotations: { readOnlyHint: true, openWorldHint: true } }, async () => ({ content: [] }));
