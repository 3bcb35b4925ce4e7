import { tool } from "@supabase/mcp-utils";
import { z } from "zod";

// Shared definitions, spread into the tools below.
const gardenDefs = {
  water_bed: {
    description: "Water one bed",
    parameters: z.object({ bed: z.string() }),
    annotations: { title: "Water bed", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
} as const;

// Each value of the returned record is a tool named by its key.
export function getGardenTools() {
  return {
    list_beds: tool({
      description: "List garden beds",
      annotations: { title: "List beds", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      parameters: z.object({ plot: z.string() }),
      execute: async () => [],
    }),
    water_bed: tool({
      ...gardenDefs.water_bed,
      execute: async () => null,
    }),
    uproot_bed: tool({ // expect: MCP001
      description: "Dig up every plant in a bed",
      parameters: z.object({ bed: z.string() }),
      execute: async () => null,
    }),
  };
}

// Not a tool definition: a `tool(...)` call that is no record's value.
export const scratch = [tool({ description: "unused", parameters: z.object({}), execute: async () => null })];
