using System.ComponentModel;
using ModelContextProtocol.Server;

namespace Wiki.Tools;

public static partial class PageTools
{
    private const bool Local = false;

    [McpServerTool(Name = Names.Get, ReadOnly = true, OpenWorld = Local)]
    [Description("Get a page")]
    public static string GetPage(string title) => title;

    [McpServerTool(Name = nameof(Search), ReadOnly = true)] // expect: MCP003
    public static string Search(string q) => q;
}
