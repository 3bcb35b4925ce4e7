from mcp.server.fastmcp import FastMCP

from . import presets

mcp = FastMCP("memo")


@mcp.tool(annotations=presets.RECALL)
def recall(topic: str) -> str:
    return topic


@mcp.tool(annotations=presets.FORGET)  # expect: MCP005
def forget(topic: str) -> str:
    return topic
