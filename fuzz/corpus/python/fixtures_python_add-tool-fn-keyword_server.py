from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("jobs")


class Scheduler:
    def list_jobs(self) -> list[str]:
        return []

    def cancel_job(self, job_id: str) -> str:
        return job_id


def pause_queue() -> str:
    return "paused"


def resume_queue() -> str:
    return "resumed"


sched = Scheduler()
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
TOGGLE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False)

# The function may be passed by keyword; its name is the tool's default name.
mcp.add_tool(fn=sched.list_jobs, annotations=READ)
mcp.add_tool(fn=sched.cancel_job)  # expect: MCP001
mcp.add_tool(fn=pause_queue, name="queue_pause", annotations=TOGGLE)

for handler in [resume_queue]:
    mcp.add_tool(fn=handler, annotations=TOGGLE)
