import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { HINTS, TOOL_NAMES } from "./hints.js";

const server = new McpServer({ name: "docs", version: "1.0.0" });

server.registerTool(TOOL_NAMES.SEARCH, { annotations: HINTS.search_docs }, async () => ({ content: [] }));
server.registerTool(TOOL_NAMES.DELETE, { annotations: HINTS[TOOL_NAMES.DELETE] }, async () => ({ content: [] }));
// A key the table does not have: `undefined`, so no annotations.
server.registerTool(TOOL_NAMES.MOVE, { annotations: HINTS[TOOL_NAMES.MOVE] }, async () => ({ content: [] })); // expect: MCP001
// A key that cannot be known.
server.registerTool("archive_doc", { annotations: HINTS[process.argv[2]] }, async () => ({ content: [] })); // expect: MCP031
