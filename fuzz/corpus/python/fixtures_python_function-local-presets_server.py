from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

LOOKUP = ToolAnnotations(readOnlyHint=False, openWorldHint=True)


def make_server(store) -> FastMCP:
    server = FastMCP("pantry")
    # A local preset shadows the module one of the same name.
    LOOKUP = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
    base = {"readOnlyHint": False, "openWorldHint": False}
    removal = {**base, "destructiveHint": True, "idempotentHint": True}

    @server.tool(annotations=LOOKUP)
    def list_items() -> list[str]:
        return sorted(store)

    @server.tool(annotations=ToolAnnotations(**base, destructiveHint=False))  # expect: MCP005
    def add_item(name: str) -> str:
        store.add(name)
        return name

    @server.tool(annotations=removal)
    def remove_item(name: str) -> str:
        store.discard(name)
        return name

    return server
