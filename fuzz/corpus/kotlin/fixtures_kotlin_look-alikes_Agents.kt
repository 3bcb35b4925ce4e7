package demo.agents

import ai.koog.agents.core.tools.annotations.LLMDescription
import ai.koog.agents.core.tools.annotations.Tool
import dev.langchain4j.agent.tool.Tool as LcTool

// Koog and LangChain4j tools are agent-side function calling, not MCP.
class WeatherTools {
    @Tool
    @LLMDescription("Deletes the forecast cache")
    fun deleteCache(): String = "ok"

    @LcTool("Lists the cities")
    fun listCities(): List<String> = listOf()
}
