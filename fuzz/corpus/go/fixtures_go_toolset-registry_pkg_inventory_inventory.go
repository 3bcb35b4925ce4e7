// Package inventory keeps tool definitions until a server is built.
package inventory

import "github.com/modelcontextprotocol/go-sdk/mcp"

type ServerTool struct {
	Tool    mcp.Tool
	Handler mcp.ToolHandler
}

func NewServerTool(tool mcp.Tool, h mcp.ToolHandler) ServerTool {
	return ServerTool{Tool: tool, Handler: h}
}

// Register adds every tool: the tools are counted where they are defined.
func (st *ServerTool) Register(s *mcp.Server) {
	s.AddTool(&st.Tool, st.Handler)
}

func RegisterAll(s *mcp.Server, tools []ServerTool) {
	for _, t := range tools {
		s.AddTool(&t.Tool, t.Handler)
	}
}
