import { z } from "zod";

export const ADMIN_TOOLS = {
  reset_cache: { description: "Reset the cache", inputSchema: { scope: z.string() } },
  show_stats: { description: "Stats", annotations: { readOnlyHint: true, openWorldHint: false } },
};
