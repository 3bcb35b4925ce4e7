import functools

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("drive")
# Plain-text results: every tool goes through this partial.
tool = functools.partial(mcp.tool, structured_output=False)
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
CHANGE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False)


@tool(annotations=READ)
def search_files(query: str) -> str:
    return query


@tool(annotations=CHANGE)
def trash_file(file_id: str) -> str:
    return file_id


@tool()  # expect: MCP001
def rename_file(file_id: str, name: str) -> str:
    return name


# The decorator built once with its keywords, then applied bare.
read_only_tool = mcp.tool(annotations=READ)


@read_only_tool
def count_files() -> int:
    return 0
