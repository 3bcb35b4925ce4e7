from .app import public


@public.tool(annotations={"readOnlyHint": True, "openWorldHint": False})
def convoy_count() -> int:
    return 0
