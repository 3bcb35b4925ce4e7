package main

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type SearchInput struct {
	Query string `json:"query" jsonschema:"what to look for"`
	Limit int    `json:"limit,omitempty"`
	skip  bool
}

type Out struct{}

func search(ctx context.Context, req *mcp.CallToolRequest, in SearchInput) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)

	// Fully annotated: no findings.
	mcp.AddTool(server, &mcp.Tool{
		Name:        "search_notes",
		Description: "Search notes",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: jsonschema.Ptr(false)},
	}, search)

	// No annotations at all.
	mcp.AddTool(server, &mcp.Tool{Name: "delete_note"}, search) // expect: MCP001

	// Generic form with explicit type arguments.
	mcp.AddTool[SearchInput, Out](server, &mcp.Tool{ // expect: MCP002, MCP003, MCP005
		Name:        "update_note",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false},
	}, func(ctx context.Context, req *mcp.CallToolRequest, in SearchInput) (*mcp.CallToolResult, Out, error) {
		return nil, Out{}, nil
	})

	// The server method with a raw handler.
	server.AddTool(&mcp.Tool{Name: "archive_note", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}}, Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, nil) // expect: MCP002, MCP003, MCP004

	// Go code in a raw string is not code.
	_ = `mcp.AddTool(server, &mcp.Tool{Name: "not_a_tool"}, search)`
}
