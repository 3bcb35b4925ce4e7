"""A small notes server: run with `python server.py` (stdio transport)."""
from mcp.server.fastmcp import FastMCP

from tools import admin, notes

mcp = FastMCP("notes")
notes.register(mcp)
admin.register(mcp)


def main() -> None:
    mcp.run()


if __name__ == "__main__":
    main()
