# A decorator factory called as a function: each call names a tool, and the
# registration happens inside the factory, on the server it is given.
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")

READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


def audited(server, name, title=None, annotations=None):
    def decorate(fn):
        return server.tool(name=name, title=title, annotations=annotations)(fn)
    return decorate


def list_notes() -> list[str]:
    return []


def purge_notes() -> None:
    pass


audited(mcp, "list_notes", title="List notes", annotations=READ_ONLY)(list_notes)
audited(mcp, "purge_notes")(purge_notes)  # expect: MCP001, MCP022
