from agents import Agent, Runner, function_tool
from agents.mcp import MCPServerStdio


@function_tool
def get_weather(city: str) -> str:
    """Return the weather for a city."""
    return f"Sunny in {city}"


@function_tool(name_override="delete_note")
def delete_note(note_id: str) -> str:
    """Delete a note."""
    return note_id


async def main() -> None:
    async with MCPServerStdio(params={"command": "uvx", "args": ["notes-server"]}) as notes:
        agent = Agent(name="Assistant", tools=[get_weather, delete_note], mcp_servers=[notes])
        result = await Runner.run(agent, "What's the weather in Oslo?")
        print(result.final_output)
