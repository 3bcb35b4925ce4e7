package demo;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;

public class Server {
    private static final String SCHEMA = """
        {"type": "object", "properties": {"id": {"type": "string"}}}
        """;

    public static void main(String[] args) {
        var transport = new StdioServerTransportProvider();

        var readOnly = new McpSchema.ToolAnnotations("Search", true, null, null, false, null);
        var search = McpSchema.Tool.builder()
            .name("search_notes")
            .description("Search notes")
            .inputSchema(SCHEMA)
            .annotations(readOnly)
            .build();

        var delete = McpSchema.Tool.builder()
            .name("delete_note")
            .description("Delete a note")
            .build();

        var archive = new McpSchema.Tool("archive_note", "Archive a note", SCHEMA,
            new McpSchema.ToolAnnotations(null, false, false, null, null, null));

        McpSyncServer server = McpServer.sync(transport)
            .serverInfo("notes", "1.0.0")
            .tools(
                new McpServerFeatures.SyncToolSpecification(search, (exchange, arguments) -> null),
                McpServerFeatures.SyncToolSpecification.builder() // expect: MCP001
                    .tool(delete)
                    .callHandler((exchange, request) -> null)
                    .build())
            .toolCall(archive, (exchange, request) -> null) // expect: MCP003, MCP005
            .build();

        server.addTool(new McpServerFeatures.SyncToolSpecification( // expect: MCP001
            new McpSchema.Tool("get_status", "Status", SCHEMA), (exchange, arguments) -> null));
    }
}
