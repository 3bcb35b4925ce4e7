from mcp.types import ToolAnnotations


def register_extra(app, limits) -> None:
    ro = ToolAnnotations(readOnlyHint=True, openWorldHint=False)

    @app.mcp.tool(annotations=ro)
    def pantry_size() -> int:
        return 0

    # A parameter is not a local preset: it stays unresolved.
    @app.mcp.tool(annotations=limits)  # expect: MCP031
    def set_limit(count: int) -> int:
        return count
