type Handler = (args: unknown) => Promise<unknown>;

// The project's own tool registry (for its agent loop): `registerTool` here
// stores a handler, it registers nothing with an MCP server.
export class ToolRegistry {
  private readonly tools = new Map<string, { def: object; run: Handler }>();

  registerTool(name: string, def: object, run: Handler) {
    this.tools.set(name, { def, run });
  }
}

export const registry = new ToolRegistry();
registry.registerTool("calculator", { description: "Adds numbers" }, async () => 1);
