"""Annotation presets shared by the tools of the inventory server."""
from mcp.types import ToolAnnotations

# Changes stock counts; destructiveHint was forgotten.
WRITE = ToolAnnotations(readOnlyHint=False, idempotentHint=True, openWorldHint=False)
