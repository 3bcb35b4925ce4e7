from fastmcp import FastMCP

mcp = FastMCP("bookmarks")


@mcp.tool(annotations={"read_only_hint": True, "openWorldHint": True})  # expect: MCP012
def list_bookmarks() -> list[str]:
    return []


@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False})
def add_bookmark(url: str) -> str:
    return url
