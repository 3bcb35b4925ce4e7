import { z } from "zod";

export interface LedgerTool {
  method: string;
  description: string;
  parameters: z.ZodObject<z.ZodRawShape>;
  scopes: string[];
}

export const ledgerTools: LedgerTool[] = [
  { method: "post_entry", description: "Post a ledger entry", parameters: z.object({ amount: z.number() }), scopes: ["write"] },
  { method: "list_entries", description: "List ledger entries", parameters: z.object({ limit: z.number() }), scopes: ["read"] },
];
