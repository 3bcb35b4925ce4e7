package demo.objects

import io.modelcontextprotocol.kotlin.sdk.server.RegisteredTool
import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.types.*

object Names {
    const val SEARCH = "search_docs"
    const val PURGE = "purge_cache"
}

private val readOnly = ToolAnnotations(readOnlyHint = true, openWorldHint = false)

/// A helper that builds a registered tool.
fun docTool(name: String, annotations: ToolAnnotations?): RegisteredTool =
    RegisteredTool(Tool(name = name, inputSchema = ToolSchema(), annotations = annotations)) { _ -> // expect: MCP001
        CallToolResult(content = listOf())
    }

fun tools(): List<RegisteredTool> {
    val out = mutableListOf<RegisteredTool>()
    out.add(docTool(Names.SEARCH, readOnly))
    out.add(docTool("fetch_page", null))
    out += RegisteredTool( // expect: MCP004, MCP005, MCP022
        Tool(
            name = Names.PURGE,
            inputSchema = ToolSchema(),
            description = "Empties the cache",
            annotations = ToolAnnotations(destructiveHint = true, openWorldHint = false),
        ),
        { _ -> CallToolResult(content = listOf()) },
    )
    return out
}

fun install(server: Server) {
    server.addTools(tools())
    // A `Tool` handed to `addTool(tool, handler)`.
    server.addTool(Tool(name = "rename_doc", inputSchema = ToolSchema(), annotations = readOnly)) { _ ->
        CallToolResult(content = listOf())
    }
    listOf("alpha", "beta").forEach { env -> // expect: MCP001
        server.addTool(name = "deploy_$env", description = "Deploys") { _ -> CallToolResult(content = listOf()) }
    }
}
