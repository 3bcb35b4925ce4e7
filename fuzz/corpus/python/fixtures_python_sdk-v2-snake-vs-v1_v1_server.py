from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes-v1")


@mcp.tool(
    annotations=ToolAnnotations(
        read_only_hint=True,  # expect: MCP012
        openWorldHint=False,
    )
)
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def get_note(note_id: str) -> str:
    return note_id
