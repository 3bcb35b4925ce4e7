from memo import presets
from memo.server import mcp


@mcp.tool(annotations=presets.FORGET)  # expect: MCP005, MCP022
def forget_everything() -> int:
    return 0
