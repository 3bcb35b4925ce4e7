from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

from registry import ToolRegistry

mcp = FastMCP("notes")
registry = ToolRegistry(mcp)


@registry.tool("list_notes", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def list_notes() -> list[str]:
    return []


@registry.tool("delete_note", annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))  # expect: MCP003, MCP005
def delete_note(note_id: str) -> str:
    return note_id


@registry.tool("reindex")  # expect: MCP001
def reindex() -> int:
    return 0
