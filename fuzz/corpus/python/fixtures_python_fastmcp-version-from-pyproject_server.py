from fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


@mcp.tool(
    annotations=ToolAnnotations(
        read_only_hint=True,  # expect: MCP012
        openWorldHint=False,
    )
)
def list_notes() -> list[str]:
    return []


@mcp.tool(  # expect: MCP005
    annotations={
        "readOnlyHint": False,
        "destructiveHint": True,
        "open_world_hint": False,  # expect: MCP012
    }
)
def delete_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": False})
def get_note(note_id: str) -> str:
    return note_id


def main() -> None:
    mcp.run()
