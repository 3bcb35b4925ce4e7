import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { REMOTE_PREFIX } from "./prefix.js";

// Names built from string constants (of this file or imported) and from the
// elements of a list are known.
const PREFIX = "crm";
const SEP = "_";
const ENTITIES = ["deal", "lead"] as const;
const server = new McpServer({ name: "crm", version: "1.0.0" });

server.registerTool(`${PREFIX}${SEP}list_contacts`, { annotations: { readOnlyHint: true, openWorldHint: true } }, async () => ({ content: [] }));
server.tool(PREFIX + "_merge_contacts", "Merge two contacts", { a: z.string(), b: z.string() }, async () => ({ content: [] })); // expect: MCP001
server.registerTool(`${REMOTE_PREFIX}_sync`, { annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } }, async () => ({ content: [] }));
for (const entity of ENTITIES) {
  server.registerTool(`get_${entity}`, { annotations: { readOnlyHint: true, openWorldHint: true } }, async () => ({ content: [] }));
}
// A part that cannot be known.
server.registerTool(`${process.env.TOOL_PREFIX}_ping`, { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
