from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
DESTRUCTIVE = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True}
