package demo.app

import demo.tools.registerAdminTools
import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.server.ServerOptions
import io.modelcontextprotocol.kotlin.sdk.types.Implementation
import io.modelcontextprotocol.kotlin.sdk.types.ServerCapabilities

fun main() {
    val server = Server(Implementation("app", "1"), ServerOptions(ServerCapabilities()))
    server.registerAdminTools()
    registerLocal(server)
}
