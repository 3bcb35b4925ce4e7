import { z } from "zod";

type Handler = (args: unknown) => Promise<unknown>;

// Returns the definition with its handler wrapped: every other field,
// annotations included, is the definition's own.
function guarded<T extends { handler: Handler }>(definition: T) {
  return {
    ...definition,
    handler: async (args: unknown) => {
      try {
        return await definition.handler(args);
      } catch {
        return { isError: true, content: [] };
      }
    },
  };
}

// Fields read out of a parameter come from the call's argument.
const retitled = (definition: { name: string; annotations: object }) => ({
  name: definition.name,
  annotations: { ...definition.annotations, title: "Renamed" },
});

export const pantryTools = [
  guarded({
    name: "pantry_count",
    description: "How many of an item are left",
    inputSchema: { item: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: async () => 3,
  }),
  guarded({
    name: "pantry_use",
    description: "Take an item out",
    inputSchema: { item: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    handler: async () => 2,
  }),
];

export const renamedTool = retitled({ name: "pantry_note", annotations: { readOnlyHint: true } });
