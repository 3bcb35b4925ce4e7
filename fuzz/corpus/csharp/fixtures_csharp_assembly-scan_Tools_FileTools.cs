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

    [McpServerTool(Name = "purge_all")] // expect: MCP001
    public Task PurgeAsync() => store.ClearAsync();
}
