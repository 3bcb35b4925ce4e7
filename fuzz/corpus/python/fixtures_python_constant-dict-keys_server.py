from fastmcp import FastMCP

from hint_names import DESTRUCTIVE_HINT

READ_ONLY_HINT = "readOnlyHint"
OPEN_WORLD_HINT = "openWorldHint"
mcp = FastMCP("sources")


# Keys named by string constants of this file are followed.
@mcp.tool(annotations={READ_ONLY_HINT: True, OPEN_WORLD_HINT: False})
def list_sources() -> list[str]:
    return []


# A key constant from another module is followed too (it is a literal there).
@mcp.tool(annotations={READ_ONLY_HINT: False, DESTRUCTIVE_HINT: True, OPEN_WORLD_HINT: False})  # expect: MCP005
def remove_source(source_id: str) -> str:
    return source_id
