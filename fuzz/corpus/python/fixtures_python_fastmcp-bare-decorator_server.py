from fastmcp import FastMCP

mcp = FastMCP("weather")


@mcp.tool  # expect: MCP001
def get_forecast(city: str) -> str:
    """Return a short forecast for a city."""
    return f"Sunny in {city}"


@mcp.tool()  # expect: MCP001
def set_units(units: str) -> str:
    return units


@mcp.tool("clear_cache")  # expect: MCP001, MCP022
def clear() -> int:
    return 0


@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": True})
def get_alerts(region: str) -> list[str]:
    return [f"no alerts for {region}"]


if __name__ == "__main__":
    mcp.run()
