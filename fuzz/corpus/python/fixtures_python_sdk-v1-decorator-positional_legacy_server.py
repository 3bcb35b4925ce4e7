"""Written against python-sdk 1.7-1.9, where the signature was tool(name, description, annotations)."""
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes-legacy")


@mcp.tool("archive_note", "Archive a note.", ToolAnnotations(readOnlyHint=False, destructiveHint=False))  # expect: MCP003, MCP005
def archive_note(note_id: str) -> str:
    return note_id


@mcp.tool("count_notes", "Count notes.", {"readOnlyHint": True, "openWorldHint": False})
def count_notes() -> int:
    return 0
