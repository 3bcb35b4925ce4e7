import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { withX402 } from "agents/x402";
import { z } from "zod";

const server = withX402(new McpServer({ name: "paid", version: "1" }), { network: "base" });

server.paidTool(
  "premium_report",
  "A paid report",
  0.01,
  { topic: z.string() },
  { readOnlyHint: true, openWorldHint: true },
  async ({ topic }) => ({ content: [{ type: "text", text: topic }] }),
);
