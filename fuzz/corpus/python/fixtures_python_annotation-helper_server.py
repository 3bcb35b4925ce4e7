from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("fleet")


def _hints(title: str, *, read_only: bool = False, destructive: bool = False, idempotent: bool = False) -> dict:
    """Every hint spelled out, so no tool relies on a default."""
    return {
        "title": title,
        "readOnlyHint": read_only,
        "destructiveHint": destructive,
        "idempotentHint": idempotent,
        "openWorldHint": False,
    }


def _ann(title, **flags):
    return ToolAnnotations(title=title, openWorldHint=True, **flags)


# A module preset built by the helper.
READ = _hints("Read", read_only=True)


@mcp.tool(name="fleet_list_ships", annotations=_hints("List Ships", read_only=True, idempotent=True))
def list_ships() -> list[str]:
    return []


@mcp.tool(name="fleet_scrap_ship", annotations=_hints("Scrap Ship", destructive=True))
def scrap_ship(ship_id: str) -> str:
    return ship_id


@mcp.tool(annotations=_ann("Dock", readOnlyHint=False, destructiveHint=False))  # expect: MCP005
def dock_ship(ship_id: str) -> str:
    return ship_id


@mcp.tool(annotations=READ)
def ship_count() -> int:
    return 0


def register(server: FastMCP, mode: str) -> None:
    def _hints(read_only):
        return {"readOnlyHint": not read_only}

    # A local function of the same name shadows the module helper, and runs
    # with its argument: readOnlyHint=False.
    @server.tool(annotations=_hints(True))  # expect: MCP002, MCP003, MCP005
    def fleet_status() -> str:
        return mode
