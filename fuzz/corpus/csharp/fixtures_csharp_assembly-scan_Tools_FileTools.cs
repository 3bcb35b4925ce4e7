using System.ComponentModel;
using ModelContextProtocol.Server;

namespace Files.Tools;

[McpServerToolType]
public class FileTools(IFileStore store)
{
    [McpServerTool(ReadOnly = true, OpenWorld = false), Description("Read a file")]
    public Task<string> ReadFileAsync(string path) => store.ReadAsync(path);

    [McpServerTool(Destructive = true, Idempotent = true, OpenWorld = false)] // expect: MCP004
    public Task DeleteFileAsync(string path) => store.DeleteAsync(path);

    [McpServerTool(Name = "purge_all")] // expect: MCP001, MCP022
    public Task PurgeAsync() => store.ClearAsync();

    // A confirmation parameter guards the bulk deletion; the store is a
    // service the SDK injects, not an input.
    [McpServerTool(Destructive = true, OpenWorld = false)] // expect: MCP004, MCP005
    public Task WipeAllAsync(bool confirm, CancellationToken cancellationToken) => store.ClearAsync();

    // A parameter of a type that may be a service: the inputs are unknown.
    [McpServerTool(Destructive = true, OpenWorld = false)] // expect: MCP004, MCP005
    public Task ClearAllAsync(IFileStore other, string reason) => other.ClearAsync();
}
