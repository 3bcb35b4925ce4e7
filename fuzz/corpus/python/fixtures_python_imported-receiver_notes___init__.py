from .app import mcp
from . import tools  # noqa: F401  (registers the tools)

__all__ = ["mcp"]
