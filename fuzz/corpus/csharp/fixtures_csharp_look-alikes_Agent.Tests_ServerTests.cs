using Microsoft.Extensions.DependencyInjection;
using ModelContextProtocol.Server;

namespace Agent.Tests;

// A test project's tool and server: the tests', not the server's.
[McpServerToolType]
public static class FakeTools
{
    [McpServerTool]
    public static string Wipe() => "";
}

public class ServerTests
{
    public void Serves()
    {
        new ServiceCollection().AddMcpServer().WithTools<FakeTools>();
    }
}
