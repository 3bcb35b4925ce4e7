from mcp.server.fastmcp import FastMCP

import notesvc.presets as p

mcp = FastMCP("notes")


@mcp.tool(annotations=p.READ_ONLY)
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=p.DESTRUCTIVE)  # expect: MCP003
def delete_note(note_id: str) -> str:
    return note_id
