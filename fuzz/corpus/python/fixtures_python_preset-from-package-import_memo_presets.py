from mcp.types import ToolAnnotations

RECALL = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
FORGET = ToolAnnotations(readOnlyHint=False, destructiveHint=True, openWorldHint=False)
