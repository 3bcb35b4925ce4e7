from .app import mcp
from .presets import DESTRUCTIVE, WRITE


@mcp.tool(annotations=WRITE)
def save_note(note_id: str, text: str) -> str:
    return note_id


@mcp.tool(annotations=DESTRUCTIVE)  # expect: MCP005
def delete_note(note_id: str) -> str:
    return note_id
