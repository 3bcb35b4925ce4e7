import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as tools from "./tools/index.js";

export const server = new McpServer({ name: "tasks", version: "1.0.0" });

for (const register of Object.values(tools)) {
  register(server);
}
