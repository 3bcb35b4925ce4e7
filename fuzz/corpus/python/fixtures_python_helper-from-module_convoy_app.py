from mcp.server.fastmcp import FastMCP


def create_server() -> FastMCP:
    return FastMCP("convoy")


def create_admin_server(name: str = "convoy-admin") -> FastMCP:
    """A longer factory: its declared return type says what it returns."""
    server = FastMCP(name)
    server.settings.debug = True
    return server


admin = create_admin_server()


def create_public_server(name="convoy-public"):
    """No declared type: every return gives back the server it built."""
    server = FastMCP(name)
    if not name:
        return server
    server.settings.debug = False
    return server


public = create_public_server()
