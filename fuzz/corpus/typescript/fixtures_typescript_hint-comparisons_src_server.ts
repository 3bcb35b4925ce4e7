import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { shelfTools } from "./catalog.js";

const server = new Server({ name: "shelf", version: "1.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  // `lookup` is read-only and, by the second comparison, destructive too.
  tools: shelfTools.map((tool) => ({ // expect: MCP011, MCP031
    name: tool.name,
    description: tool.description,
    inputSchema: { type: "object", properties: {} },
    annotations: {
      readOnlyHint: tool.effect == "query",
      destructiveHint: tool.effect !== "change",
      openWorldHint: !tool.local,
      // Compared with something unknown: cannot be followed.
      idempotentHint: tool.effect === process.env.IDEMPOTENT_KIND,
    },
  })),
}));
