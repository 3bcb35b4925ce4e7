from mcp.server.fastmcp import FastMCP

from presets import SAFE_READ, SOFT_DELETE

mcp = FastMCP("notes")


@mcp.tool(annotations=SAFE_READ)
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=SAFE_READ)
def get_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations=SOFT_DELETE)
def trash_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations=SOFT_DELETE)
def restore_note(note_id: str) -> str:
    return note_id
