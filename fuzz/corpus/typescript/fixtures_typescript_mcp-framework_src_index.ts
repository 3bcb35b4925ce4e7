import { MCPServer } from "mcp-framework";

// mcp-framework loads every `MCPTool` subclass under src/tools.
const server = new MCPServer();
server.start();
