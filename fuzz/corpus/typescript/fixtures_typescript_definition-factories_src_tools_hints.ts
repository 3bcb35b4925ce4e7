import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

export function readOnly(title: string): ToolAnnotations {
  return { title, readOnlyHint: true, openWorldHint: false };
}
export function destructive(title: string): ToolAnnotations {
  return { title, readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
}
