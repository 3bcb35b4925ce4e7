package demo.jobs

import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.types.CallToolResult
import io.modelcontextprotocol.kotlin.sdk.types.ToolAnnotations

private const val CANCEL = "cancel_job"

/// A project's own description of a tool, handed to one registering helper.
data class JobTool(
    val name: String,
    val description: String,
    val annotations: ToolAnnotations? = null,
)

private fun Server.addJobTool(tool: JobTool, handler: (String) -> CallToolResult) {
    addTool(name = tool.name, description = tool.description, toolAnnotations = tool.annotations) { _ -> // expect: MCP001
        handler("job")
    }
}

fun Server.registerJobTools() {
    addJobTool(JobTool("list_jobs", "Lists jobs", ToolAnnotations(readOnlyHint = true, openWorldHint = false))) {
        CallToolResult(content = listOf())
    }
    addJobTool(JobTool(name = CANCEL, description = "Cancels a job")) {
        CallToolResult(content = listOf())
    }
}
