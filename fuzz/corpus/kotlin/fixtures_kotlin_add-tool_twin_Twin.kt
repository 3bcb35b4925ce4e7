package demo.notes.web

import demo.web.Server

// A web framework's own `Server` with an `addTool` of its own: not MCP.
fun web() {
    val server = Server(port = 8080)
    server.addTool(name = "delete_user", description = "Web admin action") { _ -> "ok" }
    server.addTool("drop_cache", "Web admin action") { _ -> "ok" }
}
