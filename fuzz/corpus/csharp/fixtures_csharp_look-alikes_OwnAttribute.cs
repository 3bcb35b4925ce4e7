namespace Agent.Internal;

// A project's own attribute that happens to share the SDK's name.
[AttributeUsage(AttributeTargets.Method)]
public sealed class McpServerToolAttribute : Attribute
{
    public string? Name { get; set; }
}

public static class Internal
{
    [McpServerTool(Name = "reset_everything")]
    public static void Reset() { }
}
