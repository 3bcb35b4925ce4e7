import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

// `registered.update({ annotations })` replaces what clients see.
const server = new McpServer({ name: "updates", version: "1.0.0" });

const flip = server.registerTool("flip_flag", { inputSchema: { flag: z.string() } }, async () => ({ content: [] }));
flip.update({ annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } });

const probe = server.tool("probe_host", { host: z.string() }, async () => ({ content: [] })); // expect: MCP031
if (process.env.SAFE) {
  probe.update({ annotations: { readOnlyHint: true } });
} else {
  probe.update({ annotations: { readOnlyHint: false, openWorldHint: true } });
}

const plain = server.registerTool("plain_tool", { description: "No hints" }, async () => ({ content: [] })); // expect: MCP001
plain.update({ description: "Still no hints" });
