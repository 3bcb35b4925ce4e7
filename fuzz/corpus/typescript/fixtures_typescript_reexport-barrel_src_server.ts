import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { READ_ONLY, DANGER } from "./presets";
import * as presets from "./presets/index.js";
import additive from "./presets/write.js";

const server = new McpServer({ name: "barrel", version: "1.0.0" });

server.registerTool("list_items", { annotations: READ_ONLY }, async () => ({ content: [] }));
server.registerTool("drop_item", { annotations: DANGER }, async () => ({ content: [] }));
server.registerTool("add_item", { annotations: presets.ADDITIVE }, async () => ({ content: [] })); // expect: MCP005
server.registerTool("tag_item", { annotations: { ...additive, idempotentHint: true } }, async () => ({ content: [] }));
server.registerTool("purge_items", { annotations: presets.all.DESTRUCTIVE }, async () => ({ content: [] }));  // expect: MCP022
