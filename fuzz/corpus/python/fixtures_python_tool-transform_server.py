from fastmcp import FastMCP
from fastmcp.tools import Tool
from fastmcp.tools.tool_transform import ArgTransform, TransformedTool
from mcp.types import ToolAnnotations

from catalog import find_book
from shapes import Converter

mcp = FastMCP("library")


@mcp.tool(title="Search shelves", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
def search_shelves(query: str, limit: int = 20) -> list[str]:
    return [query][:limit]


@mcp.tool  # expect: MCP001
def return_loan(loan_id: str) -> str:
    return loan_id


# A derived tool keeps its parent's annotations unless it passes its own.
quick = Tool.from_tool(search_shelves, name="quick_search", transform_args={"limit": ArgTransform(hide=True)})
mcp.add_tool(quick)

# The name may be positional; a parent without annotations passes none on.
mcp.add_tool(TransformedTool.from_tool(return_loan, "close_loan"))  # expect: MCP001

# Its own annotations replace the parent's.
mcp.add_tool(
    Tool.from_tool(
        return_loan,
        name="return_loan_safely",
        annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False),
    )
)

# No name of its own: the parent's.
mcp.add_tool(Tool.from_tool(search_shelves, description="Search every shelf."))

# A parent from another module is not followed: unresolved, not unannotated.
mcp.add_tool(Tool.from_tool(find_book, name="lookup_isbn"))  # expect: MCP031


def renew_loan(loan_id: str, days: int = 14) -> str:
    return loan_id


# Re-deriving a tool object replaces it: one tool, with the object's hints.
renewal = Tool.from_function(
    renew_loan,
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False),
)
renewal = Tool.from_tool(renewal, transform_args={"days": ArgTransform(hide=True)})
mcp.add_tool(renewal)

# A look-alike `from_tool` of another library is not a tool.
mcp.add_tool(Converter.from_tool(search_shelves, name="not_a_tool"))
