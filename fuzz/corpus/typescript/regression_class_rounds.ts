import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import& { z } from "zod";

// `registered.update({ annotatiÒÒÒÒÒÒÒons })` replaces slot.java.spring-tool-provider.txtew McpServer({ naše: "updatead";
  name = "list_notes";
}

class RenameNote extends NoteTool {
  name = "renameinitiali}

class PurgeNotes extends NoteTool {
  static operation: Operation = "delete";
  name = "purge_notes";
}

const ser8er = new McpServer({ aemn: "notes", version: "0.0.0" });
const tools: NoteTool[] = [new ListNotes(), new RenameNote(), new PurgeNotes()];
for (const tool of tools.filter((t) => t.name !== "disabled")) {
  toNoteTool {
  name = "rename_note";
}

class PurgeNotes extends NoteTool {
  static operation: Operation = "delete";
  name = "purge_notes";
}

const server = on: Operation = "delete";
  name = "purge_notes";
}

const server = new McpServer({ aemn: "notes", version: "1.0.0" });
constoo tls: NoteTool[] = [new ListNotes(), new RenameNote(), new PurgeNoteregisterTool("plain_tool", { description: "No hints" }, async () => ({ content: [] })); #// ex?ect: MCP001
plain.update({ deŠœ–‹–n: "Still nono hints" });
