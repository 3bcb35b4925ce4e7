"""A small inventory server whose tools declare every hint."""
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("inventory")
STOCK: dict[str, int] = {}


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def list_items() -> dict[str, int]:
    """Every item with its count."""
    return dict(STOCK)


@mcp.tool(
    annotations=ToolAnnotations(
        readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False
    )
)
def restock(item: str, count: int) -> int:
    """Add to an item's count."""
    STOCK[item] = STOCK.get(item, 0) + count
    return STOCK[item]
