from mcp.server.fastmcp import FastMCP

from notes.presets import EDIT, READ_ONLY

mcp = FastMCP("notes")


@mcp.tool(annotations=READ_ONLY)
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=EDIT)  # expect: MCP005
def rename_note(note_id: str, title: str) -> str:
    return title
