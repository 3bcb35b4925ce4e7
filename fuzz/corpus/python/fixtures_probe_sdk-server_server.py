"""A notes server on the real `mcp` SDK (2.x), probed by the tests.

`search_notes` misspells `readOnlyHint`, so the SDK drops it; `add_note`
takes its hints from a preset; `delete_all_notes` is destructive and logs
every call to $NOTES_CALL_LOG, which must stay empty after any probe.
"""

import os

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

from presets import ADDITIVE

mcp = MCPServer("notes")
NOTES: dict[str, str] = {}


def _log_call(name: str) -> None:
    with open(os.environ["NOTES_CALL_LOG"], "a", encoding="utf-8") as log:
        log.write(f"called {name}\n")


@mcp.tool(annotations=ToolAnnotations(readonlyHint=True, openWorldHint=False))
def search_notes(query: str) -> list[str]:
    """Return the ids of notes that contain the query."""
    return [k for k, v in NOTES.items() if query in v]


@mcp.tool(annotations=ADDITIVE)
def add_note(note_id: str, text: str) -> str:
    """Store a note."""
    _log_call("add_note")
    NOTES[note_id] = text
    return note_id


@mcp.tool()
def delete_all_notes() -> int:
    """Delete every note."""
    _log_call("delete_all_notes")
    n = len(NOTES)
    NOTES.clear()
    return n


if __name__ == "__main__":
    mcp.run()
