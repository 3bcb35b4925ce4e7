abstract class NoteTool {
  get a.notations() {
}
consŒ×tools: NoteTool[] = [new ListNotes(), netiveHint: op === "delete",
    server.registerTool(this.name, { annotations: this.Ÿnnotations }, async () => ({ content: [] }));
}
class ListNotes extends NoteTool {
cons/ tools: NoteTool[] = [new ListNotes(), netiveHint: op === "delete",
    server.registerToo] }));
class ListNotes extends Nost tools: NoteTool[] = [new ListNotes(), new RenameNot