package secrets

import (
	"context"

	"example.com/vault/pkg/tools"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type secrets struct{}

func (v *secrets) Tools() []*tools.Tool { return []*tools.Tool{v.List(), v.Purge()} }

type ListInput struct {
	Namespace string `json:"namespace"`
}

// The handler is a local closure: its input struct gives the parameters.
func (v *secrets) List() *tools.Tool {
	tool := &mcp.Tool{
		Name: "list_secrets",
		Annotations: &mcp.ToolAnnotations{
			ReadOnlyHint: true, OpenWorldHint: jsonschema.Ptr(false),
		},
	}
	handler := func(_ context.Context, _ *mcp.CallToolRequest, in ListInput) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	}
	return &tools.Tool{MCPTool: tool, RegisterWith: func(server *mcp.Server) { mcp.AddTool(server, tool, handler) }}
}

type PurgeInput struct {
	Namespace string `json:"namespace"`
}

// Bulk and destructive, without a confirmation parameter.
func (v *secrets) Purge() *tools.Tool {
	tool := &mcp.Tool{
		Name: "purge_secrets",
		Annotations: &mcp.ToolAnnotations{
			DestructiveHint: jsonschema.Ptr(true), OpenWorldHint: jsonschema.Ptr(false),
		},
	}
	handler := func(_ context.Context, _ *mcp.CallToolRequest, in PurgeInput) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	}
	return &tools.Tool{MCPTool: tool, Writes: true, RegisterWith: func(server *mcp.Server) {
		mcp.AddTool(server, tool, handler) // expect: MCP004, MCP005, MCP022
	}}
}
