"""Presets with mistakes: each bad key or value is reported once, here."""
from mcp.types import ToolAnnotations

SAFE_READ = {
    "readonlyHint": True,  # expect: MCP012
    "openWorldHint": False,
}
SOFT_DELETE = ToolAnnotations(
    readOnlyHint=False,
    destructiveHint=False,
    idempotentHint="true",  # expect: MCP013
    openWorldHint=False,
)
