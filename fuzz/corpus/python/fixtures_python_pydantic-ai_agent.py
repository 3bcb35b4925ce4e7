from pydantic_ai import Agent, RunContext
from pydantic_ai.mcp import MCPServerStdio

notes_server = MCPServerStdio("uvx", args=["notes-server"])
agent = Agent("openai:gpt-4o", deps_type=str, toolsets=[notes_server], system_prompt="Be brief.")


@agent.tool
async def get_user(ctx: RunContext[str]) -> str:
    return ctx.deps


@agent.tool(retries=2)
async def delete_note(ctx: RunContext[str], note_id: str) -> str:
    return note_id


@agent.tool_plain
def delete_all_notes() -> str:
    return "done"
