import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

/** A project class whose methods forward to the SDK: the class is not a tool. */
export class ToolRegistry {
  constructor(private readonly server: McpServer) {}

  register(name: string, config: { title?: string; annotations?: object }, handler: any) {
    console.log("register", name);
    return this.server.registerTool(name, config, handler);
  }
}
