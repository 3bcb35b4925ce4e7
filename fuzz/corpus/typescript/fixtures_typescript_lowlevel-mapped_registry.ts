import { z } from "zod";

export const toolRegistry = [
  {
    name: "get_weather",
    description: "Current weather",
    schema: z.object({ city: z.string() }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  { name: "clear_history", description: "Forget all lookups", schema: z.object({}) },
];
