import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export interface ToolDefinition {
  name: string;
  description: string;
  annotations?: { readOnlyHint?: boolean; openWorldHint?: boolean };
  handler: () => Promise<{ content: [] }>;
}

/** Registers one definition: a helper, not a tool. */
export function registerDefinition(server: McpServer, tool: ToolDefinition) {
  server.registerTool(tool.name, { description: tool.description, annotations: tool.annotations }, tool.handler);
}
