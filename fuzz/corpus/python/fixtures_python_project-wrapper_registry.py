from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations


class ToolRegistry:
    """Thin wrapper so every registered tool name is recorded."""

    def __init__(self, mcp: FastMCP) -> None:
        self._mcp = mcp
        self.names: list[str] = []

    def tool(self, name: str, annotations: ToolAnnotations | None = None):
        self.names.append(name)
        return self._mcp.tool(name=name, annotations=annotations)
