import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { READ_ONLY } from "@shared/hints";
import { READ_ONLY as SAME } from "src/shared/hints.js";

const server = new McpServer({ name: "paths", version: "1.0.0" });
server.registerTool("show_config", { annotations: READ_ONLY }, async () => ({ content: [] }));
server.registerTool("show_env", { annotations: SAME }, async () => ({ content: [] }));
