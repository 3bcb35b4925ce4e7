from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("memory")
MEMORY: dict[str, str] = {}

PRESETS = {
    "read": ToolAnnotations(readOnlyHint=True, openWorldHint=False),
    "write": {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False},
    "forget_all": ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True),
}


@mcp.tool(annotations=PRESETS["read"])
def recall(key: str) -> str:
    return MEMORY.get(key, "")


@mcp.tool(annotations=PRESETS["write"])  # expect: MCP005
def remember(key: str, value: str) -> str:
    MEMORY[key] = value
    return key


@mcp.tool(annotations=PRESETS["forget_all"])  # expect: MCP003, MCP022
def forget_all_memory() -> int:
    count = len(MEMORY)
    MEMORY.clear()
    return count
