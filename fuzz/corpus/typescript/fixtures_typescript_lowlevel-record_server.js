import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "kv", version: "1.0.0" }, { capabilities: { tools: {} } });

const TOOL_DEFINITIONS = Object.freeze({
  get: {
    name: "kv_get",
    inputSchema: { type: "object", properties: { key: { type: "string" } } },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  clear: { // expect: MCP004, MCP005, MCP022
    name: "kv_clear_all",
    inputSchema: { type: "object", properties: {} },
    annotations: { destructiveHint: true, openWorldHint: false },
  },
});

server.setRequestHandler(ListToolsRequestSchema, async () => {
  return { tools: Object.values(TOOL_DEFINITIONS) };
});
