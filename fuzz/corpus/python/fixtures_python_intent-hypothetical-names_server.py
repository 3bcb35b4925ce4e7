from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("storage")
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


# Names that ask about or rehearse destruction are not destruction.
@mcp.tool(annotations=READ)
def can_delete_file(path: str) -> bool:
    return False


@mcp.tool(annotations=READ)
def check_delete_permissions(path: str) -> list[str]:
    return []


@mcp.tool(annotations=READ)
def simulate_wipe(volume: str) -> dict:
    return {}


@mcp.tool(annotations=READ)
def dry_run_delete(path: str) -> list[str]:
    return []


@mcp.tool(annotations=READ)
def preview_reset(volume: str) -> dict:
    return {}


# Unannotated, it is not bulk destruction either.
@mcp.tool()  # expect: MCP001
def estimate_purge_all() -> int:
    return 0


# A conjunction adds the act itself.
@mcp.tool(annotations=READ)  # expect: MCP021
def check_and_delete(path: str) -> bool:
    return True


# A server prefix is still a prefix.
@mcp.tool(annotations=READ)  # expect: MCP021
def storage_delete_file(path: str) -> bool:
    return True
