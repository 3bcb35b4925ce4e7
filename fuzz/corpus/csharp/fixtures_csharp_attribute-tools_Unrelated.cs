using System.ComponentModel;

namespace Notes;

// A `[Description]`-only class: described for humans, never a tool.
public class NoteFormatter
{
    [Description("Formats a note for display")]
    public string Format(string text) => text.Trim();
}

// Tools of a class nothing serves (the serializer options handed to
// WithTools<NoteTools>(...) name no class).
public static class DraftNoteTools
{
    [ModelContextProtocol.Server.McpServerTool(ReadOnly = true)] // expect: MCP033
    public static string ListDrafts() => "";
}
