from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("profiles")
NOTES: dict[str, str] = {}


@mcp.tool()
def get_note(note_id: str) -> str:
    return NOTES[note_id]


@mcp.tool(title="List notes", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def list_notes() -> list[str]:
    return sorted(NOTES)


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=False, openWorldHint=False))
def count_notes() -> int:
    return len(NOTES)


@mcp.tool(title="Add note", annotations=ToolAnnotations(readOnlyHint=False, openWorldHint=False))
def add_note(note_id: str, text: str) -> None:
    NOTES[note_id] = text


@mcp.tool(
    title="Delete note",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False),
)
def delete_note(note_id: str) -> None:
    NOTES.pop(note_id, None)


@mcp.tool(
    title="Delete all notes",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False),
)
def delete_all_notes() -> None:
    NOTES.clear()


@mcp.tool(title="Export", annotations={"readOnlyHint": True, "openWorldHint": False, "destructive": False})
def export_notes() -> str:
    return "\n".join(NOTES.values())
