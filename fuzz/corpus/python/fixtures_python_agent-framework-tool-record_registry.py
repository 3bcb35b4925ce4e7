"""Our agent framework's own tool records; nothing to do with MCP."""
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class Tool:
    name: str
    description: str = ""
    readonly_hint: bool = False
    destructive: bool = True
    handler: Callable[..., str] | None = None
    tags: list[str] = field(default_factory=list)

    @classmethod
    def from_function(cls, fn: Callable[..., str], **kwargs) -> "Tool":
        return cls(name=fn.__name__, handler=fn, **kwargs)


def delete_file(path: str) -> str:
    return path


REGISTRY = [
    Tool(name="list_files", readonly_hint=True),
    Tool(name="delete_file", destructive=True, handler=delete_file),
    Tool.from_function(delete_file, readonly_hint=False),
]
