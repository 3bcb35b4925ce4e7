package demo;

import org.springaicommunity.mcp.annotation.McpTool;
import org.springaicommunity.mcp.annotation.McpToolParam;
import org.springframework.stereotype.Component;

@Component
public class NoteTools {

    @McpTool(name = "search_notes", description = "Search notes",
            annotations = @McpTool.McpAnnotations(readOnlyHint = true, openWorldHint = false))
    public String searchNotes(@McpToolParam(description = "query") String query) {
        return "";
    }

    @McpTool(description = "Delete a note") // expect: MCP001
    public String deleteNote(String id) {
        return "";
    }

    @McpTool(name = "archive_note", annotations = @McpTool.McpAnnotations(destructiveHint = false)) // expect: MCP003, MCP004, MCP005
    public String archive(String id) {
        return "";
    }

    @McpTool(name = "get_note", annotations = @McpTool.McpAnnotations(title = "Get")) // expect: MCP001
    public String getNote(String id) {
        return "";
    }
}
