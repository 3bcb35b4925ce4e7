# No MCP import here: the server comes from a factory with a declared type.
from .app import admin


@admin.tool(annotations={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False})
def reset_fleet_password(fleet_id: str) -> str:
    return fleet_id
