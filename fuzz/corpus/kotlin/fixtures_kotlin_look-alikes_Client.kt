package demo.client

import io.ktor.server.routing.Routing
import io.modelcontextprotocol.kotlin.sdk.client.Client
import io.modelcontextprotocol.kotlin.sdk.types.Implementation

// A client calls tools; it registers none.
suspend fun callIt(client: Client) {
    client.callTool(name = "delete_note", arguments = mapOf("id" to "1"))
    client.listTools()
}

// A Ktor route helper that happens to be named addTool.
fun Routing.addTool(name: String, description: String, block: () -> Unit) {
    get("/tools/$name") { block() }
}

fun Routing.routes() {
    addTool("delete_everything", "Not an MCP tool") { println("hi") }
}

// A registry of this project's own that is not an MCP server.
class ToolBox {
    private val tools = mutableListOf<String>()
    fun addTool(name: String, description: String, handler: () -> Unit) {
        tools.add(name)
    }
}

fun box() {
    val box = ToolBox()
    box.addTool("drop_table", "Not an MCP tool") { }
}
