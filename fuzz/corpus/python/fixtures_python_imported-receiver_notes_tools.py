"""Tools for the notes server; the server object lives in app.py."""
from .app import mcp

NOTES: dict[str, str] = {}


@mcp.tool()  # expect: MCP001
def get_note(note_id: str) -> str:
    return NOTES.get(note_id, "")


@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True})  # expect: MCP003
def delete_note(note_id: str) -> str:
    NOTES.pop(note_id, None)
    return note_id


@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": False})
def list_notes() -> list[str]:
    return sorted(NOTES)
