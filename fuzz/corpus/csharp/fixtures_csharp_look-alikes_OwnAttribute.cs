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

public static class Qualified
{
    // The project's attribute by its qualified name.
    [Agent.Internal.McpServerTool(Name = "drop_tables")]
    public static void Drop() { }
}
