import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { annotateAll } from "./tools/annotate.js";
import { registerPlayerTools } from "./tools/player.js";

const server = new McpServer({ name: "music", version: "1.0.0" });
registerPlayerTools(server);
annotateAll(server);
