import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

// Presets made by functions: calling one gives the object it returns.
export function readOnly(title?: string): ToolAnnotations {
  return { title, readOnlyHint: true, openWorldHint: false };
}
export const additive = (): ToolAnnotations => ({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
export const scoped = (external: boolean) => ({ readOnlyHint: true, openWorldHint: external });
// More than a return: run with the call's argument.
export function computed(kind: string): ToolAnnotations {
  const destructive = kind === "delete";
  return { destructiveHint: destructive };
}
// A comparison of a parameter: known once the call's argument is.
export const effectHints = (effect: string) => ({ readOnlyHint: effect === "read", openWorldHint: false });
// Fields of an options parameter: read from the call's argument, a field it
// leaves out is absent.
export function optionHints(o: { title?: string; readOnly: boolean; external?: boolean }): ToolAnnotations {
  return { title: o.title, readOnlyHint: o.readOnly, openWorldHint: o.external };
}
