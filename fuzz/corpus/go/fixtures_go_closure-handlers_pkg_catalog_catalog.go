// Package catalog lists tools that are registered only when loaded: the
// entry's literal describes the tool, the closure registers it.
package catalog

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Catalog struct {
	entries map[string]func(*mcp.Server)
}

func (c *Catalog) Add(t *mcp.Tool, load func(*mcp.Server)) {
	c.entries[t.Name] = load
}

type RotateInput struct {
	Key string `json:"key"`
}

func rotate(ctx context.Context, req *mcp.CallToolRequest, in RotateInput) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func Fill(c *Catalog) {
	c.Add(&mcp.Tool{Name: "rotate_key"}, func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{ // expect: MCP004, MCP005
			Name:        "rotate_key",
			Annotations: &mcp.ToolAnnotations{DestructiveHint: jsonschema.Ptr(false), OpenWorldHint: jsonschema.Ptr(false)},
		}, rotate)
	})
}
