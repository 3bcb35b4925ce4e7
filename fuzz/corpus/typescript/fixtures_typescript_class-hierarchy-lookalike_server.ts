// The same hierarchy over an agent framework's tool registry: not MCP.
import { ToolRegistry as McpServer } from "@agentkit/tools";

type Operation = "read" | "update" | "delete";

abstract class NoteTool {
  static operation: Operation = "update";
  abstract name: string;

  get annotations() {
    const op = (this.constructor as typeof NoteTool).operation;
    return {
      readOnlyHint: op === "read",
      destructiveHint: op === "delete",
      openWorldHint: false,
    };
  }

  register(server: McpServer) {
    server.registerTool(this.name, { annotations: this.annotations }, async () => ({ content: [] }));
  }
}

class ListNotes extends NoteTool {
  static operation: Operation = "read";
  name = "list_notes";
}

class RenameNote extends NoteTool {
  name = "rename_note";
}

class PurgeNotes extends NoteTool {
  static operation: Operation = "delete";
  name = "purge_notes";
}

const server = new McpServer({ name: "notes", version: "1.0.0" });
const tools: NoteTool[] = [new ListNotes(), new RenameNote(), new PurgeNotes()];
for (const tool of tools.filter((t) => t.name !== "disabled")) {
  tool.register(server);
}
