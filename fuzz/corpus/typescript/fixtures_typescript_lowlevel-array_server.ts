import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "files", version: "1.0.0" }, { capabilities: { tools: {} } });

const READ = { readOnlyHint: true, openWorldHint: false } as const;

enum ToolName {
  STAT = "stat_file",
}

const TOOLS = [
  {
    name: "read_file",
    description: "Read a file",
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    annotations: READ,
  },
  {
    name: "write_file",
    description: "Write a file",
    inputSchema: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
] satisfies Tool[];

const MOVE_FILE: Tool = { // expect: MCP001
  name: "move_file",
  description: "Move a file",
  inputSchema: { type: "object", properties: { from: { type: "string" }, to: { type: "string" } } },
};

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [...TOOLS, MOVE_FILE, { name: ToolName.STAT, inputSchema: { type: "object" }, annotations: { ...READ } }],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return { content: [], annotations: { audience: ["user"], priority: 1 } };
});

// Definitions typed as the SDK's `Tool` count even when no handler lists them here.
export const TOUCH_FILE = <Tool>{ name: "touch_file", inputSchema: { type: "object" }, annotations: { idempotentHint: true } }; // expect: MCP002, MCP003, MCP004
export const BY_NAME: Record<string, Tool> = {
  chmod: { name: "chmod_file", inputSchema: { type: "object" }, annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
};
