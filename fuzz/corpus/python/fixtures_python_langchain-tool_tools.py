from langchain_core.tools import StructuredTool, Tool, tool


@tool
def get_weather(city: str) -> str:
    """Return the weather for a city."""
    return f"Sunny in {city}"


@tool("delete_file", return_direct=True)
def delete_file(path: str) -> str:
    """Delete a file from the workspace."""
    return path


def _purge(cache: str) -> str:
    return cache


purge_cache = StructuredTool.from_function(func=_purge, name="purge_cache", description="Purge a cache.")
search = Tool.from_function(func=lambda q: q, name="search", description="Search the web.")
TOOLS = [get_weather, delete_file, purge_cache, search]
