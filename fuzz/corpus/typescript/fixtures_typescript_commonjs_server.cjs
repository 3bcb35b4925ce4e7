const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { READ_ONLY, WRITE } = require("./presets.js");
const presets = require("./presets");
const DESTRUCTIVE = require("./presets.js").DESTRUCTIVE;

const server = new McpServer({ name: "cjs", version: "1.0.0" });

server.registerTool("read_log", { annotations: READ_ONLY }, async () => ({ content: [] }));
server.registerTool("write_log", { annotations: WRITE }, async () => ({ content: [] })); // expect: MCP005
server.registerTool("erase_log", { annotations: DESTRUCTIVE }, async () => ({ content: [] })); // expect: MCP004, MCP005
server.registerTool("rotate_log", { annotations: presets.WRITE }, async () => ({ content: [] })); // expect: MCP005
