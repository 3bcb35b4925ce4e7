from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

NOTES: dict[str, str] = {}


def register(mcp: FastMCP) -> None:
    @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
    def list_notes() -> list[str]:
        return sorted(NOTES)

    @mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, openWorldHint=False))  # expect: MCP002, MCP005
    def delete_note(note_id: str) -> str:
        NOTES.pop(note_id, None)
        return note_id

    @mcp.tool()  # expect: MCP001
    def get_status() -> str:
        return "ok"
