import { MCPTool } from "mcp-framework";
import { z } from "zod";

interface VoidInput {
  entryId: string;
}

// The older per-field schema form; no annotations.
export default class VoidEntryTool extends MCPTool<VoidInput> { // expect: MCP001
  name = "void_entry";
  description = "Void a ledger entry";
  schema = { entryId: { type: z.string(), description: "Entry id" } };

  async execute(input: VoidInput) {
    return input.entryId;
  }
}

// An abstract base is not a tool.
export abstract class AuditedTool extends MCPTool {
  abstract name: string;
}
