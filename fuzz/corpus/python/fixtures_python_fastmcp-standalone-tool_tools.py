from fastmcp.tools import tool
from mcp.types import ToolAnnotations


# fastmcp 3's standalone decorator only attaches metadata; server.py registers.
@tool(name="notes_search", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def search(query: str) -> list[str]:
    return [query]


@tool
def purge_all_notes() -> int:
    return 0


@tool(annotations={"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False})
def add_note(text: str) -> str:
    return text
