from fastmcp import FastMCP
from mcp.types import ToolAnnotations

catalog = FastMCP("catalog")


@catalog.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def find_book(isbn: str) -> dict:
    return {"isbn": isbn}
