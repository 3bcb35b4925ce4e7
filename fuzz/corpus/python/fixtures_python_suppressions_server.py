from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")
NOTES: dict[str, str] = {}
LOCAL_WRITE = ToolAnnotations(readOnlyHint=False, openWorldHint=False)


# mcp-lint: ignore[MCP002] -- adds only, reviewed
@mcp.tool(annotations=LOCAL_WRITE)  # expect: MCP005
def add_note(text: str) -> str:
    return text


@mcp.tool(annotations=LOCAL_WRITE)  # mcp-lint: ignore[MCP002, implicit-non-idempotent]
def append_note(text: str) -> str:
    return text


# mcp-lint: ignore
@mcp.tool()
def get_note(note_id: str) -> str:
    return NOTES[note_id]


# Nothing to suppress: the hints are all there.
# mcp-lint: ignore[MCP001]  # expect: MCP092
@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def list_notes() -> list[str]:
    return sorted(NOTES)


# One code used, one not.
# mcp-lint: ignore[MCP002, MCP011]  # expect: MCP092
@mcp.tool(annotations=LOCAL_WRITE)  # expect: MCP005
def edit_note(note_id: str, text: str) -> None:
    NOTES[note_id] = text


# mcp-lint: ignore[MCP0002]  # expect: MCP092
@mcp.tool(annotations=LOCAL_WRITE)  # expect: MCP002, MCP005
def tag_note(note_id: str, tag: str) -> None:
    pass


# mcp-lint: ignroe[MCP002]  # expect: MCP092
@mcp.tool(annotations=LOCAL_WRITE)  # expect: MCP002, MCP005
def pin_note(note_id: str) -> None:
    pass


# A suppression for a rule this run does not enable is still used when
# that rule would report there (MCP032 is off by default).
# mcp-lint: ignore[MCP032, MCP002, MCP005]
@mcp.tool(annotations=LOCAL_WRITE)
def star_note(note_id: str) -> None:
    pass


HELP = "# mcp-lint: ignore[MCP001] inside a string is not a directive"
