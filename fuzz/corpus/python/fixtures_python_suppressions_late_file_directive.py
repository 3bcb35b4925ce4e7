from mcp.server.fastmcp import FastMCP

mcp = FastMCP("late")


@mcp.tool()  # expect: MCP001
def send_mail(to: str) -> None:
    pass


# Too far down to cover the file.
#
#
# mcp-lint: ignore-file  # expect: MCP092
