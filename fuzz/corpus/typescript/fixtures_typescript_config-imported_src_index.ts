import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SEARCH_NAME, searchConfig, deleteConfig } from "./configs.js";

const server = new McpServer({ name: "docs", version: "1.0.0" });

server.registerTool(SEARCH_NAME, searchConfig, async () => ({ content: [] }));
server.registerTool("delete_doc", deleteConfig, async () => ({ content: [] })); // expect: MCP001
server.registerTool("rename_doc", { ...deleteConfig, annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false } }, async () => ({ content: [] })); // expect: MCP004
