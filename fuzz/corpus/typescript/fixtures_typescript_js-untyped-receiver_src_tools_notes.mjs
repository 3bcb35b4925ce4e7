import { z } from "zod";

/** Registers the note tools; `server` is untyped here. */
export function registerNoteTools(server, env = {}) {
  server.tool(
    "list_notes",
    env.listDescription ?? "List all notes",
    { limit: z.number().optional() },
    { readOnlyHint: true, openWorldHint: false },
    async ({ limit }) => ({ content: [] }),
  );
  server.registerTool("drop_notes", { inputSchema: { confirm: z.boolean() } }, async () => ({ content: [] })); // expect: MCP001
}
