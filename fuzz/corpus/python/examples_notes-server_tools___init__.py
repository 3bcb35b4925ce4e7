"""Tool modules; each exposes register(mcp)."""
from tools import admin, notes

__all__ = ["admin", "notes"]
