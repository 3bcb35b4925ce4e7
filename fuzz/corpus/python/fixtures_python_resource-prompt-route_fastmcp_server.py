from fastmcp import FastMCP

mcp = FastMCP("config")


@mcp.resource("config://app", annotations={"readOnlyHint": True, "idempotentHint": True})
def app_config() -> dict[str, str]:
    return {"theme": "dark"}


@mcp.prompt
def explain_config() -> str:
    return "Explain the app configuration."
