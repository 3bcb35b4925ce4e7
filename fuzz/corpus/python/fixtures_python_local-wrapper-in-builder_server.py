from typing import Any

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations


def build_server(store: dict[str, str]) -> FastMCP:
    mcp = FastMCP("reviews")
    operations: dict[str, Any] = {}

    # Local wrappers: each registers the function it decorates.
    def read_tool(fn):
        operations[fn.__name__] = fn
        mcp.add_tool(fn, annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
        return fn

    def write_tool(fn):
        mcp.add_tool(fn, annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False))
        return fn

    @read_tool
    async def get_review(review_id: str) -> str:
        return store[review_id]

    @write_tool  # expect: MCP005
    async def submit_review(review_id: str, text: str) -> str:
        store[review_id] = text
        return review_id

    return mcp


def build_cli():
    # A local decorator that registers nothing is not a wrapper.
    def timed_tool(fn):
        return fn

    @timed_tool
    def reindex() -> None:
        return None

    return reindex
