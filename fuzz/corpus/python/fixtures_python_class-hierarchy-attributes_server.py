# Tools are subclasses whose class attributes set the hints; the base class
# registers each one through the server it holds.
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("shelf")


class ShelfTool:
    read_only = False
    destructive = True

    def __init__(self, server: FastMCP):
        self.server = server

    def run(self) -> str:
        return ""

    def register(self):
        self.server.add_tool(
            self.run,
            name=self.name,
            annotations=ToolAnnotations(
                readOnlyHint=self.read_only,
                destructiveHint=self.destructive,
                idempotentHint=True,
                openWorldHint=False,
            ),
        )


class ListBooks(ShelfTool):
    name = "list_books"
    read_only = True
    destructive = False


class ShelveBook(ShelfTool):
    name = "shelve_book"
    destructive = False


for tool_class in [ListBooks, ShelveBook]:
    tool_class(mcp).register()
