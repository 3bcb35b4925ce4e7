from fastmcp import FastMCP
from fastmcp.tools import Tool
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


def export_notes(fmt: str = "md") -> str:
    return f"exported as {fmt}"


def wipe_notes() -> int:
    return 0


def count_notes() -> int:
    return 0


mcp.add_tool(
    Tool.from_function(  # expect: MCP005
        export_notes,
        name="export_notes",
        annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False),
    )
)
mcp.add_tool(Tool.from_function(wipe_notes, name="wipe_notes"))  # expect: MCP001, MCP022
mcp.add_tool(Tool.from_function(count_notes, annotations={"readOnlyHint": True, "openWorldHint": False}))
