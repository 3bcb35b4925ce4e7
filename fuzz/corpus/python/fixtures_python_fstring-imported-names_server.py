from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

import naming
from naming import AREA, Verbs

mcp = FastMCP("greenhouse")


# Imported constants and class attributes in an f-string are joined by resolve.
@mcp.tool(name=f"{AREA}_{Verbs.LIST}_sensors", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def sensors() -> list[str]:
    return []


# The name reads `get` once joined, the hints do not say read-only.
@mcp.tool(name=f"{naming.AREA}_get_humidity", annotations=ToolAnnotations(openWorldHint=False))  # expect: MCP002, MCP005, MCP020
def humidity() -> float:
    return 0.0


@mcp.tool(
    name=f"{AREA}_{Verbs.VENT}",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False),
)
def vent(percent: int) -> int:
    return percent


def register_zone(server: FastMCP, zone: str) -> None:
    # A parameter is known from the call below: `north_list_plants`.
    @server.tool(name=f"{zone}_{Verbs.LIST}_plants", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
    def plants() -> list[str]:
        return []


register_zone(mcp, "north")
