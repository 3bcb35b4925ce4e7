from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("canvas")
EDIT = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False)
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


# Clearing view or editing state loses no data.
@mcp.tool(annotations=EDIT)
def clear_selection() -> str:
    return "ok"


@mcp.tool(annotations=EDIT)
def reset_zoom() -> str:
    return "ok"


@mcp.tool(annotations=EDIT)
def remove_background(image_path: str) -> str:
    return image_path


@mcp.tool()  # expect: MCP001
def clear_filters() -> str:
    return "ok"


# A report on destruction is a read.
@mcp.tool(annotations=READ)
def purge_preview(older_than_days: int) -> int:
    return older_than_days


# A data object is still destroyed.
@mcp.tool(annotations=EDIT)  # expect: MCP021
def delete_filter_rule(rule_id: str) -> str:
    return rule_id


@mcp.tool(annotations=EDIT)  # expect: MCP021
def clear_layers() -> int:
    return 0
