from fastmcp import FastMCP
from fastmcp.tools import Tool
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


def export_notes(fmt: str = "md") -> str:
    return f"exported as {fmt}"


export_tool = Tool.from_function(
    export_notes,
    name="export_notes",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False),
)
mcp.add_tool(export_tool)  # expect: MCP005
