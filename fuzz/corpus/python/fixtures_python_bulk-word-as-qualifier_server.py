from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("storage")
DESTRUCTIVE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=True)


# A container word that qualifies the one thing deleted is not bulk.
@mcp.tool(annotations=DESTRUCTIVE)
def delete_table_row(table: str, row_id: str) -> str:
    return row_id


@mcp.tool(annotations=DESTRUCTIVE)
def delete_bucket_object(bucket: str, key: str) -> str:
    return key


@mcp.tool(annotations=DESTRUCTIVE)
def remove_from_index(doc_id: str) -> str:
    return doc_id


@mcp.tool(annotations=DESTRUCTIVE)
def deleteQueueMessage(receipt: str) -> str:
    return receipt


# The container as the verb's object is bulk.
@mcp.tool(annotations=DESTRUCTIVE)  # expect: MCP022
def drop_table(table: str) -> str:
    return table


@mcp.tool(annotations=DESTRUCTIVE)  # expect: MCP022
def purge_queue_for_tenant(tenant: str) -> str:
    return tenant


@mcp.tool(annotations=DESTRUCTIVE)  # expect: MCP022
def index_delete(name: str) -> str:
    return name


# A quantifier is bulk wherever it stands.
@mcp.tool(annotations=DESTRUCTIVE)  # expect: MCP022
def delete_all_table_rows(table: str) -> int:
    return 0


@mcp.tool(annotations=DESTRUCTIVE)
def delete_all_table_rows_guarded(table: str, confirm: bool = False) -> int:
    return 0
