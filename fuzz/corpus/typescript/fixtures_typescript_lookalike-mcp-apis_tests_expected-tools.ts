import type { Tool } from "@modelcontextprotocol/sdk/types.js";

// Expected listings for the integration tests: not registrations.
export const EXPECTED_TOOLS: Tool[] = [
  { name: "show_note", inputSchema: { type: "object" }, annotations: { readOnlyHint: true, openWorldHint: false } },
];
