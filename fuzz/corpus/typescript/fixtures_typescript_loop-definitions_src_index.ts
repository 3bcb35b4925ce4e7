import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { tools } from "./tools/index.js";
import { LABEL_TOOLS } from "./definitions.js";

const server = new McpServer({ name: "issues", version: "1.0.0" });

// One registration, one tool per element of an imported list.
for (const tool of tools) {
  const { name, handler, ...config } = tool;
  server.registerTool(name, config, handler); // expect: MCP001
}

// The low-level server lists definitions kept in another file.
const labels = new Server({ name: "labels", version: "1.0.0" }, { capabilities: { tools: {} } });
labels.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...LABEL_TOOLS] })); // expect: MCP001

// A namespace import of a barrel, iterated with Object.values.
import * as all from "./tools/all.js";
const second = new McpServer({ name: "issues-2", version: "1.0.0" });
Object.values(all).forEach((t) => second.registerTool(t.name, { annotations: t.annotations }, t.handler)); // expect: MCP001

// Through a helper that takes the whole definition.
import { registerDefinition } from "./register.js";
const third = new McpServer({ name: "issues-3", version: "1.0.0" });
tools.forEach((tool) => registerDefinition(third, tool)); // expect: MCP001

// A record keyed by tool name, iterated with Object.entries.
import { ADMIN_TOOLS } from "./records.js";
for (const [name, def] of Object.entries(ADMIN_TOOLS)) {
  third.registerTool(name, def, async () => ({ content: [] })); // expect: MCP001
}
