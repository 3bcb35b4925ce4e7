package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Input struct {
	Path  string `json:"path"`
	Force bool   `json:"force"`
}

type Out struct{}

func handler(ctx context.Context, req *mcp.CallToolRequest, in Input) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

// addTool takes a tool literal and registers it.
func addTool(s *mcp.Server, t *mcp.Tool) {
	mcp.AddTool(s, t, handler)
}

// readTool builds a read-only tool whose name is a parameter: the template
// below is not a tool; each call is.
func readTool(s *mcp.Server, name, title string) {
	s.AddTool(&mcp.Tool{
		Name:        name,
		Title:       title,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(false)},
	}, nil)
}

// flagTool takes the hint from its caller: it cannot be followed.
func flagTool(s *mcp.Server, name string, ro bool) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: ro}}, handler)
}

// searchTool returns the tool and its handler.
func searchTool() (*mcp.Tool, mcp.ToolHandler) {
	return &mcp.Tool{Name: "search_files", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, nil
}

func ptr(b bool) *bool { return &b }

func t(key, fallback string) string { return fallback }

type registry struct{ server *mcp.Server }

// A method forwards like a function: each call on a value of the type is a tool.
func (r *registry) add(name string) {
	mcp.AddTool(r.server, &mcp.Tool{Name: name, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(false)}}, handler)
}

