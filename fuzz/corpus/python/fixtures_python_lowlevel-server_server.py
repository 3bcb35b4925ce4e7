from enum import Enum

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("notes-lowlevel")

EXPORT_TOOL = "export_notes"


class ToolName(str, Enum):
    SEARCH = "search_notes"
    CLEAR = "clear_notes"


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(  # expect: MCP003
            name="get_note",
            description="Read one note.",
            inputSchema={"type": "object", "properties": {"id": {"type": "string"}}},
            annotations=types.ToolAnnotations(readOnlyHint=True),
        ),
        types.Tool(
            name=ToolName.SEARCH,
            description="Search notes.",
            inputSchema={"type": "object", "properties": {"q": {"type": "string"}}},
            annotations=types.ToolAnnotations(readOnlyHint=True, openWorldHint=False),
        ),
        types.Tool(  # expect: MCP002, MCP003, MCP005, MCP022
            name=ToolName.CLEAR.value,
            description="Delete every note.",
            inputSchema={"type": "object", "properties": {}},
            annotations=types.ToolAnnotations(readOnlyHint=False),
        ),
        types.Tool(  # expect: MCP001
            name=EXPORT_TOOL,
            description="Export all notes as Markdown.",
            inputSchema={"type": "object", "properties": {}},
        ),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    return [types.TextContent(type="text", text=f"called {name}")]
