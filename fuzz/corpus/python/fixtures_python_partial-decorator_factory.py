from functools import partial

from mcp.server.fastmcp import FastMCP


def build() -> FastMCP:
    server = FastMCP("notebooks")
    # The partial carries the annotations; the call can still override them.
    read_tool = partial(server.tool, annotations={"readOnlyHint": True, "openWorldHint": True})
    tool = server.tool

    @read_tool()
    async def list_notebooks() -> list[str]:
        return []

    @read_tool(annotations={"readOnlyHint": False, "destructiveHint": False, "openWorldHint": True})  # expect: MCP005
    async def ask_notebook(notebook: str, question: str) -> str:
        return question

    @tool(annotations={"readOnlyHint": True, "openWorldHint": False})
    async def notebook_count() -> int:
        return 0

    return server


def unrelated(cache) -> None:
    # A partial of something that is not a registration is not a tool.
    tool = partial(print, "x")

    @tool
    def helper() -> None:
        return None
