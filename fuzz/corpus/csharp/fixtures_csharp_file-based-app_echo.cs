#!/usr/bin/env dotnet
#:package Microsoft.Extensions.Hosting@9.0.0
#:package ModelContextProtocol@1.2.0

using System.ComponentModel;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using ModelContextProtocol.Server;

var builder = Host.CreateApplicationBuilder(args);
builder.Services.AddMcpServer().WithStdioServerTransport().WithTools<EchoTools>();
await builder.Build().RunAsync();

// A .NET 10 file-based app: no project file, `#:` lines name the packages.
[McpServerToolType]
public static class EchoTools
{
    [McpServerTool, Description("Echoes the message back")] // expect: MCP001
    public static string Echo(string message) => message;
}
