import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "reel", version: "1.0.0" }, { capabilities: { tools: {} } });
const state = { history: [] as string[], locked: false };

server.setRequestHandler(ListToolsRequestSchema, async () => {
  const tools = [
    { // expect: MCP005
      name: "trim_clip",
      description: "Shorten the selected clip.",
      inputSchema: { type: "object" as const, properties: {} },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
  ];
  // Tools offered only in some states are pushed onto the same list.
  if (state.history.length) {
    tools.push({ // expect: MCP005
      name: "undo_edit",
      description: "Undo the last edit.",
      inputSchema: { type: "object" as const, properties: {} },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    });
  }
  return { tools };
});

// A typed, initially empty list filled by pushes.
export function extraTools(): Tool[] {
  const extra: Tool[] = [];
  if (!state.locked) {
    extra.push({ name: "lock_reel", inputSchema: { type: "object" } }); // expect: MCP001
  }
  // Pushed onto another list: not a tool definition.
  const log: { name: string }[] = [];
  log.push({ name: "lock_reel_called" });
  return extra;
}
