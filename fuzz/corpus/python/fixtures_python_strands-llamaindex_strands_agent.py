from mcp import StdioServerParameters, stdio_client
from strands import Agent, tool
from strands.tools.mcp import MCPClient


@tool
def word_count(text: str) -> int:
    """Count words in a text."""
    return len(text.split())


@tool(name="delete_note", description="Delete a note by id.")
def delete_note(note_id: str) -> str:
    return note_id


notes = MCPClient(lambda: stdio_client(StdioServerParameters(command="uvx", args=["notes-server"])))
with notes:
    agent = Agent(tools=[word_count, delete_note, *notes.list_tools_sync()])
