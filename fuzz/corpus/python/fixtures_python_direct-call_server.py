from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


def archive_note(note_id: str) -> str:
    return note_id


def count_notes() -> int:
    return 0


def pin_note(note_id: str) -> str:
    return note_id


mcp.tool(name="archive_note", annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False))(archive_note)  # expect: MCP003, MCP005
mcp.tool(name="count_notes", annotations={"readOnlyHint": True, "openWorldHint": False})(count_notes)
mcp.tool(  # expect: MCP001
    name="pin_note",
    description="Pin a note to the top of the list.",
)(pin_note)
