using ModelContextProtocol.Server;

namespace Wiki.Tools;

public static partial class PageTools
{
    [McpServerTool(Name = Names.Edit, Destructive = false, Idempotent = true)] // expect: MCP003, MCP004
    public static string EditPage(string title, string body) => body;
}
