from fastmcp import FastMCP

from patients import register_index_tools, register_patient_tools

mcp = FastMCP("clinic")
register_patient_tools(mcp)
register_index_tools(mcp, "notes")
