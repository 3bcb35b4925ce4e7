import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { toolRegistry } from "./registry.js";

const server = new Server({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: toolRegistry.map((tool) => ({ // expect: MCP001
    name: tool.name,
    description: tool.description,
    inputSchema: zodToJsonSchema(tool.schema),
    annotations: tool.annotations,
  })),
}));
