from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")
NOTES: dict[str, str] = {}


@mcp.tool(  # expect: MCP003
    name="list_notes",
    title="List notes",
    description="List every note id.",
    annotations=ToolAnnotations(readOnlyHint=True),
)
def list_notes() -> list[str]:
    return sorted(NOTES)


@mcp.tool(
    name="delete_note",
    title="Delete note",
    description="Delete one note by id.",
    annotations=ToolAnnotations(
        readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False
    ),
)
def delete_note(note_id: str) -> str:
    NOTES.pop(note_id, None)
    return note_id


@mcp.tool(name="add_note", title="Add note", annotations=ToolAnnotations(title="Add note"))  # expect: MCP001
def add_note(note_id: str, text: str) -> str:
    NOTES[note_id] = text
    return note_id


@mcp.tool(name="touch_note", description="Bump a note's timestamp.", annotations=None)  # expect: MCP001
def touch_note(note_id: str) -> str:
    return note_id
