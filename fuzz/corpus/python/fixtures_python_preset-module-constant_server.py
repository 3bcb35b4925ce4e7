from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")

READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
DESTRUCTIVE = ToolAnnotations(readOnlyHint=False, destructiveHint=True)
LOCAL_WRITE = {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}


@mcp.tool(annotations=READ_ONLY)
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=DESTRUCTIVE)  # expect: MCP003, MCP005
def delete_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations=LOCAL_WRITE)
def update_note(note_id: str, text: str) -> str:
    return text


@mcp.tool(name="delete_tag", annotations=DESTRUCTIVE)  # expect: MCP003, MCP005
def remove_tag(tag: str) -> str:
    return tag
