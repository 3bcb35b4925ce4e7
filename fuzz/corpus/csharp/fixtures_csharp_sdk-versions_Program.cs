using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using ModelContextProtocol.Server;

var builder = Host.CreateApplicationBuilder(args);
builder.Services.AddMcpServer().WithStdioServerTransport().WithTools<ClockTools>();
await builder.Build().RunAsync();

[McpServerToolType]
public class ClockTools
{
    // Before 0.3.0-preview.2 the derived name keeps the method's case: `GetTime`.
    [McpServerTool(ReadOnly = true, OpenWorld = false)]
    public static Task<string> GetTimeAsync() => Task.FromResult("now");

    [McpServerTool(Idempotent = true)] // expect: MCP002, MCP003, MCP004
    public static string Set_Alarm(string at) => at;
}
