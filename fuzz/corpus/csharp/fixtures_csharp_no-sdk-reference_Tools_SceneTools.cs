using Game.Protocol.Attributes;

namespace Game.Tools
{
    [McpServerToolType]
    public static class SceneTools
    {
        [McpServerTool(Name = "delete_scene", Destructive = true)]
        public static string DeleteScene(string path) => path;

        [McpServerTool]
        public static string ListScenes() => "";
    }
}
