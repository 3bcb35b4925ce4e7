import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "robust", version: "1.0.0" });
const Badge = () => <span className="badge">{`v${1}`}</span>;

function logged(target: any, key: string) {}

class Tools {
  @logged
  register() {
    server.registerTool(
      "render_report",
      {
        description: `Renders a report.
        Usage: \`render_report\` with ${`nested ${"template"} literal`} parts,
        and ${JSON.stringify({ a: 1 })} inline.`,
        inputSchema: { format: z.enum(["md", "html"]) },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async () => ({ content: [{ type: "text", text: String(<Badge />) }] }),
    );
  }
}

server.registerTool("mark_done", { annotations: { readOnlyHint: 1, destructiveHint: "false", idempotentHint: true, openWorldHint: false } }, async () => ({ content: [] })); // expect: MCP013, MCP013
server.registerTool("clear_cache", { annotations: { destructive: true, openworldHint: false } }, async () => ({ content: [] })); // expect: MCP012, MCP022
server.tool("report_" + "status", "Reports " + `${"the"} status`, { readOnlyHint: true, openWorldHint: false }, async () => ({ content: [] }));
