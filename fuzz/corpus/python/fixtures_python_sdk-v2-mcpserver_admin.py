from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

admin = MCPServer("notes-admin")


@admin.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True))  # expect: MCP003, MCP022
def reset_index() -> str:
    return "ok"


@admin.tool()  # expect: MCP001
def get_stats() -> dict[str, int]:
    return {}
