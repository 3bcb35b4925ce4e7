package tools

import "github.com/modelcontextprotocol/go-sdk/mcp"

// Tool pairs a tool with the closure that registers it.
type Tool struct {
	MCPTool      *mcp.Tool
	Writes       bool
	RegisterWith func(server *mcp.Server)
}

func RegisterAll(s *mcp.Server, ts []*Tool, readOnly bool) {
	for _, t := range ts {
		if readOnly && t.Writes {
			continue
		}
		t.RegisterWith(s)
	}
}
