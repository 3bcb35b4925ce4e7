from mcp.types import ToolAnnotations


def reading(title: str) -> ToolAnnotations:
    """Hints of a tool that only reads the convoy store."""
    return ToolAnnotations(title=title, readOnlyHint=True, openWorldHint=False)


def writing(title: str, destructive: bool = False) -> dict:
    return {"title": title, "readOnlyHint": False, "destructiveHint": destructive, "openWorldHint": False}
