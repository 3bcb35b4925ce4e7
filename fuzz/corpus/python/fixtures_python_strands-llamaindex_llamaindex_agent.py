from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.tools import FunctionTool


def multiply(a: int, b: int) -> int:
    """Multiply two integers."""
    return a * b


def delete_file(path: str) -> str:
    """Delete a file."""
    return path


multiply_tool = FunctionTool.from_defaults(fn=multiply, name="multiply")
delete_tool = FunctionTool.from_defaults(fn=delete_file, name="delete_file", description="Delete a file.")
agent = FunctionAgent(tools=[multiply_tool, delete_tool], system_prompt="You are a helper.")
