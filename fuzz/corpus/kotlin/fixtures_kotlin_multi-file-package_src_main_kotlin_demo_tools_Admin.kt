package demo.tools

import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.types.CallToolResult
import io.modelcontextprotocol.kotlin.sdk.types.ToolAnnotations

object Hints {
    val READ = ToolAnnotations(readOnlyHint = true, openWorldHint = false)
}

fun Server.registerAdminTools() {
    addTool(name = "reset_database", description = "Drops every table") { _ -> // expect: MCP001, MCP022
        CallToolResult(content = listOf())
    }
}
