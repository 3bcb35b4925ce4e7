from .app import mcp
from .presets import DESTRUCTIVE as DANGER
from .presets import READ_ONLY


@mcp.tool(annotations=READ_ONLY)
def get_stats() -> dict[str, int]:
    return {}


@mcp.tool(annotations=DANGER)  # expect: MCP005, MCP022
def purge_trash() -> int:
    return 0
