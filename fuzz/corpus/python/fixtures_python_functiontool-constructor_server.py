from fastmcp import FastMCP
from fastmcp.tools import FunctionTool
from mcp.types import ToolAnnotations

mcp = FastMCP("pantry")


def count_jars() -> int:
    return 0


def empty_pantry() -> str:
    return "emptied"


def _handler(kind: str):
    def run() -> str:
        return kind

    return run


# A tool object built directly, counted where it is built.
mcp.add_tool(
    FunctionTool(
        fn=count_jars,
        name="count_jars",
        parameters={"type": "object", "properties": {}},
        annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
    )
)

clear = FunctionTool(fn=empty_pantry, name="empty_pantry", parameters={})
mcp.add_tool(clear)  # expect: MCP001

# One tool per element of a literal list.
for kind in ["list_spices", "list_grains"]:
    mcp.add_tool(
        FunctionTool(
            fn=_handler(kind),
            name=kind,
            parameters={},
            annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
        )
    )
