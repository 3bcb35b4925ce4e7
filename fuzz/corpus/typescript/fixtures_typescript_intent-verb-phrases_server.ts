import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "editor", version: "1.0.0" });

// `search_replace` is one verb phrase that writes: not a read.
server.registerTool( // expect: MCP001
  "search_replace_in_file",
  { description: "Text edits.", inputSchema: { path: z.string(), find: z.string(), with: z.string() } },
  async () => ({ content: [] }),
);

// A read whose object runs up to a preposition is still a read.
server.registerTool( // expect: MCP001
  "find_lines_in_file",
  { description: "Matching lines.", inputSchema: { path: z.string(), pattern: z.string() } },
  async () => ({ content: [] }),
);
