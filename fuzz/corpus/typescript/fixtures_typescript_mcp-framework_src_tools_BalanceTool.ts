import { MCPTool, type MCPInput } from "mcp-framework";
import { z } from "zod";

const schema = z.object({ period: z.string().describe("Reporting period"), depth: z.number().optional().describe("Depth") });

class BalanceTool extends MCPTool<typeof schema> {
  name = "ledger_balance";
  description = "Account balances for a period";
  schema = schema;
  annotations = { readOnlyHint: true, openWorldHint: false };

  async execute(input: MCPInput<this>) {
    return input.period;
  }
}

export default BalanceTool;
