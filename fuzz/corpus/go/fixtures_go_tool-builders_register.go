package pipelines

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tools built by functions and methods of the package, registered here.
func (a *App) Register(s *server.MCPServer) {
	show := showHandler(a)
	// One builder, two names: each call is a tool with the caller's name.
	s.AddTool(newShowTool(showName, "Show a pipeline"), show)
	s.AddTool(newShowTool(legacyShowName, "Deprecated: use pipeline_show"), show)

	// A builder whose hint is a parameter too.
	s.AddTool(newStopTool(stopName, true), stopHandler(a)) // expect: MCP003

	// Methods that build the tool.
	s.AddTool(a.rerunTool(), a.handleRerun) // expect: MCP005
	s.AddTool(a.logsTool(), a.handleRerun)
}

// Tools whose options come from helpers of options.go.
func (a *App) RegisterBranches(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("branch_list", readOnly(), branchParam(false)), a.handleRerun)
	s.AddTool(mcp.NewTool("branch_status", branchParam(true), mcp.WithReadOnlyHintAnnotation(true)), a.handleRerun) // expect: MCP003
	s.AddTool(mcp.NewTool("branch_reset", safety(true), branchParam(true)), a.handleRerun) // expect: MCP031
}

func (a *App) RegisterLocal(s *server.MCPServer) {
	s.AddTool(localTool("branch_diff", mcp.WithReadOnlyHintAnnotation(true)), a.handleRerun)
	s.AddTool(localTool("branch_delete", mcp.WithDestructiveHintAnnotation(true), mcp.WithIdempotentHintAnnotation(true)), a.handleRerun) // expect: MCP004
	extra := []mcp.ToolOption{mcp.WithReadOnlyHintAnnotation(true)}
	s.AddTool(localTool("branch_log", extra...), a.handleRerun) // expect: MCP031
}
