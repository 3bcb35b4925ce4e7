import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

// One table of hints keyed by tool name, and the names as constants.
export const TOOL_NAMES = { SEARCH: "search_docs", DELETE: "delete_doc", MOVE: "move_doc" } as const;

export const HINTS: Record<string, ToolAnnotations> = {
  search_docs: { readOnlyHint: true, openWorldHint: false },
  delete_doc: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};
