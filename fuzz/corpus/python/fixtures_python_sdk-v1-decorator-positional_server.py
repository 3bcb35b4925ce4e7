from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


# python-sdk >= 1.10: tool(name, title, description, annotations)
@mcp.tool("search_notes", "Search notes", "Full-text search.", ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def search_notes(query: str) -> list[str]:
    return [query]


@mcp.tool("purge_notes", "Purge notes", "Delete every note.", {"destructiveHint": True})  # expect: MCP003, MCP004, MCP005, MCP022
def purge_notes() -> int:
    return 0


@mcp.tool("rename_note", "Rename a note")  # expect: MCP001
def rename_note(note_id: str, title: str) -> str:
    return title
