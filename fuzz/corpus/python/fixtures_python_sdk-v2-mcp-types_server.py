from typing import Any

from mcp.server import Server
from mcp_types import CallToolResult, ListToolsResult, TextContent, Tool, ToolAnnotations

# `mcp_types` exists only in python-sdk v2, whose types take both spellings.
READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    return ListToolsResult(
        tools=[
            Tool(name="lookup_term", input_schema={"type": "object", "properties": {"term": {"type": "string"}}}, annotations=READ),
            Tool(  # expect: MCP005
                name="add_term",
                input_schema={"type": "object", "properties": {"term": {"type": "string"}}},
                annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False),
            ),
        ]
    )


async def call_tool(ctx: Any, params: Any) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text="")])


server = Server("glossary", on_list_tools=list_tools, on_call_tool=call_tool)
