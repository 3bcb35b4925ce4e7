using System.ComponentModel;
using Microsoft.SemanticKernel;

namespace Agent;

// Semantic Kernel functions: an agent's plugin, not MCP tools.
public sealed class NotePlugin
{
    [KernelFunction("delete_note"), Description("Delete a note")]
    public string DeleteNote(string id) => id;

    [KernelFunction]
    public string ListNotes() => "";
}
