import mcp.types as types
from mcp.server.lowlevel import Server

# Tool definitions kept as data; list_tools builds one `Tool` per entry.
DEFINITIONS = [
    {
        "name": "recall_trail",
        "description": "Recall stored thoughts.",
        "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}},
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    },
    {
        "name": "forget_trail",
        "description": "Forget one thought.",
        "inputSchema": {"type": "object", "properties": {"thought_id": {"type": "string"}}},
        "annotations": {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False},
    },
]
EXTRA = {"trail_status": "Report the store's size."}

server = Server("trails")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    tools = [
        types.Tool(  # expect: MCP005, MCP021
            name=d["name"],
            description=d["description"],
            inputSchema=d["inputSchema"],
            annotations=types.ToolAnnotations(**d["annotations"]),
        )
        for d in DEFINITIONS
    ]
    for name, text in EXTRA.items():
        tools.append(types.Tool(name=name, description=text, inputSchema={"type": "object", "properties": {}}))  # expect: MCP001
    # Filtered or computed collections are not unrolled: one tool, name unknown.
    tools.extend(types.Tool(name=n, inputSchema={}) for n in upstream_names() if n)  # expect: MCP001
    return tools


def upstream_names() -> list[str]:
    return []
