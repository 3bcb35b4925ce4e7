from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=False, openWorldHint=False))
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, idempotentHint=False, openWorldHint=False))
def get_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=True, openWorldHint=False))  # expect: MCP011
def peek_and_pop(note_id: str) -> str:
    return note_id


@mcp.tool(
    annotations={
        "readonlyHint": True,  # expect: MCP012
        "openWorldHint": False,
    }
)
def count_notes() -> int:
    return 0


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructive=True, openWorldHint=False))  # expect: MCP005, MCP012
def delete_note(note_id: str) -> str:
    return note_id


@mcp.tool(
    annotations=ToolAnnotations(
        read_only=True,  # expect: MCP012
        openWorldHint=False,
    )
)
def search_notes(query: str) -> list[str]:
    return [query]


@mcp.tool(annotations=ToolAnnotations(readOnlyHint="true", openWorldHint=False))  # expect: MCP013
def export_notes() -> str:
    return ""


@mcp.tool(
    annotations=ToolAnnotations(
        readOnlyHint=False,
        destructiveHint=1,  # expect: MCP013
        idempotentHint=False,
        openWorldHint=False,
    )
)
def purge_trash() -> int:
    return 0


@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": None})  # expect: MCP013
def get_status() -> str:
    return "ok"


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=True))
def publish_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations=ToolAnnotations(title="Rename note"))  # expect: MCP001
def rename_note(note_id: str, title: str) -> str:
    return title


@mcp.tool(annotations=ToolAnnotations(openWorldHint=False))  # expect: MCP002, MCP004, MCP005
def tag_note(note_id: str, tag: str) -> str:
    return tag
