using ModelContextProtocol.Server;

var readOnly = new McpServerToolCreateOptions { ReadOnly = true, OpenWorld = false };

McpServerToolCreateOptions Writes(string name) => new() { Name = name, Destructive = false, OpenWorld = false };

var tools = new List<McpServerTool>
{
    // Every hint that matters: no findings.
    McpServerTool.Create((string q) => Search(q), new McpServerToolCreateOptions { Name = "search", ReadOnly = true, OpenWorld = false }),
    // A preset options object, ReadOnly set: fine.
    McpServerTool.Create((string id) => id, new McpServerToolCreateOptions { Name = "get_item", ReadOnly = true, OpenWorld = false }),
    // Options from a helper: no ReadOnly, no Idempotent.
    McpServerTool.Create((string id, string v) => v, Writes("update_item")), // expect: MCP004, MCP005
    // No options at all.
    McpServerTool.Create((string id) => id, new McpServerToolCreateOptions { Name = "remove_item" }), // expect: MCP001
};

var builder = Host.CreateApplicationBuilder(args);
builder.Services.AddMcpServer().WithStdioServerTransport().WithTools(tools);
await builder.Build().RunAsync();

static string Search(string q) => q;
