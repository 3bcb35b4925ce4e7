import os

from fastmcp import FastMCP

mcp = FastMCP("garden")

HINTS = {
    "read": {"readOnlyHint": True, "openWorldHint": False},
    "plant": {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": False, "openWorldHint": False},
}


# `.get` on a constant dict is followed like a subscript.
@mcp.tool(annotations=HINTS.get("read"))
def list_beds() -> list[str]:
    return []


@mcp.tool(annotations=HINTS.get("plant", {}))
def plant_seed(bed: str, seed: str) -> str:
    return seed


# A key the dict does not have stays unresolved.
@mcp.tool(annotations=HINTS.get("harvest"))  # expect: MCP031
def harvest_bed(bed: str) -> str:
    return bed


# So does a lookup in the environment.
@mcp.tool(annotations=os.environ.get("HINTS"))  # expect: MCP031
def water_bed(bed: str) -> str:
    return bed
