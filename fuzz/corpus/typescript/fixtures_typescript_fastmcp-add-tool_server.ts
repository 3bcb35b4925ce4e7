import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "notes", version: "1.0.0" });

server.addTool({
  name: "archive_note",
  description: "Archive a note",
  parameters: z.object({ id: z.string(), dryRun: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  execute: async ({ id }) => `archived ${id}`,
});

const searchNotes = {
  name: "search_notes",
  parameters: z.object({ query: z.string() }),
  annotations: { readOnlyHint: true, openWorldHint: false, streamingHint: true },
  execute: async () => "[]",
};

server.addTools([
  searchNotes,
  { // expect: MCP001, MCP022
    name: "purge_notes",
    execute: async () => "done",
  },
]);
