"""A memory server with thirteen tools and no annotations anywhere."""
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("memory")


@mcp.tool()  # expect: MCP001
def get_note(note_id: str) -> str:
    return note_id


@mcp.tool()  # expect: MCP001
def get_status() -> str:
    return "ok"


@mcp.tool()  # expect: MCP001
def list_notes() -> list[str]:
    return []


@mcp.tool()  # expect: MCP001
def list_tags() -> list[str]:
    return []


@mcp.tool()  # expect: MCP001
def search_notes(query: str) -> list[str]:
    return [query]


@mcp.tool()  # expect: MCP001
def search_by_tag(tag: str) -> list[str]:
    return [tag]


@mcp.tool()  # expect: MCP001
def count_notes() -> int:
    return 0


@mcp.tool()  # expect: MCP001
def create_note(text: str) -> str:
    return text


@mcp.tool()  # expect: MCP001
def update_note(note_id: str, text: str) -> str:
    return text


@mcp.tool()  # expect: MCP001
def delete_note(note_id: str) -> str:
    return note_id


@mcp.tool()  # expect: MCP001
def delete_tag(tag: str) -> str:
    return tag


@mcp.tool()  # expect: MCP001, MCP022
def purge_trash() -> int:
    return 0


@mcp.tool()  # expect: MCP001, MCP022
def forget_all_memory() -> int:
    return 0


if __name__ == "__main__":
    mcp.run()
