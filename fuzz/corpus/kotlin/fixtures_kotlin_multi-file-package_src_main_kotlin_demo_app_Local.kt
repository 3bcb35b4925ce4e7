package demo.app

import demo.tools.Hints
import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.types.CallToolResult

// A function of the same package, called from Main.kt without an import.
fun registerLocal(server: Server) {
    server.addTool(name = "ping", description = "Pings", toolAnnotations = Hints.READ) { _ ->
        CallToolResult(content = listOf())
    }
}
