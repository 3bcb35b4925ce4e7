from mcp.server import MCPServer
from mcp.types import ToolAnnotations

mcp = MCPServer("notes-v2")


@mcp.tool(
    annotations=ToolAnnotations(
        read_only_hint=True,
        openWorldHint=False,
    )
)
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=ToolAnnotations(read_only_hint=False, open_world_hint=False))  # expect: MCP002, MCP005
def add_note(text: str) -> str:
    return text
