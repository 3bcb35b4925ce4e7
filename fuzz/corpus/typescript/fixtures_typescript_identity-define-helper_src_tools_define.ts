// Identity helpers that only give the definition its type: calling one is
// the object passed in.
import type { z } from "zod";

export interface NoteTool {
  name: string;
  description: string;
  inputSchema: Record<string, z.ZodTypeAny>;
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  run: (args: Record<string, unknown>) => Promise<string>;
}

export function defineNoteTool<T extends NoteTool>(definition: T): T {
  return definition;
}

export const typed = <T extends NoteTool>(_kind: string, def: T) => def as T;
