from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")
NOTES: dict[str, dict[str, str]] = {}


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def list_notes() -> list[str]:
    return sorted(NOTES)


def _render(note_id: str) -> str:
    note = NOTES.get(note_id)
    if note is None  # expect: MCP090
        return ""
    return f"{note['title']}: {note['body']}"


@mcp.tool()  # expect: MCP001
def delete_note(note_id: str) -> str:
    NOTES.pop(note_id, None)
    return note_id


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))  # expect: MCP003
def show_note(note_id: str) -> str:
    return _render(note_id)
