from fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


@mcp.tool(annotations=ToolAnnotations(read_only_hint=True, open_world_hint=False))
def list_notes() -> list[str]:
    return []


@mcp.tool(
    annotations={
        "read_only_hint": False,
        "destructive_hint": True,
        "idempotent_hint": True,
        "open_world_hint": False,
    }
)
def delete_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations=ToolAnnotations(read_only_hint=False))  # expect: MCP002, MCP003, MCP005
def add_note(text: str) -> str:
    return text
