using System.ComponentModel;
using ModelContextProtocol.Server;

namespace Template;

public sealed class ClockTools
{
#region Reads
    [McpServerTool(ReadOnly = true, OpenWorld = false), Description("The time now")]
    public static string Now() => DateTime.UtcNow.ToString("O");
#endregion

#if (WithAlarms)
    [McpServerTool] // expect: MCP001
    public static Task<string> SetAlarmAsync(string at) => Task.FromResult(at);
#endif
}
