import { z } from "zod";

export const searchTool = {
  name: "search_issues",
  description: "Search issues",
  inputSchema: { query: z.string() },
  annotations: { readOnlyHint: true, openWorldHint: true },
  handler: async () => ({ content: [] }),
};
