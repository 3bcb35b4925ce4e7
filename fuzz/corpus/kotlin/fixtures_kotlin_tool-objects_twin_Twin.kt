package demo.objects.twin

// A project's own Tool / RegisteredTool types and registry: not the SDK's.
data class Tool(val name: String, val destructive: Boolean = true)
data class RegisteredTool(val tool: Tool, val handler: () -> Unit)

class Registry {
    private val all = mutableListOf<RegisteredTool>()
    fun addTools(tools: List<RegisteredTool>) {
        all.addAll(tools)
    }
}

fun wire(registry: Registry) {
    registry.addTools(listOf(RegisteredTool(Tool("wipe_disk")) { }))
}
