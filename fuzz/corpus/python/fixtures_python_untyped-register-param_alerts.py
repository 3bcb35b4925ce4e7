from typing import Any


def register_alert_tools(mcp: Any) -> None:
    @mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": False, "openWorldHint": True})  # expect: MCP005
    def subscribe_alerts(region: str) -> str:
        return region


def register_routes(app) -> None:
    # Not an MCP server: a web app's route decorator.
    @app.tool("/alerts")
    def alerts_page() -> str:
        return ""
