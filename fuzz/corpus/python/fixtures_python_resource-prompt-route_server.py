from mcp.server.fastmcp import FastMCP
from starlette.requests import Request
from starlette.responses import JSONResponse

mcp = FastMCP("notes")
NOTES = {"welcome": "Hello!"}


@mcp.resource("notes://{note_id}")
def read_note(note_id: str) -> str:
    return NOTES.get(note_id, "")


@mcp.resource("notes://index", mime_type="application/json")
def list_notes() -> list[str]:
    return sorted(NOTES)


@mcp.prompt()
def summarize_notes(topic: str) -> str:
    return f"Summarize my notes about {topic}."


@mcp.custom_route("/health", methods=["GET"])
async def health(request: Request) -> JSONResponse:
    return JSONResponse({"status": "ok"})
