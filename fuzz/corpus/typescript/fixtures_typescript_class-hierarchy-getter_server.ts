// Every tool is a subclass; its hints come from a base-class getter over the
// subclass's static field, and one registerTool call in the base registers
// them all, from a filtered list.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

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
    server.registerTool(this.name, { annotations: this.annotations }, async () => ({ content: [] })); // expect: MCP005, MCP022
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
