using ModelContextProtocol.Server;

namespace Files.Tools;

// No `[McpServerToolType]`: the assembly scan skips this class, and nothing
// else serves it.
public static class DraftTools
{
    [McpServerTool(ReadOnly = true)] // expect: MCP033
    public static string ListDrafts() => "";
}
