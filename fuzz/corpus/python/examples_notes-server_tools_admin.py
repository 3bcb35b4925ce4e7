"""Maintenance tools. Neither declares annotations, so both take the defaults."""
from mcp.server.fastmcp import FastMCP

from store import NOTES


def register(mcp: FastMCP) -> None:
    @mcp.tool()
    def get_status() -> str:
        """Report how many notes are stored."""
        return f"{len(NOTES)} notes"

    @mcp.tool()
    def delete_all_notes() -> int:
        """Delete every note and return how many were removed."""
        removed = len(NOTES)
        NOTES.clear()
        return removed
