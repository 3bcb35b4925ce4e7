package demo.receivers.twin

// An extension of a router whose `addTool` is its own: not MCP.
class Router {
    fun addTool(name: String, description: String, handler: (String) -> String) {}
}

fun Router.registerRoutes() {
    addTool(name = "delete_status", description = "Router route") { it }
}

fun route(router: Router) {
    router.apply {
        addTool("purge_routes", "Router route") { it }
    }
    with(router) { registerRoutes() }
}
