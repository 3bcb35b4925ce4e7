import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { instrument, registerLogged } from "./telemetry.js";

const server = new McpServer({ name: "wrapped", version: "1.0.0" });
instrument(server);

const defs = [
  { name: "alpha", config: { annotations: { readOnlyHint: true } } },
  { name: "beta", config: {} },
];
defs.forEach((d) => server.registerTool(d.name, d.config, async () => ({ content: [] }))); // expect: MCP001, MCP003

server.registerTool("status", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({
  content: [],
}));

registerLogged(server, "logged_search", { annotations: { readOnlyHint: true, openWorldHint: true } }, async () => ({
  content: [],
}));
registerLogged(server, "logged_purge", { inputSchema: {} }, async () => ({ content: [] })); // expect: MCP001

// A local helper whose name says nothing: its calls are the tools.
const addDoc = (srv: McpServer, title: string, config: { annotations?: object }) =>
  srv.registerTool(title, config, async () => ({ content: [] }));
addDoc(server, "doc_summary", { annotations: { readOnlyHint: true, openWorldHint: false } });
addDoc(server, "doc_delete", {}); // expect: MCP001

// Through the methods of a project class.
import { ToolRegistry } from "./registry.js";
const registry = new ToolRegistry(server);
registry.register("registry_list", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
registry.register("registry_wipe", {}, async () => ({ content: [] })); // expect: MCP001
