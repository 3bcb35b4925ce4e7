package presets

import "github.com/modelcontextprotocol/go-sdk/mcp"

// AddReadTool registers a read-only tool named by its caller.
func AddReadTool(s *mcp.Server, name string) {
	s.AddTool(&mcp.Tool{Name: name, Annotations: ReadOnly}, nil)
}
