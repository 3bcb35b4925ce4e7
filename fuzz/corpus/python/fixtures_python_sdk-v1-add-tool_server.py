from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("tags")
TAGS: set[str] = set()


def list_tags() -> list[str]:
    return sorted(TAGS)


def drop_tag(tag: str) -> None:
    TAGS.discard(tag)


def untag_note(note_id: str, tag: str) -> str:
    return note_id


def tag_note(note_id: str, tag: str) -> str:
    TAGS.add(tag)
    return note_id


mcp.add_tool(list_tags, name="list_tags", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
mcp.add_tool(  # expect: MCP002, MCP005
    drop_tag,
    name="drop_tag",
    annotations={"readOnlyHint": False, "openWorldHint": False},
)
mcp.add_tool(
    untag_note,
    "untag_note",
    "Untag note",
    "Remove a tag from a note.",
    ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False),
)
mcp.add_tool(tag_note)  # expect: MCP001
