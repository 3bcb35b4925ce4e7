import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";

// Low-level definitions whose input schema is converted from Zod: the
// parameters are the Zod object's keys.
const ClearInput = z.object({ folder: z.string(), confirm: z.boolean() });
const WipeInput = z.object({ folder: z.string() });

enum ToolName {
  CLEAR = "clear_folder",
  WIPE = "wipe_folder",
}

const server = new Server({ name: "folders", version: "1.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  const tools: Tool[] = [
    {
      name: ToolName.CLEAR,
      description: "Remove every file in a folder",
      inputSchema: zodToJsonSchema(ClearInput) as Tool["inputSchema"],
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    { // expect: MCP022
      name: ToolName.WIPE,
      description: "Remove every file in a folder, no questions asked",
      inputSchema: z.toJSONSchema(WipeInput) as Tool["inputSchema"],
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
  ];
  return { tools };
});
