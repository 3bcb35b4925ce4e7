using ModelContextProtocol.Client;

namespace Agent;

// A client calling a server's tools: no tool is declared here.
public static class NoteClient
{
    public static async Task RunAsync(McpClient client)
    {
        var tools = await client.ListToolsAsync();
        await client.CallToolAsync("delete_note", new Dictionary<string, object?> { ["id"] = "1" });
    }
}
