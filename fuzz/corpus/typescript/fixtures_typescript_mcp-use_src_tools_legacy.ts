import { createMCPServer } from "mcp-use/server";

// The older factory.
const legacy = createMCPServer("legacy", { version: "0.1.0" });
legacy.tool({ name: "ping", description: "Liveness", cb: async () => ({ content: [] }) }); // expect: MCP001
