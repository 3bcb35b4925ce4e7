# Generated tools, reviewed by hand.
# mcp-lint: ignore-file[MCP001, MCP020]
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("generated")


@mcp.tool()
def get_one() -> str:
    return ""


@mcp.tool()
def get_two() -> str:
    return ""
