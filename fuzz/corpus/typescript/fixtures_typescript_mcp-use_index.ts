import { MCPServer, text } from "mcp-use/server";
import { z } from "zod";
import { registerAlertTools } from "./src/tools/alerts.js";

// mcp-use: one definition object per tool, the callback inside or after it.
const server = new MCPServer({ name: "weather-app", version: "1.0.0" });

server.tool(
  {
    name: "get_forecast",
    description: "Forecast for a city",
    schema: z.object({ city: z.string() }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  async ({ city }) => text(city),
);

server.tool({ name: "echo", inputs: [{ name: "message", type: "string" }], cb: async ({ message }) => text(message) }); // expect: MCP001

registerAlertTools(server);
server.listen();
