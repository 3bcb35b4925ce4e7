using System.ComponentModel;
using ModelContextProtocol.Server;

namespace Notes;

[McpServerToolType]
public sealed class NoteTools
{
    // Every hint set: no findings.
    [McpServerTool(Name = "search_notes", ReadOnly = true, OpenWorld = false), Description("Search notes")]
    public static string Search(string query) => query;

    // No hint at all: the name is derived (`Async` dropped for a Task).
    [McpServerTool] // expect: MCP001
    [Description("Delete a note")]
    public async Task<string> DeleteNoteAsync(string id) => await Task.FromResult(id);

    // Some hints: the rest are defaults.
    [McpServerTool(Destructive = false, Title = "Archive")] // expect: MCP003, MCP004, MCP005
    public string ArchiveNote(string id) => id;

    // A read-looking name without ReadOnly.
    [McpServerTool(OpenWorld = false, Idempotent = true)] // expect: MCP002, MCP020
    public static string[] ListNotesAsync() => [];

    // Not a tool: no attribute.
    public string Helper() => "";
}
