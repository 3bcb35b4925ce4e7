from mcp.server.fastmcp import FastMCP


def publish(server: FastMCP, **options):
    def decorator(fn):
        server.add_tool(fn, **options)
        return fn

    return decorator
