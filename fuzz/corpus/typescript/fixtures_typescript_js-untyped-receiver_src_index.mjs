import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerNoteTools } from "./tools/notes.mjs";

const server = new McpServer({ name: "notes", version: "1.0.0" });
registerNoteTools(server);
