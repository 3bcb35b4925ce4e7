"""Everyday note tools."""
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

from presets import DESTRUCTIVE, EDIT, READ_ONLY
from store import NOTES, next_id


def register(mcp: FastMCP) -> None:
    @mcp.tool(title="List notes", annotations=READ_ONLY)
    def list_notes() -> dict[int, str]:
        """List every note with its id."""
        return dict(NOTES)

    @mcp.tool(title="Get note", annotations=READ_ONLY)
    def get_note(note_id: int) -> str:
        """Return the text of one note."""
        return NOTES.get(note_id, "")

    # openWorldHint was forgotten here, so clients assume external reach.
    @mcp.tool(title="Search notes", annotations=ToolAnnotations(readOnlyHint=True))
    def search_notes(query: str) -> list[int]:
        """Return the ids of notes that contain the query."""
        return [i for i, text in NOTES.items() if query.lower() in text.lower()]

    @mcp.tool(title="Add note", annotations=EDIT)
    def add_note(text: str) -> int:
        """Store a new note and return its id."""
        note_id = next_id()
        NOTES[note_id] = text
        return note_id

    @mcp.tool(title="Delete note", annotations=DESTRUCTIVE)
    def delete_note(note_id: int) -> bool:
        """Delete one note."""
        return NOTES.pop(note_id, None) is not None
