from typing import Annotated, Optional

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from external_models import ExternalRequest
from models import PurgeAllRequest, PurgeRequest

mcp = FastMCP("intent")
LOCAL = ToolAnnotations(openWorldHint=False)
KEEP = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False)
DESTROY = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False)
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


class WipeRequest(BaseModel):
    namespace: str
    dry_run: Annotated[bool, Field(description="only count")] = True


class TagFilter(BaseModel):
    tag: str


Owner = Annotated[str, Field(description="who owns the notes")]
MaybePurge = Optional[PurgeRequest]


# Read-looking names in every case style, readOnlyHint left unset.
@mcp.tool(name="notes.list", annotations=LOCAL)  # expect: MCP002, MCP005, MCP020
def notes_list() -> list[str]:
    return []


@mcp.tool(name="searchNotes", annotations=LOCAL)  # expect: MCP002, MCP005, MCP020
def search_notes(query: str) -> list[str]:
    return []


@mcp.tool(name="fetch-note", annotations=LOCAL)  # expect: MCP002, MCP005, MCP020
def fetch_note(note_id: str) -> str:
    return ""


# The name says it also writes: not a read.
@mcp.tool(annotations=KEEP)
def get_or_create_tag(tag: str) -> str:
    return tag


@mcp.tool(annotations=KEEP)
def fetch_and_store(url: str) -> str:
    return url


# The description says it writes: descriptions can veto, never trigger.
@mcp.tool(annotations=LOCAL)  # expect: MCP002, MCP004, MCP005
def get_session(user: str) -> str:
    """Creates a session for the user if none exists, and returns its id."""
    return user


@mcp.tool(annotations=LOCAL, description="Return the pinned note. Never modifies it.")  # expect: MCP002, MCP005, MCP020
def get_pinned() -> str:
    return ""


# A read verb that is not first is not the verb.
@mcp.tool(annotations=LOCAL)  # expect: MCP002, MCP004, MCP005
def notes_summary_get() -> str:
    return ""


# Destructive-looking names declared safe.
@mcp.tool(annotations=KEEP)  # expect: MCP021
def delete_note(note_id: str) -> None:
    pass


@mcp.tool(name="removeTag", annotations=KEEP)  # expect: MCP021
def remove_tag(tag: str) -> None:
    pass


@mcp.tool(annotations=KEEP)  # expect: MCP021
def note_delete(note_id: str) -> None:
    pass


@mcp.tool(annotations=READ)  # expect: MCP021
def find_and_delete(pattern: str) -> int:
    return 0


# Destructive words that are not the verb.
@mcp.tool(annotations=READ)
def list_deleted_notes() -> list[str]:
    return []


@mcp.tool(annotations=KEEP)
def set_reset_time(hour: int) -> None:
    pass


# Bulk destruction without a guard.
@mcp.tool(name="notes.deleteAll", annotations=DESTROY)  # expect: MCP022
def delete_all_notes(tag_filter: Optional[TagFilter] = None) -> int:
    return 0


@mcp.tool(annotations=DESTROY)  # expect: MCP022
def drop_table(table_name: str) -> None:
    pass


# Guarded: a parameter, a camelCase parameter, a field of an input model.
@mcp.tool(annotations=DESTROY)
def clear_history(confirm: bool = False) -> int:
    return 0


@mcp.tool(annotations=DESTROY)
def purge_sessions(dryRun: bool = True) -> int:
    return 0


@mcp.tool(annotations=DESTROY)
def wipe_namespace(request: WipeRequest) -> int:
    return 0


# Input models imported from another module of the tree are followed,
# inherited fields included.
@mcp.tool(annotations=DESTROY)
def purge_notes(request: PurgeRequest) -> int:
    return 0


@mcp.tool(annotations=DESTROY)  # expect: MCP022
def purge_all_notes(request: PurgeAllRequest) -> int:
    return 0


# Type aliases are followed too.
@mcp.tool(annotations=DESTROY)  # expect: MCP022
def clear_notes_of(owner: Owner) -> int:
    return 0


@mcp.tool(annotations=DESTROY)
def clear_notes_for(request: MaybePurge = None) -> int:
    return 0


# A model from outside the tree cannot be seen: no guess.
@mcp.tool(annotations=DESTROY)
def purge_tags(request: ExternalRequest) -> int:
    return 0


# A bulk verb on one named thing is not bulk.
@mcp.tool(annotations=DESTROY)
def purge_note(note_id: str) -> None:
    pass


@mcp.tool(annotations=DESTROY)
def reset_password(user: str) -> None:
    pass
