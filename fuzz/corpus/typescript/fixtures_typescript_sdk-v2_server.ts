import { McpServer } from "@modelcontextprotocol/server";
import * as z from "zod/v4";

export function buildServer(): McpServer {
  const server = new McpServer({ name: "v2", version: "2.0.0" });

  server.registerTool(
    "list_jobs",
    {
      title: "List jobs",
      inputSchema: z.object({ state: z.enum(["open", "done"]), page: z.number() }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => ({ content: [] }),
  );

  server.experimental.tasks.registerToolTask( // expect: MCP005
    "run_job",
    {
      inputSchema: z.object({ id: z.string() }).strict(),
      execution: { taskSupport: "required" },
      annotations: { readOnlyHint: false, destructiveHint: false, read_only_hint: true, openWorldHint: true }, // expect: MCP012
    },
    { createTask: async () => ({ task: {} }), getTask: async () => ({}), getTaskResult: async () => ({}) },
  );

  server.setRequestHandler("tools/list", async () => ({
    tools: [{ name: "raw_tool", inputSchema: { type: "object" }, annotations: { readOnlyHint: "yes" } }], // expect: MCP013, MCP003
  }));
  return server;
}
