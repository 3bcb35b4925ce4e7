from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")

BASE = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}
LOCAL_EDIT = {"readOnlyHint": False, "destructiveHint": False}


@mcp.tool(annotations={**BASE, "title": "Delete note"})  # expect: MCP005
def delete_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations={**BASE, "destructiveHint": False, "idempotentHint": True})
def archive_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations={**BASE, "readOnlyHint": True})  # expect: MCP011
def peek_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations={"readOnlyHint": True, **BASE})  # expect: MCP005
def trash_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations=ToolAnnotations(**LOCAL_EDIT, openWorldHint=False))  # expect: MCP005
def edit_note(note_id: str, text: str) -> str:
    return text


@mcp.tool(annotations=ToolAnnotations(**BASE, idempotentHint=True))
def purge_note(note_id: str) -> str:
    return note_id
