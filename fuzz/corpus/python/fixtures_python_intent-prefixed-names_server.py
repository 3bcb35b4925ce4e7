from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

# Every tool name starts with the server's prefix: the verb is the second word.
mcp = FastMCP("harbor")


@mcp.tool(annotations=ToolAnnotations(openWorldHint=False))  # expect: MCP002, MCP005, MCP020
def harbor_list_berths() -> list[str]:
    return []


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False))  # expect: MCP021
def harbor_delete_berth(berth_id: str) -> str:
    return berth_id


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False))  # expect: MCP022
def harbor_purge_all_manifests() -> int:
    return 0


# Not a prefix: the first word is itself a verb.
@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def get_deleted_berths() -> list[str]:
    return []


# Two words only: the prefix rule does not apply, the last word is the verb.
@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False))
def berth_remove(berth_id: str) -> str:
    return berth_id


# The second word is no verb: nothing to read into the name.
@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def harbor_tide_table() -> dict:
    return {}
