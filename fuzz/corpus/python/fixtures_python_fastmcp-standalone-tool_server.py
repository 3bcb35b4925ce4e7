from fastmcp import FastMCP

from tools import add_note, purge_all_notes, search

mcp = FastMCP("notes", tools=[add_note])  # expect: MCP005
mcp.add_tool(search)
mcp.add_tool(purge_all_notes)  # expect: MCP001, MCP022
