package hub

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/hubserver/pkg/toolsets"
)

func NewServer(t TranslationHelperFunc) *server.MCPServer {
	s := server.NewMCPServer("hub", "1.0.0")
	issues := &toolsets.Toolset{}
	issues.AddTools(
		toolsets.NewServerTool(GetIssue(t)), // expect: MCP003
		toolsets.NewServerTool(CloseIssue(t)), // expect: MCP002, MCP003, MCP005
	)
	issues.RegisterTools(s)
	return s
}
