from mcp.server.fastmcp import FastMCP

import forecasts
import alerts

mcp = FastMCP("weather")
forecasts.register(mcp)
alerts.register_alert_tools(mcp)
