# No MCP import here: the server is passed in by the caller.


def register(mcp):
    @mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": True})
    def get_forecast(city: str) -> str:
        return city

    @mcp.tool()  # expect: MCP001, MCP022
    def clear_forecast_cache() -> str:
        return "cleared"
