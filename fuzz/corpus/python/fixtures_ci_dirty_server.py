"""A small inventory server with the usual mistakes."""
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

from presets import WRITE

mcp = FastMCP("inventory")
STOCK: dict[str, int] = {}


@mcp.tool()
def list_items() -> dict[str, int]:
    """Every item with its count."""
    return dict(STOCK)


@mcp.tool(annotations=WRITE)
def restock(item: str, count: int) -> int:
    """Add to an item's count."""
    STOCK[item] = STOCK.get(item, 0) + count
    return STOCK[item]


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, openWorldHint=False))
def remove_item(item: str) -> bool:
    """Forget an item."""
    return STOCK.pop(item, None) is not None


@mcp.tool(annotations={"readonlyHint": True, "openWorldHint": False})
def count_items() -> int:
    """How many items there are."""
    return len(STOCK)


def _annotations(read_only: bool) -> ToolAnnotations:
    hints = ToolAnnotations(readOnlyHint=read_only, openWorldHint=False)
    return hints


@mcp.tool(annotations=_annotations(bool(STOCK)))
def stock_report() -> str:
    """A printable stock report."""
    return "\n".join(f"{k}: {v}" for k, v in STOCK.items())
