package demo

import io.modelcontextprotocol.kotlin.sdk.server.Server

// Tests register throwaway tools: not the server's.
fun testServer(server: Server) {
    server.addTool("test_tool", "A test") { _ -> error("x") }
}
