from . import hints
from .app import create_server
from .hints import writing

mcp = create_server()


@mcp.tool(annotations=hints.reading("List convoys"))
def list_convoys() -> list[str]:
    return []


# The helper is run with the call's arguments: destructive, as passed.
@mcp.tool(annotations=writing("Cancel convoy", destructive=True))  # expect: MCP005
def cancel_convoy(convoy_id: str) -> str:
    return convoy_id
