from .app import mcp
from .presets import NETWORK_READ, READ_ONLY


@mcp.tool(annotations=READ_ONLY)
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=NETWORK_READ)  # expect: MCP003
def fetch_shared_note(url: str) -> str:
    return url
