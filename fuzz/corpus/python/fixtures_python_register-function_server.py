from mcp.server.fastmcp import FastMCP

from tools import register

mcp = FastMCP("notes")
register(mcp)

if __name__ == "__main__":
    mcp.run()
