"""ToolAnnotations shared by the notes tools."""
from mcp.types import ToolAnnotations

# Reads local state only.
READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)

# Adds or changes a note; never loses data.
EDIT = ToolAnnotations(
    readOnlyHint=False,
    destructiveHint=False,
    idempotentHint=False,
    openWorldHint=False,
)

# Removes data; running it twice has no further effect.
DESTRUCTIVE = ToolAnnotations(
    readOnlyHint=False,
    destructiveHint=True,
    idempotentHint=True,
    openWorldHint=False,
)
