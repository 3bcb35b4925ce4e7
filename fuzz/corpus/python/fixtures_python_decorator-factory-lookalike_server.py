# The same factory over an agent framework's registry: not MCP, no tools.
from agentkit import Registry

registry = Registry("notes")


def audited(server, name, title=None, annotations=None):
    def decorate(fn):
        return server.tool(name=name, title=title, annotations=annotations)(fn)
    return decorate


def purge_notes() -> None:
    pass


audited(registry, "purge_notes")(purge_notes)
