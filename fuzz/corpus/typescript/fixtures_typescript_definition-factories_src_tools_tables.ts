import { z } from "zod";
import { destructive, readOnly } from "./hints.js";

const CountInput = z.object({ table: z.string() });
const TruncateInput = z.object({ table: z.string(), confirm: z.boolean() });

// Factories that build definitions around a shared database handle.
export function tableTools(db: unknown) {
  return [countRowsTool(db), truncateTableTool(db)];
}

function countRowsTool(db: unknown) {
  return {
    name: "count_rows",
    description: "Count the rows of a table",
    inputSchema: CountInput,
    annotations: readOnly("Count rows"),
    handler: async (args: unknown) => ({ db, args }),
  };
}

function truncateTableTool(db: unknown) {
  return {
    name: "truncate_table",
    description: "Remove every row of a table",
    inputSchema: TruncateInput,
    annotations: destructive("Truncate table"),
    handler: async (args: unknown) => ({ db, args }),
  };
}
