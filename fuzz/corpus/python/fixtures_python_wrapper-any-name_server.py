import functools

from fastmcp import FastMCP
from mcp.types import ToolAnnotations

import gates


mcp = FastMCP("mirror")
OFFLINE = False


def online_only(**options):
    """Registers the function unless the server runs offline."""

    def decorator(fn):
        if OFFLINE:
            return fn
        return mcp.tool(**options)(fn)

    return decorator


def exposed(fn):
    mcp.add_tool(fn, annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
    return fn


def log_calls(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)

    return inner


# A decorator factory of any name that forwards to the server registers tools.
@online_only(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
def mirror_status() -> str:
    return "ok"


@online_only()  # expect: MCP001
def resync_mirror(full: bool = False) -> str:
    return "resynced"


@exposed
def list_mirrors() -> list[str]:
    return []


# A decorator that forwards nowhere does not.
@log_calls
def helper() -> None:
    return None


# A module-qualified wrapper of any name, too.
@gates.publish(mcp, annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def mirror_count() -> int:
    return 0


# Other decorators of the server are no tools.
@mcp.resource("mirror://config")
def mirror_config() -> str:
    return ""
