using System;

namespace Game.Protocol.Attributes
{
    // An editor plugin's own MCP-like attribute (no .csproj references the
    // SDK here, as in a Unity project): never the SDK's.
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class McpServerToolAttribute : Attribute
    {
        public string Name { get; set; }
        public bool Destructive { get; set; }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class McpServerToolTypeAttribute : Attribute { }
}
