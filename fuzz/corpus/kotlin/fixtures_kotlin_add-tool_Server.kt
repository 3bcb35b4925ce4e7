package demo.notes

import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.server.ServerOptions
import io.modelcontextprotocol.kotlin.sdk.types.CallToolResult
import io.modelcontextprotocol.kotlin.sdk.types.Implementation
import io.modelcontextprotocol.kotlin.sdk.types.ServerCapabilities
import io.modelcontextprotocol.kotlin.sdk.types.TextContent
import io.modelcontextprotocol.kotlin.sdk.types.ToolAnnotations
import io.modelcontextprotocol.kotlin.sdk.types.ToolSchema
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put
import kotlinx.serialization.json.putJsonObject

const val PREFIX = "notes"

fun main() {
    val server = Server(
        Implementation(name = "notes", version = "1.0.0"),
        ServerOptions(capabilities = ServerCapabilities(tools = ServerCapabilities.Tools(listChanged = true))),
    )

    // Named arguments, every hint declared.
    server.addTool(
        name = "list_$PREFIX",
        description = "Lists the notes",
        toolAnnotations = ToolAnnotations(
            readOnlyHint = true,
            openWorldHint = false,
        ),
    ) { _ ->
        CallToolResult(content = listOf(TextContent("[]")))
    }

    // Positional name and description, no annotations at all.
    server.addTool("delete_note", "Deletes a note") { request -> // expect: MCP001
        CallToolResult(content = listOf(TextContent("ok")))
    }

    // Positional ToolAnnotations fields: (title, readOnlyHint, destructiveHint, ...).
    server.addTool( // expect: MCP003, MCP005
        name = "append_note",
        description = "Appends to a note",
        inputSchema = ToolSchema(
            properties = buildJsonObject {
                putJsonObject("text") { put("type", "string") }
            },
        ),
        toolAnnotations = ToolAnnotations("Append", false, false),
    ) { _ -> CallToolResult(content = listOf()) }

    // A read tool that forgot readOnlyHint.
    server.addTool( // expect: MCP020
        name = "get_note",
        description = "Reads one note",
        toolAnnotations = ToolAnnotations(destructiveHint = false, idempotentHint = true, openWorldHint = false),
    ) { _ -> CallToolResult(content = listOf()) }
}
