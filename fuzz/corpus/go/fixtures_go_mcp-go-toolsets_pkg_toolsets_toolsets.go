// Package toolsets groups tools; it registers them in a loop.
package toolsets

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewServerTool pairs a tool with its handler (a tool record).
func NewServerTool(tool mcp.Tool, handler server.ToolHandlerFunc) server.ServerTool {
	return server.ServerTool{Tool: tool, Handler: handler}
}

type Toolset struct {
	tools []server.ServerTool
}

func (t *Toolset) AddTools(tools ...server.ServerTool) *Toolset {
	t.tools = append(t.tools, tools...)
	return t
}

func (t *Toolset) RegisterTools(s *server.MCPServer) {
	for _, tool := range t.tools {
		s.AddTool(tool.Tool, tool.Handler)
	}
}
