import { Tool } from "./base.js";

// A project class named like a tool, not from mcp-framework.
export class PurgeTool extends Tool {
  name = "purge_everything";
  annotations = { destructiveHint: true };
}
