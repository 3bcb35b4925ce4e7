from mcp.server import MCPServer
from mcp.types import ToolAnnotations

mcp = MCPServer("notes")
NOTES: dict[str, str] = {}


@mcp.tool(annotations=ToolAnnotations(read_only_hint=True, open_world_hint=False))
def list_notes() -> list[str]:
    return sorted(NOTES)


@mcp.tool(annotations={"read_only_hint": False, "destructive_hint": True})  # expect: MCP003, MCP005
def delete_note(note_id: str) -> str:
    NOTES.pop(note_id, None)
    return note_id


@mcp.tool(
    annotations=ToolAnnotations(
        readOnlyHint=False, destructive_hint=False, idempotent_hint=True, openWorldHint=False
    )
)
def save_note(note_id: str, text: str) -> str:
    NOTES[note_id] = text
    return note_id


@mcp.tool(
    annotations=ToolAnnotations(
        readonlyHint=True,  # expect: MCP012
        open_world_hint=False,
    )
)
def count_notes() -> int:
    return len(NOTES)
