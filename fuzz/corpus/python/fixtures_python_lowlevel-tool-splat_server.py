from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

QUOTE_TOOL = {
    "name": "quote_move",
    "description": "Quote a move.",
    "inputSchema": {"type": "object", "properties": {"rooms": {"type": "integer"}}},
    "annotations": {"readOnlyHint": True, "openWorldHint": True},
}
TOOLS = [
    {
        "name": "book_move",
        "description": "Book a move.",
        "inputSchema": {"type": "object", "properties": {"date": {"type": "string"}}},
    },
    {
        "name": "wipe_bookings",
        "description": "Remove every booking.",
        "inputSchema": {"type": "object", "properties": {}},
        "annotations": {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False},
    },
]

server = Server("movers")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(**t) for t in TOOLS] + [types.Tool(**QUOTE_TOOL)]  # expect: MCP001, MCP005, MCP022


class UpstreamClient:
    """Parses another server's tool list: not a definition of ours."""

    def parse(self, result: dict[str, Any]) -> list[types.Tool]:
        return [types.Tool(**t) for t in result.get("tools", [])]
