from llama_index.core.tools import FunctionTool


def wipe_notes() -> str:
    return ""


# Another library's FunctionTool is not an MCP tool.
notes_tool = FunctionTool(fn=wipe_notes, name="wipe_notes")
