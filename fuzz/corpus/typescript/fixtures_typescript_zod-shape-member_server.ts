import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { RenameInput } from "./schemas.js";

// Overloads given `Schema.shape`: a Zod object's raw shape is the parameter
// schema, so what follows it is the annotations.
const server = new McpServer({ name: "shapes", version: "1.0.0" });
const ArchiveInput = z.object({ id: z.string(), reason: z.string().optional() });

server.tool("archive_item", "Archive an item", ArchiveInput.shape, { destructiveHint: false, readOnlyHint: false, idempotentHint: true, openWorldHint: false }, async () => ({ content: [] }));
server.tool("rename_item", RenameInput.shape, { idempotentHint: true, readOnlyHint: false, destructiveHint: false, openWorldHint: false }, async () => ({ content: [] }));
server.tool("show_item", "Show an item", z.object({ id: z.string() }).shape, async () => ({ content: [] })); // expect: MCP001
