from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations


class NotesServer:
    """Keeps notes in memory and exposes them over MCP."""

    def __init__(self, name: str = "notes") -> None:
        self.mcp = FastMCP(name)
        self.notes: dict[str, str] = {}
        self._register_tools()

    def _register_tools(self) -> None:
        @self.mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
        def list_notes() -> list[str]:
            return sorted(self.notes)

        @self.mcp.tool()  # expect: MCP001
        def delete_note(note_id: str) -> str:
            self.notes.pop(note_id, None)
            return note_id

        @self.mcp.tool(  # expect: MCP003
            name="save_note",
            annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True),
        )
        def save(note_id: str, text: str) -> str:
            self.notes[note_id] = text
            return note_id

    def run(self) -> None:
        self.mcp.run()


if __name__ == "__main__":
    NotesServer().run()
