"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");
const zod_1 = require("zod");
const annotations_js_1 = require("./annotations.js");
const server = new mcp_js_1.McpServer({ name: "x", version: "1" });
server.registerTool("list_items", { inputSchema: { q: zod_1.z.string() }, annotations: annotations_js_1.READ_ONLY }, async () => ({ content: [] }));
server.tool("drop_item", "Drop", { id: (0, zod_1.string)() }, annotations_js_1.DESTRUCTIVE, async () => ({ content: [] })); // expect: MCP003, MCP004, MCP005
