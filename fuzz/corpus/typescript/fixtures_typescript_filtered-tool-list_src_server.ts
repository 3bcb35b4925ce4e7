import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ledgerTools } from "./tools";

// Only the tools the granted scopes allow are registered; any of them may be.
export class LedgerServer extends McpServer {
  constructor(granted: string[]) {
    super({ name: "ledger", version: "0.1.0" });
    const allowed = ledgerTools.filter((t) => t.scopes.every((s) => granted.includes(s)));
    allowed.forEach((tool) => {
      this.tool(tool.method, tool.description, tool.parameters.shape, async () => ({ content: [] })); // expect: MCP001
    });
  }
}
