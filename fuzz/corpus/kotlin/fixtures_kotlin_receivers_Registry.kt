package demo.receivers

import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.server.ServerOptions
import io.modelcontextprotocol.kotlin.sdk.types.*

/// An extension function: `addTool` is a call on the implicit receiver.
fun Server.registerStatus() {
    addTool(name = "get_status", description = "Reports status", toolAnnotations = SAFE) { _ ->
        CallToolResult(content = listOf())
    }
}

val SAFE = ToolAnnotations(readOnlyHint = true, openWorldHint = false)

class Registry(private val server: Server) {
    companion object {
        private const val CLEAR = "clear_all"
    }

    private val hints = ToolAnnotations(readOnlyHint = false, destructiveHint = true, openWorldHint = false)

    fun register() {
        server.registerStatus()
        server.apply {
            addTool(name = CLEAR, description = "Clears everything", toolAnnotations = hints) { _ -> // expect: MCP005, MCP022
                CallToolResult(content = listOf())
            }
        }
        with(server) {
            addTool("archive_note", "Archives a note") { _ -> CallToolResult(content = listOf()) } // expect: MCP001
        }
    }
}

fun build(): Server = Server(
    Implementation(name = "r", version = "1"),
    ServerOptions(capabilities = ServerCapabilities(tools = ServerCapabilities.Tools(listChanged = null))),
) {
    // The constructor's block runs with the server as receiver.
    addTool(name = "count_notes", description = "Counts", toolAnnotations = SAFE) { _ ->
        CallToolResult(content = listOf())
    }
}

fun start() {
    Registry(build()).register()
}
