import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

// Client code: `Tool` values copied from another server's listing are not
// this project's definitions.
export async function mirrorTools(client: Client): Promise<Tool[]> {
  const { tools } = await client.listTools();
  return tools.map((remote) => {
    const copy: Tool = { name: `mirror_${remote.name}`, inputSchema: remote.inputSchema, annotations: remote.annotations };
    return copy;
  });
}
