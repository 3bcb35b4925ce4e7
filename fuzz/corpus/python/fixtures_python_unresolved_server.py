import os

from acme_mcp_presets import EXTERNAL, STANDARD_READ, profiles
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


def make_annotations(read_only: bool) -> ToolAnnotations:
    hints = {"readOnlyHint": read_only}
    if not read_only:
        hints["destructiveHint"] = False
    return ToolAnnotations(**hints, openWorldHint=False)


# A helper with a branch is run with its argument: read-only, closed world.
@mcp.tool(annotations=make_annotations(True))
def list_notes() -> list[str]:
    return []


@mcp.tool(annotations=STANDARD_READ)  # expect: MCP031
def get_note(note_id: str) -> str:
    return note_id


@mcp.tool(annotations=getattr(profiles, os.environ.get("NOTES_PROFILE", "default")))  # expect: MCP031
def export_notes() -> str:
    return ""


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=EXTERNAL))  # expect: MCP031
def search_web(query: str) -> list[str]:
    return [query]


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=os.environ.get("DESTRUCTIVE") == "1"))  # expect: MCP003, MCP005, MCP031
def sync_notes() -> int:
    return 0


@mcp.tool(annotations={**STANDARD_READ, "openWorldHint": False})  # expect: MCP031
def count_notes() -> int:
    return 0


def register_admin(server: FastMCP, annotations: ToolAnnotations) -> None:
    @server.tool(annotations=annotations)  # expect: MCP031
    def purge_notes() -> int:
        return 0
