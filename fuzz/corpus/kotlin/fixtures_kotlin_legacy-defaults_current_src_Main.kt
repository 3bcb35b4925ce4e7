import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.types.ToolAnnotations

// Since 0.8 a hint left out of ToolAnnotations is not sent.
fun register(server: Server) {
    server.addTool( // expect: MCP003
        name = "get_forecast",
        description = "Reads the forecast",
        toolAnnotations = ToolAnnotations(title = "Forecast", readOnlyHint = true, openWorldHint = null),
    ) { _ -> error("x") }
}
