import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { McpServer as Sdk } from "@modelcontextprotocol/sdk/server/mcp.js";

export class NoteTools {
  constructor(private readonly server: McpServer) {}

  register() {
    this.server.registerTool("from_parameter_property", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({
      content: [],
    }));
  }
}

export class LazyTools {
  private mcp!: Sdk;

  attach(server: Sdk) {
    this.mcp = server;
    this.mcp.registerTool("from_assigned_field", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({
      content: [],
    }));
  }
}

export function createServer() {
  const local = new McpServer({ name: "local", version: "1" });
  local.registerTool("from_local", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
  return local;
}
