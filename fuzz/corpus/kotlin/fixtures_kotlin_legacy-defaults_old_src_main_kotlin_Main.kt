import io.modelcontextprotocol.kotlin.sdk.Tool
import io.modelcontextprotocol.kotlin.sdk.ToolAnnotations
import io.modelcontextprotocol.kotlin.sdk.server.Server

// Before 0.8 a ToolAnnotations sends every hint: the ones left out as the
// spec's defaults (`encodeDefaults = true`).
fun register(server: Server) {
    server.addTool( // expect: MCP003
        name = "get_forecast",
        description = "Reads the forecast",
        inputSchema = Tool.Input(),
        toolAnnotations = ToolAnnotations(title = "Forecast", readOnlyHint = true),
    ) { _ -> error("x") }
    server.addTool(name = "list_cities", description = "Lists the cities") { _ -> error("x") } // expect: MCP001
}
