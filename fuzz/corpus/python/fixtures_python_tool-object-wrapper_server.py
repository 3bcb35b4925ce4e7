import inspect
from typing import Any, Callable

from fastmcp import FastMCP
from fastmcp.tools import Tool
from fastmcp.tools.tool_transform import ArgTransform
from mcp.types import ToolAnnotations

mcp = FastMCP("fleet")
EXPOSE_REGION = False


def fleet_tool(**options: Any) -> Callable:
    """Registers a function as a tool object, hiding `region` unless exposed."""

    def register(fn: Callable) -> Callable:
        built = Tool.from_function(fn, **options)
        if not EXPOSE_REGION and "region" in inspect.signature(fn).parameters:
            built = Tool.from_tool(built, transform_args={"region": ArgTransform(hide=True)})
        mcp.add_tool(built)
        return fn

    return register


@fleet_tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
def list_vehicles(region: str = "") -> list[str]:
    return []


@fleet_tool(
    name="retire_vehicle",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=True),
)
def retire(vehicle_id: str, region: str = "") -> str:
    return vehicle_id


@fleet_tool()  # expect: MCP001
def assign_driver(vehicle_id: str, driver: str) -> str:
    return driver
