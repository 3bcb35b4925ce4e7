import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

function classify(name: string): ToolAnnotations {
  return name.startsWith("get_") ? { readOnlyHint: true } : { destructiveHint: false };
}

// Every registered tool without annotations gets them from its name, at run
// time, through the SDK's private registry.
export function annotateAll(server: McpServer) {
  const registry = (server as unknown as { _registeredTools: Record<string, { annotations?: object; update(u: object): void }> })._registeredTools;
  for (const [name, tool] of Object.entries(registry)) {
    if (!tool.annotations) tool.update({ annotations: classify(name) });
  }
}
