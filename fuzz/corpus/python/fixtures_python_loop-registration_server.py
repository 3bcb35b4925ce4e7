"""Tools registered in a loop over a literal: one tool per element, all at the registration."""
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("archive")


def archive_note(note_id: str) -> str:
    return note_id


def restore_note(note_id: str) -> str:
    return note_id


for handler in (archive_note, restore_note):
    mcp.tool()(handler)  # expect: MCP001

mcp.tool(name="peek_note", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))(archive_note)

READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False)
REGISTRY = {
    "note_archive": (archive_note, WRITE),
    "note_peek": (restore_note, READ),
}


def build(extra) -> FastMCP:
    server = FastMCP("archive-2")
    for name, (fn, hints) in REGISTRY.items():
        server.add_tool(fn, name=name, annotations=hints)
    # The loop runs over something computed: one tool, its name unknown.
    for fn in extra.values():
        server.add_tool(fn)  # expect: MCP001
    return server


def build_objects() -> FastMCP:
    from mcp.server.fastmcp.tools import Tool

    server = FastMCP("archive-3")
    for fn, name in [(archive_note, "archive"), (restore_note, "restore")]:
        server.add_tool(Tool.from_function(fn, name=name))  # expect: MCP001
    return server
