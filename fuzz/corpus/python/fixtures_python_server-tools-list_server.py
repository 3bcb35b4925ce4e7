from fastmcp import FastMCP
from fastmcp.tools import Tool
from mcp.types import ToolAnnotations


def list_notes() -> list[str]:
    return []


def get_note(note_id: str) -> str:
    return note_id


def delete_note(note_id: str) -> str:
    return note_id


mcp = FastMCP(
    "notes",
    tools=[
        list_notes,  # expect: MCP001
        get_note,  # expect: MCP001
        Tool.from_function(  # expect: MCP003, MCP005
            delete_note,
            annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True),
        ),
    ],
)
