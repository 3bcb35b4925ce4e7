import os

from fastmcp import FastMCP

GROUP = "patient"
PREFIX = os.environ.get("TOOL_PREFIX", "clinic")
# A module constant built from another one.
QUEUE_TOOL = f"{GROUP}_queue"


def register_patient_tools(mcp: FastMCP) -> None:
    @mcp.tool(name=f"{GROUP}_list", annotations={"readOnlyHint": True, "openWorldHint": False})
    async def patient_list(status: str | None = None) -> list:
        return []

    # The name says `get`, the hints do not: the rule sees the resolved name.
    @mcp.tool(name=f"{GROUP}_get_record", annotations={"openWorldHint": False})  # expect: MCP002, MCP005, MCP020
    async def patient_record(slug: str) -> dict:
        return {}

    @mcp.tool(name=QUEUE_TOOL, annotations={"readOnlyHint": True, "openWorldHint": False})
    async def patient_queue() -> list:
        return []

    # An environment-dependent prefix stays computed.
    @mcp.tool(name=f"{PREFIX}_export", annotations={"readOnlyHint": True, "openWorldHint": False})
    async def export() -> str:
        return ""


def register_index_tools(mcp: FastMCP, index: str) -> None:
    kind = "search"

    # A parameter is known from the call (`notes`); so is a local string.
    @mcp.tool(name=f"{index}_get_schema", annotations={"readOnlyHint": True, "openWorldHint": False})
    def get_schema() -> str:
        return index

    @mcp.tool(name=f"{kind}_reindex", annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False})
    def reindex() -> str:
        return index
