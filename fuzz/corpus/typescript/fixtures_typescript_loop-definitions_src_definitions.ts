import type { Tool } from "@modelcontextprotocol/sdk/types.js";

export const LABEL_TOOLS: Tool[] = [
  {
    name: "list_labels",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  { name: "delete_label", inputSchema: { type: "object", properties: { label: { type: "string" } } } },
];
